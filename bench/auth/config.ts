/** The auth benchmark's settings, from the environment (the only place it is read). */
import { positiveSetting } from '../support/settings.ts';

export interface AuthBenchConfig {
  /** Server to create the benchmark database on (user with CREATEDB). */
  adminUrl: string;
  /** Redis for the session cache and rate limits; unset runs the in-memory cache. */
  redisUrl: string | undefined;
  seconds: number;
  connections: number;
  /** Where the servers' logs go. */
  logDir: string;
}

export function authBenchConfig(env: Record<string, string | undefined> = process.env): AuthBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.REDIS_URL?.trim() || undefined,
    seconds: positiveSetting(env.BENCH_SECONDS, 10),
    connections: positiveSetting(env.BENCH_CONNECTIONS, 50),
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
