import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import { buildJourneyService } from './app.ts';
import { loadJourneyConfig } from './config.ts';

export { buildJourneyService, type JourneyService, type JourneyServiceDeps } from './app.ts';
export { journeyConfigSchema, loadJourneyConfig, type JourneyConfig } from './config.ts';

/** How the one-process runtime (`npm start`) starts services/journey beside the others. */
export async function startJourneyService(context: {
  env: Record<string, string | undefined>;
  database: Database;
  logger: Logger;
  sessionSecret: string;
}) {
  const service = await buildJourneyService({
    config: loadJourneyConfig(context.env),
    database: context.database,
    logger: context.logger,
    sessionSecret: context.sessionSecret,
  });
  await service.start();
  return { app: service.app, stop: service.stop };
}
