import { positiveCount } from '../support/settings.ts';

/** The Lighthouse benchmark's settings, from the environment (the only place it is read). */
export interface LighthouseBenchConfig {
  /** Audit a platform that is already running here; unset starts one like `npm start`. */
  baseUrl: string | undefined;
  /** Debian's chromium: Lighthouse never downloads a browser. */
  chromePath: string;
  /** Where the started platform's log goes. */
  logDir: string;
  /**
   * Lighthouse runs per page and preset (LIGHTHOUSE_RUNS, default 3): the figures are the median
   * run's (audit.ts). CI's short version runs each page once, for what does not depend on speed.
   */
  runs: number;
}

export function lighthouseBenchConfig(
  env: Record<string, string | undefined> = process.env,
): LighthouseBenchConfig {
  return {
    baseUrl: env.LIGHTHOUSE_URL?.trim() || undefined,
    chromePath: env.CHROME_PATH?.trim() || '/usr/bin/chromium',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
    runs: positiveCount(env.LIGHTHOUSE_RUNS, 3),
  };
}

/** Passed to the platform the benchmark starts: its environment, as `npm start` would see it. */
export const platformEnvironment = (): NodeJS.ProcessEnv => ({ ...process.env });
