import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customTaskSchema, taskEntrySchema } from '@listready/contracts/journey';
import { toast } from '@listready/ui';
import { ApiRequestError, apiClient } from '@listready/web-client';
import {
  clientTaskUrl,
  CUSTOM_TASKS_URL,
  customTaskUrl,
  JOURNEY_URL,
  TASKS_URL,
  type CustomTask,
  type TaskEntry,
} from '../utils/journey-api.ts';
import { withClientId } from '../utils/household-choice.ts';
import { useJourneyChoice } from './use-household.ts';
import { keptOnDeviceToast, useSignedInUserId } from './use-offline-task-changes.ts';
import { confettiBurst } from '../utils/confetti-burst.ts';
import { optimisticListUpdate } from '../utils/optimistic-list-update.ts';
import { trackTaskChange } from '../utils/task-usage.ts';
import {
  pendingCreationKey,
  pendingTaskChanges,
  pendingTaskCreations,
} from '../utils/pending-task-changes.ts';
import { KEPT_ON_DEVICE, sendOrKeepOnDevice } from '../utils/sync-pending-changes.ts';
import {
  applyClientTaskChanges,
  applyCustomTaskPatch,
  replaceEntry,
  type ClientTaskChange,
  type CustomTaskChange,
} from '../utils/task-changes.ts';

/** Spec seller §8, task updates (title Error). */
export const TASK_ERROR_MESSAGES = {
  status: 'Failed to update task status. Please try again.',
  notes: 'Failed to save notes. Please try again.',
  task: 'Failed to update task. Please try again.',
  customTask: 'Failed to update custom task. Please try again.',
} as const;

/**
 * A change to a task the server no longer has in a journey this person may change (404: the task
 * was deleted, or they left the household): trying again cannot work, reloading shows what is.
 */
export const TASK_GONE_MESSAGE =
  'This task is no longer in a journey you can change. Reload the page to see your journeys as they are now.';

/**
 * The server's own words for a refused change (400/403, 409 for a note saved meanwhile), what a 404
 * means, else the spec's fallback.
 */
function errorText(error: Error, fallback: string): string {
  if (error instanceof ApiRequestError && [400, 403, 409].includes(error.status)) {
    return error.serverMessage ?? fallback;
  }
  if (error instanceof ApiRequestError && error.status === 404) return TASK_GONE_MESSAGE;
  return fallback;
}

export const showTaskError = (error: Error, fallback: string) =>
  toast({ title: 'Error', description: errorText(error, fallback), variant: 'destructive' });

type ChangeKind = 'status' | 'notes' | 'details';

function successToast(kind: ChangeKind, completed: boolean | undefined, custom: boolean): void {
  if (kind === 'status') {
    if (completed) {
      toast({ title: custom ? 'Custom Task Completed!' : 'Task Completed!' });
      void confettiBurst();
    } else {
      toast({ title: 'Task marked incomplete' });
    }
  } else if (kind === 'notes') {
    toast({ title: 'Notes saved' });
  } else {
    toast({ title: 'Task updated' });
  }
}

/** The cache keys of the chosen journey's lists (reads are keyed by their URL). */
function useJourneyKeys() {
  const { clientId } = useJourneyChoice();
  return {
    clientId,
    tasks: [withClientId(TASKS_URL, clientId)] as const,
    customTasks: [withClientId(CUSTOM_TASKS_URL, clientId)] as const,
    journey: [withClientId(JOURNEY_URL, clientId)] as const,
  };
}

function kindOf(change: ClientTaskChange | CustomTaskChange): ChangeKind {
  if (change.patch.status !== undefined) return 'status';
  if ('notes' in change.patch && change.patch.notes !== undefined) return 'notes';
  return 'details';
}

const fallbackFor = (kind: ChangeKind, custom: boolean) =>
  kind === 'status'
    ? TASK_ERROR_MESSAGES.status
    : kind === 'notes'
      ? TASK_ERROR_MESSAGES.notes
      : custom
        ? TASK_ERROR_MESSAGES.customTask
        : TASK_ERROR_MESSAGES.task;

