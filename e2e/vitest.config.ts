import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser e2e (`npm run test:e2e` after the builds): real Chromium through the gateway of a platform
 * started like `npm start`. Files run one after another: each shares one browser, and the 2-core
 * machine should not run two platforms and two browsers at once.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll's own default (1 s) is shorter than one reload of a page on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
