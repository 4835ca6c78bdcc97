import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedSchema,
  publicUserSchema,
  type CalendarFeed,
  type NotificationSettings,
} from '@listready/contracts';
import { toast } from '@listready/ui';
import { apiClient, apiQuery, SESSION_QUERY_KEY } from '@listready/web-client';
import { failureText } from './use-profile-requests.ts';

export const CALENDAR_FEED_URL = '/api/calendar/feed';
export const NOTIFICATION_SETTINGS_URL = '/api/auth/user/notifications';
const FEED_KEY = [CALENDAR_FEED_URL] as const;
const NO_FEED: CalendarFeed = { url: null, webcalUrl: null, createdAt: null };
/** DELETE answers 204 without a body (see use-profile-requests' `noContent`). */
const noContent = calendarFeedSchema.optional();

/** GET /api/calendar/feed: the person's private calendar address, or nulls. */
export const useCalendarFeed = () => useQuery(apiQuery(apiClient, CALENDAR_FEED_URL, calendarFeedSchema));

/** POST: a new address (the old one stops working at once). */
export function useNewCalendarAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request('POST', CALENDAR_FEED_URL, calendarFeedSchema),
    onSuccess: (feed) => {
      queryClient.setQueryData(FEED_KEY, feed);
      toast({ title: 'Calendar address ready', description: 'Any earlier address no longer works.' });
    },
    onError: (error: Error) =>
      toast({
        title: 'Could not make a calendar address',
        description: failureText(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}

/** DELETE: the address stops working; calendars subscribed to it stop updating. */
export function useTurnOffCalendarAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request('DELETE', CALENDAR_FEED_URL, noContent),
    onSuccess: () => {
      queryClient.setQueryData(FEED_KEY, NO_FEED);
      toast({ title: 'Calendar address turned off' });
    },
    onError: (error: Error) =>
      toast({
        title: 'Could not turn the address off',
        description: failureText(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}

/** PUT /api/auth/user/notifications; the session's user carries the new settings. */
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

export async function copyCalendarAddress(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Copied!', description: 'Calendar address copied to clipboard' });
  } catch {
    toast({
      title: 'Could not copy',
      description: 'Select the address and copy it by hand.',
      variant: 'destructive',
    });
  }
}
