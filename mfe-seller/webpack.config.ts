import path from 'node:path';
import { createFrontendConfig } from '@listready/webpack-preset';
import {
  CUSTOM_TASKS_URL,
  HOUSEHOLDS_URL,
  JOURNEY_URL,
  PROFILE_URL,
  TASKS_URL,
} from './src/journey/utils/journey-api.ts';
import { GROUPS_URL } from './src/profile/utils/profile-api.ts';
import { SENT_INVITATIONS_URL } from '@listready/contracts/invitation';

const JOURNEY_READS = [JOURNEY_URL, TASKS_URL, CUSTOM_TASKS_URL, HOUSEHOLDS_URL, PROFILE_URL];

interface WebpackArguments {
  mode?: 'production' | 'development';
}

export default (_environment: unknown, argv: WebpackArguments) =>
  createFrontendConfig({
    kind: 'remote',
    remote: 'mfe-seller',
    projectDir: path.dirname(new URL(import.meta.url).pathname),
    mode: argv.mode ?? 'production',
    lifecycles: './src/lifecycles.tsx',
    entry: './src/standalone.ts',
    devPort: 3001,
    // The first reads of the journey (its own journey: no ?clientId=; the household picker's list;
    // the profile the agent banner shows), at /journey and at /, where a seller's journey is too,
    // and of the profile (its groups, and the seller's contact details its overview opens on),
    // preloaded with the page.
    pageData: {
      '/': JOURNEY_READS,
      '/journey': JOURNEY_READS,
      '/profile': [GROUPS_URL, PROFILE_URL, SENT_INVITATIONS_URL],
    },
    // The profile screen comes in a chunk of its own (seller-app.tsx): fetched with the page too.
    pageChunks: { '/profile': './src/profile/components/profile-screen.tsx' },
  });
