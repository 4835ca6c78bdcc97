import { inProcessService } from '@listready/service-kit';
import { buildJourneyService } from './app.ts';
import { loadJourneyConfig } from './config.ts';

export { buildJourneyService, type JourneyService, type JourneyServiceDeps } from './app.ts';
export { journeyConfigSchema, loadJourneyConfig, type JourneyConfig } from './config.ts';
export {
  createReminderScheduler,
  type ReminderScheduler,
  type ReminderSchedulerOptions,
} from './reminders/reminder-scheduler.ts';

/** How the one-process runtime (`npm start`) builds services/journey beside the others. */
export const inProcessJourneyService = inProcessService(loadJourneyConfig, buildJourneyService);
