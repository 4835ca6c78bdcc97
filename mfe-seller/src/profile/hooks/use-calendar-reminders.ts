import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicUserSchema, type NotificationSettings } from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { apiClient, NOTIFICATION_SETTINGS_URL, SESSION_QUERY_KEY } from '@listready/web-client';

/**
 * PUT /api/auth/user/notifications; the session's user carries the new settings. (The calendar
 * address and its alerts are libs/web-client's `CalendarAddress`, shared with the agent.)
 */
export function useSaveReminderSettings({ onError }: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiClient.request('PUT', NOTIFICATION_SETTINGS_URL, publicUserSchema, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      toast({ title: 'Reminder settings saved' });
    },
    onError,
  });
}
