import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema, type CalendarFeed } from '@listready/contracts/calendar';
import { publicUserSchema, type PublicUser } from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { ApiRequestError } from '../api/api-client.ts';
import { apiClient } from '../api/browser-api-client.ts';
import { apiQuery } from '../api/query-client.ts';
import { SESSION_QUERY_KEY } from '../session/session.ts';
import { sessionQuery } from '../session/use-session.ts';

/**
 * A person's private calendar address (issue 19, item 1), the same for everyone who has one: the
 * seller's profile and the agent's dashboard show it with `CalendarAddress`.
 */
export const CALENDAR_FEED_URL = '/api/calendar/feed';
export const NOTIFICATION_SETTINGS_URL = '/api/auth/user/notifications';
const FEED_KEY = [CALENDAR_FEED_URL] as const;
const NO_FEED: CalendarFeed = { url: null, webcalUrl: null, createdAt: null };
/** DELETE answers 204 without a body. */
const noContent = calendarFeedSchema.optional();

const failureText = (error: Error, fallback: string) =>
  (error instanceof ApiRequestError ? error.serverMessage : undefined) ?? fallback;

/** GET /api/calendar/feed: the person's private calendar address, or nulls. */
export const useCalendarFeed = () => useQuery(apiQuery(apiClient, CALENDAR_FEED_URL, calendarFeedSchema));

/** POST: a new address (the old one stops working at once). */
export function useNewCalendarAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request('POST', CALENDAR_FEED_URL, calendarFeedSchema),
    onSuccess: (feed) => {
      // Said only when there was one: a first address replaces nothing.
      const replaced = !!queryClient.getQueryData<CalendarFeed>(FEED_KEY)?.url;
      queryClient.setQueryData(FEED_KEY, feed);
      toast({
        title: 'Calendar address ready',
        description: replaced
          ? 'The earlier address no longer works: subscribe again with this one.'
          : 'Subscribe to it in your calendar app to see your tasks there.',
      });
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

/**
 * The `calendar` notification preference: whether the feed's events ring an alert in the calendar
 * app (on unless turned off). Read from the session's user; a session that does not carry the
 * preferences (an older shell) counts as on.
 */
export function useCalendarAlerts() {
  const queryClient = useQueryClient();
  const user = useQuery(sessionQuery).data as Partial<PublicUser> | null | undefined;
  // The box shows the choice at once, while it is saved; a failure puts it back.
  const [choice, setChoice] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (calendar: boolean) =>
      apiClient.request('PUT', NOTIFICATION_SETTINGS_URL, publicUserSchema, { body: { calendar } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, saved);
      toast({
        title: saved.notificationPreferences.calendar ? 'Calendar alerts on' : 'Calendar alerts off',
        description: 'Calendar apps pick the change up at their next refresh.',
      });
    },
    onError: (error: Error) =>
      toast({
        title: 'Could not change calendar alerts',
        description: failureText(error, 'Please try again.'),
        variant: 'destructive',
      }),
    onSettled: () => setChoice(null),
  });
  const on = choice ?? user?.notificationPreferences?.calendar !== false;
  return {
    on,
    saving: save.isPending,
    set: (calendar: boolean) => {
      setChoice(calendar);
      save.mutate(calendar);
    },
  };
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
