import path from 'node:path';
import { createFrontendConfig } from '@listready/webpack-preset';
import {
  AGENT_CLIENTS_URL,
  AGENT_INSIGHTS_URL,
  AGENT_STATS_URL,
} from './src/dashboard/utils/dashboard-api.ts';

const DASHBOARD_READS = [AGENT_STATS_URL, AGENT_INSIGHTS_URL, AGENT_CLIENTS_URL];

interface WebpackArguments {
  mode?: 'production' | 'development';
}

export default (_environment: unknown, argv: WebpackArguments) =>
  createFrontendConfig({
    kind: 'remote',
    remote: 'mfe-agent',
    projectDir: path.dirname(new URL(import.meta.url).pathname),
    mode: argv.mode ?? 'production',
    lifecycles: './src/lifecycles.tsx',
    entry: './src/standalone.ts',
    devPort: 3002,
    // The dashboard's reads (they name the agent as `current`, so none waits for another), at
    // /dashboard and at /, an agent's dashboard too, preloaded with the page. The Branding tab reads
    // its own when it opens.
    pageData: {
      '/': DASHBOARD_READS,
      '/dashboard': DASHBOARD_READS,
    },
    // Every screen comes in a chunk of its own (agent-app.tsx): fetched with its page.
    pageChunks: {
      '/': './src/dashboard/dashboard-screen.tsx',
      '/dashboard': './src/dashboard/dashboard-screen.tsx',
      '/client-demo': './src/client-demo/client-demo-screen.tsx',
      '/google-setup': './src/google-setup/google-setup-screen.tsx',
      '/google-manual': './src/google-setup/google-manual-screen.tsx',
      '/accept-invitation': './src/accept-invitation/accept-invitation-screen.tsx',
    },
  });
