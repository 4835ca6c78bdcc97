import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reminderWhenText,
  taskReminderSchema,
  taskRemindersSchema,
  type TaskReminder,
  type TaskReminders,
} from '@listready/contracts/journey';
import { toast } from '@listready/ui';
import { apiClient, apiQuery } from '@listready/web-client';
import { TASK_REMINDERS_URL } from '../utils/journey-api.ts';
import { useJourneyUrl } from './use-household.ts';
import { showTaskError } from './use-task-updates.ts';

/**
 * The caller's own reminder times on the journey on screen (`?clientId=` for a household's), a
 * task without one following the person's profile. The rows read them once they are drawn (to mark
 * the tasks that have one); a Reschedule dialog (`everyOpen`) reads them again each time it opens,
 * showing what was read before meanwhile, so a time chosen on another device is seen without a
 * reload. `read: false`: not asked (an agent following a client has none).
 */
export function useTaskReminders({
  read = true,
  everyOpen = false,
}: { read?: boolean; everyOpen?: boolean } = {}) {
  const { url, enabled } = useJourneyUrl(TASK_REMINDERS_URL);
  return useQuery({
    ...apiQuery(apiClient, url, taskRemindersSchema),
    enabled: enabled && read,
    ...(everyOpen ? { staleTime: 0 } : {}),
  });
}

/** How the reminder routes name a row's task: a journey task or a custom one. */
export const reminderTaskOf = (task: { source: 'task' | 'custom'; id: string }) =>
  ({ source: task.source === 'custom' ? 'custom' : 'journey', id: task.id }) as const;

/** The time `reminders` holds for a task, or null: the profile's. */
export const reminderOf = (
  reminders: TaskReminders | undefined,
  task: { source: TaskReminder['source']; id: string },
): number | null =>
  reminders?.reminders.find((reminder) => reminder.source === task.source && reminder.taskId === task.id)
    ?.minutes ?? null;

/** PUT /api/clients/current/task-reminders: one task's time for the caller, or back to the profile's. */
export function useSetTaskReminder() {
  const { url } = useJourneyUrl(TASK_REMINDERS_URL);
  const queryClient = useQueryClient();
  return useMutation({
    // `announce`: said by a toast of its own — not when the task's own change is saved with it,
    // whose "Task updated" would replace it (one toast at a time).
    mutationFn: ({ reminder }: { reminder: TaskReminder; announce: boolean }) =>
      apiClient.request('PUT', url, taskReminderSchema, { body: reminder }),
    onSuccess: (saved, { announce }) => {
      queryClient.setQueryData<TaskReminders>([url], (current) => ({
        reminders: [
          ...(current?.reminders ?? []).filter(
            (reminder) => !(reminder.source === saved.source && reminder.taskId === saved.taskId),
          ),
          ...(saved.minutes === null ? [] : [saved]),
        ],
      }));
      if (!announce) return;
      toast({
        title: 'Reminder time saved',
        description:
          saved.minutes === null
            ? 'This task’s reminder comes when your profile says.'
            : `This task’s reminder comes at ${reminderWhenText(saved.minutes)}.`,
      });
    },
    onError: (error) => showTaskError(error, 'Failed to save the reminder time'),
  });
}
