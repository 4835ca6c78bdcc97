import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the test engines come from, in order: the environment (`DATABASE_URL`, `REDIS_URL`,
 * `KAFKA_BROKERS`), then testcontainers when a Docker engine is reachable, then the embedded
 * defaults (embedded Postgres; none for Redis and Kafka, whose suites then say "skipped: no engine").
 */
export type EngineSource = 'env' | 'testcontainers' | 'embedded' | 'none';

export function dockerAvailable(): boolean {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return false;
  if (process.env.DOCKER_HOST) return true;
  return ['/var/run/docker.sock', path.join(os.homedir(), '.docker/run/docker.sock')].some((socket) =>
    existsSync(socket),
  );
}

export const nonEmpty = (value: string | undefined): string | undefined =>
  value && value.trim() !== '' ? value.trim() : undefined;
