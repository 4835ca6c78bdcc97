import path from 'node:path';
import { createFrontendConfig } from '@listready/webpack-preset';

interface WebpackArguments {
  mode?: 'production' | 'development';
}

export default (_environment: unknown, argv: WebpackArguments) =>
  createFrontendConfig({
    kind: 'remote',
    remote: 'mfe-analytics',
    projectDir: path.dirname(new URL(import.meta.url).pathname),
    mode: argv.mode ?? 'production',
    lifecycles: './src/lifecycles.tsx',
    entry: './src/standalone.ts',
    devPort: 3003,
  });
