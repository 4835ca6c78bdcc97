import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * CI's short Lighthouse run ("Lighthouse and page weight, short"): the landing page and a seller's
 * /journey at both presets, on a platform started like `npm start` on the built front end.
 */
export default defineConfig({
  test: {
    name: 'lighthouse',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['bench/lighthouse/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 420_000,
  },
});
