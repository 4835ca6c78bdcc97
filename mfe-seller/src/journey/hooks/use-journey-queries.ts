import { useQuery } from '@tanstack/react-query';
import {
  clientProfileSchema,
  customTasksSchema,
  JourneyErrorCode,
  journeyResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts';
import { apiClient, apiQuery, ApiRequestError } from '@listready/web-client';
import { CUSTOM_TASKS_URL, JOURNEY_URL, PROFILE_URL, TASKS_URL } from '../utils/journey-api.ts';

/**
 * Right after sign-up the journey service may not have applied `user-registered` yet (with Kafka,
 * a moment later): its reads then answer 404 JOURNEY_NOT_READY, and only that is asked again.
 */
export const journeyReadRetry = {
  retry: (failures: number, error: Error) =>
    failures < 5 &&
    error instanceof ApiRequestError &&
    error.serverError?.code === JourneyErrorCode.journeyNotReady,
  retryDelay: (attempt: number) => 250 * 2 ** attempt,
};

/** Each read parsed with the contract the journey service answers with. */
export const useJourney = () =>
  useQuery({ ...apiQuery(apiClient, JOURNEY_URL, journeyResponseSchema), ...journeyReadRetry });
export const useTaskEntries = () =>
  useQuery({ ...apiQuery(apiClient, TASKS_URL, taskEntriesSchema), ...journeyReadRetry });
export const useCustomTasks = () => useQuery(apiQuery(apiClient, CUSTOM_TASKS_URL, customTasksSchema));

/** Clients only (an agent would get 403), so the caller says when to ask. */
export const useClientProfile = (enabled: boolean) =>
  useQuery({ ...apiQuery(apiClient, PROFILE_URL, clientProfileSchema), ...journeyReadRetry, enabled });
