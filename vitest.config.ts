import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test`: every workspace's unit and integration suites in one run, on the engines that
 * libs/testing finds (environment → testcontainers → embedded). Browser e2e is `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    globalSetup: ['libs/testing/src/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'libs/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'runtime/src/**/*.test.ts',
            'deploy/**/*.test.ts',
            'charts/**/*.test.ts',
            '.ci/**/*.test.mjs',
          ],
          // Front-end libraries run in the browser-like `web` project below.
          exclude: [...configDefaults.exclude, 'libs/ui/**', 'libs/web-client/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Front-end unit tests: a DOM, no database (so no global setup).
        test: {
          name: 'web',
          environment: 'happy-dom',
          setupFiles: ['vitest.web-setup.ts'],
          include: [
            'shell/src/**/*.test.{ts,tsx}',
            'mfe-*/src/**/*.test.{ts,tsx}',
            'libs/ui/src/**/*.test.{ts,tsx}',
            'libs/web-client/src/**/*.test.{ts,tsx}',
          ],
        },
      },
    ],
  },
});
