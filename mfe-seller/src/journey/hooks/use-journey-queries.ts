import { useQuery } from '@tanstack/react-query';
import {
  CUSTOM_TASKS_QUERY_KEY,
  JOURNEY_QUERY_KEY,
  PROFILE_QUERY_KEY,
  TASKS_QUERY_KEY,
  type ClientProfile,
  type CustomTask,
  type JourneyResponse,
  type TaskEntry,
} from '../utils/journey-api.ts';

/** Reads go through the shared QueryClient's default query function (key = URL). */
export const useJourney = () => useQuery<JourneyResponse>({ queryKey: JOURNEY_QUERY_KEY });
export const useTaskEntries = () => useQuery<TaskEntry[]>({ queryKey: TASKS_QUERY_KEY });
export const useCustomTasks = () => useQuery<CustomTask[]>({ queryKey: CUSTOM_TASKS_QUERY_KEY });

/** Clients only (an agent would get 403), so the caller says when to ask. */
export const useClientProfile = (enabled: boolean) =>
  useQuery<ClientProfile>({ queryKey: PROFILE_QUERY_KEY, enabled });
