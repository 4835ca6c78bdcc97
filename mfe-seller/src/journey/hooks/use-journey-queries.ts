import { useCallback } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  clientProfileSchema,
  customTasksSchema,
  JourneyErrorCode,
  journeyResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts/journey';
import { apiClient, apiQuery, ApiRequestError, readSession } from '@listready/web-client';
import { CUSTOM_TASKS_URL, JOURNEY_URL, PROFILE_URL, TASKS_URL } from '../utils/journey-api.ts';
import { applyClientTaskChanges, applyCustomTaskPatch } from '../utils/task-changes.ts';
import type { PendingTaskChange, PendingTaskCreation } from '../utils/pending-task-changes.ts';
import type { CustomTask, TaskEntry } from '../utils/journey-api.ts';
import { linkedClientIdOf, readHouseholdChoice, withClientId } from '../utils/household-choice.ts';
import { householdsQuery, useJourneyUrl } from './use-household.ts';
import { usePendingTaskChanges, usePendingTaskCreations } from './use-offline-task-changes.ts';

/**
 * Right after sign-up the journey service may not have applied `user-registered` yet (with Kafka,
 * a moment later). Its reads wait for it up to 3 s; past that they answer 404 JOURNEY_NOT_READY,
 * and only that is asked again.
 */
export const journeyReadRetry = {
  retry: (failures: number, error: Error) =>
    failures < 5 &&
    error instanceof ApiRequestError &&
    error.serverError?.code === JourneyErrorCode.journeyNotReady,
  retryDelay: (attempt: number) => 250 * 2 ** attempt,
};

/** The stages of a journey (`url`: the chosen journey's, with its `?clientId=`), parsed with its contract. */
export const journeyQuery = (url: string) => ({
  ...apiQuery(apiClient, url, journeyResponseSchema),
  ...journeyReadRetry,
});

/** A journey's task list (`url` as for journeyQuery), as the server has it. */
export const taskEntriesQuery = (url: string) => ({
  ...apiQuery(apiClient, url, taskEntriesSchema),
  ...journeyReadRetry,
});

/** Each read parsed with the contract the journey service answers with, for the chosen journey. */
export function useJourney() {
  const { url, enabled } = useJourneyUrl(JOURNEY_URL);
  return useQuery({ ...journeyQuery(url), enabled });
}
/** The task list as the seller left it: with the changes still waiting on this device. */
export function withPendingEntries(entries: TaskEntry[], pending: readonly PendingTaskChange[]): TaskEntry[] {
  const changes = pending
    // Notes the server refused are not shown as saved: the notes editor shows both versions instead.
    .filter((change) => change.source === 'client' || (change.source === 'notes' && !change.refusal))
    .map((change) => ({ id: change.taskId, patch: change.patch }));
  return changes.length === 0 ? entries : applyClientTaskChanges(entries, changes);
}
/** A custom task made on this device, as the lists show it until the server has it. */
export function customTaskOfCreation({ task, savedAt }: PendingTaskCreation): CustomTask {
  return {
    ...task,
    status: 'pending',
    completedBy: null,
    custom: true,
    createdAt: savedAt,
    updatedAt: savedAt,
  };
}

/**
 * The custom tasks as the seller left them: with the ones made on this device (not yet on the
 * server) after the server's, and the changes still waiting here.
 */
export function withPendingCustomTasks(
  tasks: CustomTask[],
  pending: readonly PendingTaskChange[],
  creations: readonly PendingTaskCreation[] = [],
): CustomTask[] {
  const custom = pending.filter((change) => change.source === 'custom');
  // Deleted here after a POST that got no answer: gone from the lists, the server's copy too —
  // unless the server refused the DELETE: its copy is shown again, with the refusal beside it.
  const deleted = new Set(
    creations.filter((creation) => creation.deleted && !creation.refusal).map((creation) => creation.taskId),
  );
  const shown = deleted.size === 0 ? tasks : tasks.filter((task) => !deleted.has(task.id));
  const made = creations.filter(
    (creation) => !creation.deleted && !shown.some((task) => task.id === creation.taskId),
  );
  if (custom.length === 0 && made.length === 0) return shown;
  return [...shown, ...made.map(customTaskOfCreation)].map((task) => {
    const change = custom.find((candidate) => candidate.taskId === task.id);
    return change ? applyCustomTaskPatch(task, change.patch) : task;
  });
}

/**
 * The select of a custom task list: the seller's own journey's (the only one a task is made on
 * from this device) shows the tasks made here too.
 */
export function usePendingCustomTasksSelect(url: string) {
  const pending = usePendingTaskChanges();
  const creations = usePendingTaskCreations();
  const own = url === CUSTOM_TASKS_URL;
  return useCallback(
    (tasks: CustomTask[]) => withPendingCustomTasks(tasks, pending, own ? creations : []),
    [pending, creations, own],
  );
}

export function useTaskEntries() {
  const { url, enabled } = useJourneyUrl(TASKS_URL);
  const pending = usePendingTaskChanges();
  const select = useCallback((entries: TaskEntry[]) => withPendingEntries(entries, pending), [pending]);
  return useQuery({ ...taskEntriesQuery(url), enabled, select });
}
/** A journey's custom tasks (`url` as for journeyQuery), as the server has them. */
export const customTasksQuery = (url: string) => apiQuery(apiClient, url, customTasksSchema);

export function useCustomTasks() {
  const { url, enabled } = useJourneyUrl(CUSTOM_TASKS_URL);
  const select = usePendingCustomTasksSelect(url);
  return useQuery({ ...customTasksQuery(url), enabled, select });
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

/**
 * Starts the journey's first reads that are not here, when the user is about to open the journey
 * at `url` (its code's `prepare`). A `?clientId=` (an agent's pointer on a client on the dashboard,
 * or a link to a household's journey): that journey's stages, tasks and custom tasks. Otherwise the
 * seller's own, from the profile: the households (the picker), and the journey and task list — not
 * when another household's journey is remembered, which opens only once the households list
 * confirms it (useJourneyChoice). An agent's own bar has no Journey.
 */
export function prefetchJourneyReads(queryClient: QueryClient, url: URL): void {
  const session = readSession(queryClient);
  if (session.status !== 'signed-in') return;
  const linked = linkedClientIdOf(url.search);
  if (linked) {
    void queryClient.prefetchQuery(journeyQuery(withClientId(JOURNEY_URL, linked)));
    void queryClient.prefetchQuery(taskEntriesQuery(withClientId(TASKS_URL, linked)));
    void queryClient.prefetchQuery(customTasksQuery(withClientId(CUSTOM_TASKS_URL, linked)));
    return;
  }
  if (session.user.role !== 'client') return;
  void queryClient.prefetchQuery(householdsQuery);
  if (readHouseholdChoice() !== null) return;
  void queryClient.prefetchQuery(journeyQuery(JOURNEY_URL));
  void queryClient.prefetchQuery(taskEntriesQuery(TASKS_URL));
}
