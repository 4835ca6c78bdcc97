/** The auth benchmark's settings, from the environment (the only place it is read). */
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

const positive = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function authBenchConfig(env: Record<string, string | undefined> = process.env): AuthBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.REDIS_URL?.trim() || undefined,
    seconds: positive(env.BENCH_SECONDS, 10),
    connections: positive(env.BENCH_CONNECTIONS, 50),
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
