/** The analytics benchmark's settings, from the environment (the only place it is read). */
import { positiveSetting } from '../support/settings.ts';

export interface AnalyticsBenchConfig {
  /** Server to create the benchmark database on (user with CREATEDB). */
  adminUrl: string;
  /** Events in the table when the reads are timed. */
  events: number;
  /** Seconds of ingest load. */
  seconds: number;
  connections: number;
  /** Events per ingested batch. */
  batchSize: number;
  /** Timed requests per read and agent. */
  samples: number;
  logLevel: string;
  logDir: string;
}

export function analyticsBenchConfig(
  env: Record<string, string | undefined> = process.env,
): AnalyticsBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    events: positiveSetting(env.BENCH_EVENTS, 1_000_000),
    seconds: positiveSetting(env.BENCH_SECONDS, 10),
    connections: positiveSetting(env.BENCH_CONNECTIONS, 20),
    batchSize: positiveSetting(env.BENCH_BATCH_SIZE, 50),
    samples: positiveSetting(env.BENCH_SAMPLES, 40),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
