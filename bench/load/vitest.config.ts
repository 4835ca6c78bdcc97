import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The short load, shedding and faults suite (CI's "Load, shedding and faults" step): the platform
 * as its own processes, driven from here. One file, nothing in parallel: it measures the machine.
 */
export default defineConfig({
  test: {
    name: 'load',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    // bench/support, bench/journey and the issue's figures (bench/*.test.ts): the benches' own
    // helpers, tested where the benches run.
    include: [
      'bench/load/**/*.test.ts',
      'bench/support/**/*.test.ts',
      'bench/journey/**/*.test.ts',
      'bench/*.test.ts',
    ],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
