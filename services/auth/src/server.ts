/**
 * services/auth as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/auth/src/server.ts
 */
import { runServiceProcess } from '@listready/service-kit';
import { buildAuthService } from './app.ts';
import { loadAuthConfig } from './config.ts';

await runServiceProcess('auth', loadAuthConfig(), buildAuthService);
