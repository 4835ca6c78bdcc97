import { useQuery } from '@tanstack/react-query';
import {
  clientProfileSchema,
  customTasksSchema,
  journeyResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts';
import { apiClient, apiQuery } from '@listready/web-client';
import { CUSTOM_TASKS_URL, JOURNEY_URL, PROFILE_URL, TASKS_URL } from '../utils/journey-api.ts';

/** Each read parsed with the contract the journey service answers with. */
export const useJourney = () => useQuery(apiQuery(apiClient, JOURNEY_URL, journeyResponseSchema));
export const useTaskEntries = () => useQuery(apiQuery(apiClient, TASKS_URL, taskEntriesSchema));
export const useCustomTasks = () => useQuery(apiQuery(apiClient, CUSTOM_TASKS_URL, customTasksSchema));

/** Clients only (an agent would get 403), so the caller says when to ask. */
export const useClientProfile = (enabled: boolean) =>
  useQuery({ ...apiQuery(apiClient, PROFILE_URL, clientProfileSchema), enabled });
