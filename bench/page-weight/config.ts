/** The page-weight benchmark's settings, from the environment (the only place it is read). */
import { positiveCount } from '../support/settings.ts';

export interface PageWeightConfig {
  /** Measure a platform that is already running here; unset starts one like `npm start`. */
  baseUrl: string | undefined;
  /** Cold-cache loads per page; the LCP reported is their median. */
  runs: number;
  chromiumPath: string;
  /** Where the started platform's log goes. */
  logDir: string;
}

export function pageWeightConfig(env: Record<string, string | undefined> = process.env): PageWeightConfig {
  return {
    baseUrl: env.PAGE_WEIGHT_URL?.trim() || undefined,
    runs: positiveCount(env.PAGE_WEIGHT_RUNS, 5),
    chromiumPath: env.PAGE_WEIGHT_CHROMIUM ?? '/usr/bin/chromium',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}

/** Passed to the platform the benchmark starts: its environment, as `npm start` would see it. */
export const platformEnvironment = (): NodeJS.ProcessEnv => ({ ...process.env });
