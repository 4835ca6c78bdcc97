/** The API fuzz benchmark's settings, from the environment (the only place it is read). */
import { positiveCount } from '../support/settings.ts';

export interface FuzzBenchConfig {
  casesPerRoute: number;
  /** CRUD sequences per resource. */
  sequences: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Only routes whose `METHOD /path` contains this text; all when unset. */
  only: string | undefined;
  /** Where the JSON report goes. */
  reportDir: string;
}

export function fuzzBenchConfig(env: Record<string, string | undefined> = process.env): FuzzBenchConfig {
  return {
    casesPerRoute: positiveCount(env.FUZZ_CASES_PER_ROUTE, 10_000),
    sequences: positiveCount(env.FUZZ_SEQUENCES, 1_000),
    seed: positiveCount(env.FUZZ_SEED, Date.now() % 1_000_000_000),
    concurrency: positiveCount(env.FUZZ_CONCURRENCY, 8),
    only: env.FUZZ_ONLY?.trim() || undefined,
    reportDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}
