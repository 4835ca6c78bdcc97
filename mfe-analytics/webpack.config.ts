import path from 'node:path';
import { createFrontendConfig } from '@listready/webpack-preset';
import { REALTIME_URL, STATS_URL } from './src/dashboard/utils/analytics-api.ts';

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
    // The page's two reads, preloaded with it for an agent.
    pageData: { '/analytics': [STATS_URL, REALTIME_URL] },
  });
