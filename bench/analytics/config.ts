/** The analytics benchmark's settings, from the environment (the only place it is read). */
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

const positive = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function analyticsBenchConfig(
  env: Record<string, string | undefined> = process.env,
): AnalyticsBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    events: positive(env.BENCH_EVENTS, 1_000_000),
    seconds: positive(env.BENCH_SECONDS, 10),
    connections: positive(env.BENCH_CONNECTIONS, 20),
    batchSize: positive(env.BENCH_BATCH_SIZE, 50),
    samples: positive(env.BENCH_SAMPLES, 40),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
