import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e suite's settings: the one place it reads the environment. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
export const artifactsDir = path.join(repositoryRoot, 'e2e', 'artifacts');

export const e2eConfig = {
  /** Debian's chromium; the suite never downloads a browser. */
  chromiumPath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** Seconds to wait for /api/health after starting the platform. */
  platformStartTimeoutMs: Number(process.env.E2E_PLATFORM_TIMEOUT_MS ?? 120_000),
  /**
   * A PostgreSQL server on which a suite may create a database of its own (suites that run parts of
   * the platform, such as a reminder scheduler with a chosen clock, against the platform's data).
   */
  postgresAdminUrl: process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Show the platform's own log on the console (it always goes to e2e/artifacts/). */
  verbose: process.env.E2E_VERBOSE === '1',
  /** The environment handed to the platform, minus what the suite sets itself. */
  // Every e2e account signs up from 127.0.0.1: the per-IP sign-up and reset limits are tested in
  // services/auth, not here.
  platformEnvironment: (): NodeJS.ProcessEnv => ({
    AUTH_SIGNUPS_PER_IP_PER_HOUR: '100000',
    AUTH_RESETS_PER_IP_PER_HOUR: '100000',
    // The same for visitors' analytics batches (services/analytics tests its per-address limit).
    ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE: '100000',
    ...process.env,
  }),
};
