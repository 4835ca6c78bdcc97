import path from 'node:path';
import { createFrontendConfig } from '@listready/webpack-preset';

interface WebpackArguments {
  mode?: 'production' | 'development';
}

export default (_environment: unknown, argv: WebpackArguments) =>
  createFrontendConfig({
    kind: 'host',
    projectDir: path.dirname(new URL(import.meta.url).pathname),
    mode: argv.mode ?? 'production',
    entry: './src/index.ts',
    devPort: 3000,
  });
