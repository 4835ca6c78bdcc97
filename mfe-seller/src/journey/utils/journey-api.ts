import type {
  ClientProfile,
  ClientTaskUpdate,
  CustomTask,
  CustomTaskUpdate,
  JourneyResponse,
  TaskEntry,
} from '@listready/contracts';

/*
 * The journey calls (spec seller §7). Query keys are the URLs: the shared QueryClient's default
 * query function joins the key's parts and GETs it.
 */
export const JOURNEY_QUERY_KEY = ['/api/clients/current/journey'] as const;
export const TASKS_QUERY_KEY = ['/api/clients/current/tasks'] as const;
export const CUSTOM_TASKS_QUERY_KEY = ['/api/clients/current/custom-tasks'] as const;
export const PROFILE_QUERY_KEY = ['/api/clients/current/profile'] as const;

export const clientTaskUrl = (id: string) => `/api/client-tasks/${encodeURIComponent(id)}`;
export const customTaskUrl = (id: string) => `/api/clients/current/custom-tasks/${encodeURIComponent(id)}`;

export type { ClientProfile, ClientTaskUpdate, CustomTask, CustomTaskUpdate, JourneyResponse, TaskEntry };

/** Kept here rather than imported from the contracts' value exports, which would bundle zod. */
export const TASK_NOTES_MAX_LENGTH = 500;
