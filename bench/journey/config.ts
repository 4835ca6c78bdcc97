/** The journey benchmark's settings, from the environment (the only place it is read). */
import { positiveSetting } from '../support/settings.ts';

export interface JourneyBenchConfig {
  /** Server to create the benchmark database on (user with CREATEDB). */
  adminUrl: string;
  seconds: number;
  connections: number;
  /** Rounds over the scenarios (BENCH_ROUNDS, 2), there and back (bench/support/harness.ts `thereAndBack`). */
  rounds: number;
  /** The services' LOG_LEVEL (pino); `info` logs two lines per request on each hop. */
  logLevel: string;
  /** Where the servers' logs go. */
  logDir: string;
}

export function journeyBenchConfig(
  env: Record<string, string | undefined> = process.env,
): JourneyBenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    seconds: positiveSetting(env.BENCH_SECONDS, 10),
    connections: positiveSetting(env.BENCH_CONNECTIONS, 50),
    rounds: Math.round(positiveSetting(env.BENCH_ROUNDS, 2)),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
