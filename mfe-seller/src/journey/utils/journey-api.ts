import type {
  ClientProfile,
  ClientTaskUpdate,
  CustomTask,
  CustomTaskUpdate,
  JourneyResponse,
  TaskEntry,
} from '@listready/contracts/journey';

/*
 * The journey calls (spec seller §7). Reads are keyed by their URL (`apiQuery`), so the keys below
 * are what a change invalidates.
 */
export const JOURNEY_URL = '/api/clients/current/journey';
export const TASKS_URL = '/api/clients/current/tasks';
export const CUSTOM_TASKS_URL = '/api/clients/current/custom-tasks';
export const PROFILE_URL = '/api/clients/current/profile';
/** The journeys the caller may work on, their own first (the household picker). */
export const HOUSEHOLDS_URL = '/api/clients/current/households';
/** The caller's own reminder times on the journey's tasks (the Reschedule dialog's Remind me). */
export const TASK_REMINDERS_URL = '/api/clients/current/task-reminders';
/** Server-sent events of the household's changes (see `useLiveJourney`). */
export const LIVE_URL = '/api/clients/current/live';

export const JOURNEY_QUERY_KEY = [JOURNEY_URL] as const;
export const TASKS_QUERY_KEY = [TASKS_URL] as const;
export const CUSTOM_TASKS_QUERY_KEY = [CUSTOM_TASKS_URL] as const;
export const PROFILE_QUERY_KEY = [PROFILE_URL] as const;

export const clientTaskUrl = (id: string) => `/api/client-tasks/${encodeURIComponent(id)}`;
export const customTaskUrl = (id: string) => `${CUSTOM_TASKS_URL}/${encodeURIComponent(id)}`;

export type { ClientProfile, ClientTaskUpdate, CustomTask, CustomTaskUpdate, JourneyResponse, TaskEntry };
export { TASK_NOTES_MAX_LENGTH } from '@listready/contracts/journey';
