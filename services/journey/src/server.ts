/**
 * services/journey as its own process (production layout):
 *   node --import @listready/service-kit/instrument services/journey/src/server.ts
 */
import { runServiceProcess } from '@listready/service-kit';
import { buildJourneyService } from './app.ts';
import { loadJourneyConfig } from './config.ts';

await runServiceProcess('journey', loadJourneyConfig(), buildJourneyService);
