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
import { useJourneyUrl } from './use-household.ts';

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

/** Each read parsed with the contract the journey service answers with, for the chosen journey. */
export function useJourney() {
  const { url, enabled } = useJourneyUrl(JOURNEY_URL);
  return useQuery({ ...apiQuery(apiClient, url, journeyResponseSchema), ...journeyReadRetry, enabled });
}
export function useTaskEntries() {
  const { url, enabled } = useJourneyUrl(TASKS_URL);
  return useQuery({ ...apiQuery(apiClient, url, taskEntriesSchema), ...journeyReadRetry, enabled });
}
export function useCustomTasks() {
  const { url, enabled } = useJourneyUrl(CUSTOM_TASKS_URL);
  return useQuery({ ...apiQuery(apiClient, url, customTasksSchema), enabled });
}

/** Clients only (an agent would get 403), so the caller says when to ask. */
export function useClientProfile(enabled: boolean) {
  const journey = useJourneyUrl(PROFILE_URL);
  return useQuery({
    ...apiQuery(apiClient, journey.url, clientProfileSchema),
    ...journeyReadRetry,
    enabled: enabled && journey.enabled,
  });
}
