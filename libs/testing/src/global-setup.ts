import path from 'node:path';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, startEmbeddedPostgres } from '@listready/db';
import { dockerAvailable, nonEmpty, type EngineSource } from './engines.ts';
import { templateDatabaseName } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
    postgresSource: EngineSource;
    redisUrl: string | null;
    redisSource: EngineSource;
    kafkaBrokers: string | null;
    kafkaSource: EngineSource;
  }
}

type Stop = () => Promise<unknown>;

/**
 * Vitest global setup shared by every project: starts (or finds) the engines once, builds a
 * migrated and seeded template database, and hands the addresses to the suites through `provide`.
 * Each suite then clones the template (`useTestDatabase`), so suites never see each other's rows.
 */
export default async function setup(project: TestProject): Promise<Stop> {
  const stops: Stop[] = [];
  const { migrateAndSeed } = await import('@listready/db');

  // --- Postgres
  let adminUrl = nonEmpty(process.env.DATABASE_URL);
  let postgresSource: EngineSource = 'env';
  if (!adminUrl && dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    stops.push(() => container.stop());
    adminUrl = container.getConnectionUri();
    postgresSource = 'testcontainers';
  }
  if (!adminUrl) {
    // One folder per run, so two test runs in the same checkout never share a server.
    const dataDir = path.resolve(import.meta.dirname, `../../../.data/test-postgres-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    const server = await startEmbeddedPostgres(dataDir, { persistent: false });
    stops.push(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.port`, { force: true });
    });
    adminUrl = server.url('postgres');
    postgresSource = 'embedded';
  }
  // Build the template from scratch on every run so a changed migration is always exercised.
  const TEMPLATE_DATABASE = templateDatabaseName();
  await dropDatabase(adminUrl, TEMPLATE_DATABASE);
  await ensureDatabase(adminUrl, TEMPLATE_DATABASE);
  const template = await createDb({ databaseUrl: withDatabase(adminUrl, TEMPLATE_DATABASE) });
  try {
    await migrateAndSeed(template);
  } finally {
    await template.close();
  }
  stops.push(() => dropDatabase(adminUrl, TEMPLATE_DATABASE));

  // --- Redis
  let redisUrl = nonEmpty(process.env.REDIS_URL) ?? null;
  let redisSource: EngineSource = redisUrl ? 'env' : 'none';
  if (!redisUrl && dockerAvailable()) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').start();
    stops.push(() => container.stop());
    redisUrl = container.getConnectionUrl();
    redisSource = 'testcontainers';
  }

  // --- Kafka
  let kafkaBrokers = nonEmpty(process.env.KAFKA_BROKERS) ?? null;
  let kafkaSource: EngineSource = kafkaBrokers ? 'env' : 'none';
  if (!kafkaBrokers && dockerAvailable() && process.env.TESTCONTAINERS_KAFKA !== 'false') {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
    stops.push(() => container.stop());
    kafkaBrokers = `${container.getHost()}:${container.getMappedPort(9093)}`;
    kafkaSource = 'testcontainers';
  }

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  project.provide('postgresSource', postgresSource);
  project.provide('redisUrl', redisUrl);
  project.provide('redisSource', redisSource);
  project.provide('kafkaBrokers', kafkaBrokers);
  project.provide('kafkaSource', kafkaSource);
  console.warn(`test engines: postgres=${postgresSource} redis=${redisSource} kafka=${kafkaSource}`);

  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
