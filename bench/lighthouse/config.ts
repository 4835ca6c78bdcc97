/** The Lighthouse benchmark's settings, from the environment (the only place it is read). */
export interface LighthouseBenchConfig {
  /** Audit a platform that is already running here; unset starts one like `npm start`. */
  baseUrl: string | undefined;
  /** Debian's chromium: Lighthouse never downloads a browser. */
  chromePath: string;
  /** Where the started platform's log goes. */
  logDir: string;
}

export function lighthouseBenchConfig(
  env: Record<string, string | undefined> = process.env,
): LighthouseBenchConfig {
  return {
    baseUrl: env.LIGHTHOUSE_URL?.trim() || undefined,
    chromePath: env.CHROME_PATH?.trim() || '/usr/bin/chromium',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
  };
}

/** Passed to the platform the benchmark starts: its environment, as `npm start` would see it. */
export const platformEnvironment = (): NodeJS.ProcessEnv => ({ ...process.env });