/** PUT /api/client-tasks/{id}: shown at once, rolled back with the spec's error toast on failure. */
export function useUpdateClientTask() {
  const queryClient = useQueryClient();
  const keys = useJourneyKeys();
  const userId = useSignedInUserId();
  return useMutation(
    optimisticListUpdate<TaskEntry, ClientTaskChange, TaskEntry | typeof KEPT_ON_DEVICE>({
      queryClient,
      queryKey: keys.tasks,
      send: ({ id, patch }) =>
        sendOrKeepOnDevice({
          store: pendingTaskChanges,
          userId,
          // A note goes apart from the task's other changes (a refused note holds nothing else back).
          source: patch.notes !== undefined ? 'notes' : 'client',
          taskId: id,
          url: clientTaskUrl(id),
          patch,
          send: (body) => apiClient.request('PUT', clientTaskUrl(id), taskEntrySchema, { body }),
        }),
      apply: (entries, change) => applyClientTaskChanges(entries, [change]),
      merge: (entries, entry) => (entry === KEPT_ON_DEVICE ? entries : replaceEntry(entries, entry)),
      refetch: [keys.tasks, keys.journey],
      onSuccess: (entry, change) => {
        if (entry === KEPT_ON_DEVICE) return keptOnDeviceToast();
        successToast(kindOf(change), change.patch.status === 'completed', false);
        trackTaskChange({ id: entry.id, title: entry.clientTask.title }, change.patch);
      },
      onError: (error, change) => showTaskError(error, fallbackFor(kindOf(change), false)),
    }),
  );
}

/** Ready to Show!! Clear All: every completed item back to pending, in one optimistic step. */
export function useClearChecklist() {
  const queryClient = useQueryClient();
  const keys = useJourneyKeys();
  return useMutation(
    optimisticListUpdate<TaskEntry, string[], void>({
      queryClient,
      queryKey: keys.tasks,
      send: async (ids) => {
        const results = await Promise.allSettled(
          ids.map((id) =>
            apiClient.request('PUT', clientTaskUrl(id), taskEntrySchema, { body: { status: 'pending' } }),
          ),
        );
        const failed = results.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
      },
      apply: (entries, ids) =>
        applyClientTaskChanges(
          entries,
          ids.map((id) => ({ id, patch: { status: 'pending' } })),
        ),
      refetch: [keys.tasks, keys.journey],
      onSuccess: () => toast({ title: 'Checklist cleared' }),
      onError: (error) => showTaskError(error, TASK_ERROR_MESSAGES.status),
    }),
  );
}

/** PUT /api/clients/current/custom-tasks/{id} from the journey (status, reschedule). */
export function useUpdateCustomTask() {
  const queryClient = useQueryClient();
  const keys = useJourneyKeys();
  const userId = useSignedInUserId();
  return useMutation(
    optimisticListUpdate<CustomTask, CustomTaskChange, CustomTask | typeof KEPT_ON_DEVICE>({
      queryClient,
      queryKey: keys.customTasks,
      send: ({ id, patch }) => {
        const url = withClientId(customTaskUrl(id), keys.clientId);
        return sendOrKeepOnDevice({
          store: pendingTaskChanges,
          userId,
          source: 'custom',
          taskId: id,
          url,
          patch,
          send: (body) => apiClient.request('PUT', url, customTaskSchema, { body }),
          madeOnDevice:
            userId !== undefined &&
            pendingTaskCreations
              .snapshot()
              .some((creation) => creation.key === pendingCreationKey(userId, id)),
        });
      },
      apply: (tasks, { id, patch }) =>
        tasks.map((task) => (task.id === id ? applyCustomTaskPatch(task, patch) : task)),
      merge: (tasks, updated) =>
        updated === KEPT_ON_DEVICE ? tasks : tasks.map((task) => (task.id === updated.id ? updated : task)),
      refetch: [keys.customTasks, keys.journey],
      onSuccess: (task, change) => {
        if (task === KEPT_ON_DEVICE) return keptOnDeviceToast();
        successToast(kindOf(change), change.patch.status === 'completed', true);
        trackTaskChange(task, change.patch);
      },
      onError: (error, change) => showTaskError(error, fallbackFor(kindOf(change), true)),
    }),
  );
}
