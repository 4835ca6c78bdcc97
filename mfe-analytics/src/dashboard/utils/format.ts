import { lazyDateFormat, readerClockOptions } from '@listready/web-client';

/** How the dashboard words and formats what the service answers. */

/** `page_view` → `Page view`, `task_completed` → `Task completed`. */
export function eventLabel(event: string): string {
  const words = event.replace(/[_.:-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : event;
}

/*
 * In the pages' language, as every screen's days are ("Mar 10", "1,204 events": not "10. März" or
 * "1.204 events" in an English sentence), on the reader's clock and in their zone.
 */
const timeFormat = lazyDateFormat('en-US', () => ({ ...readerClockOptions(), second: '2-digit' }));
const dateTimeFormat = lazyDateFormat('en-US', () => ({
  month: 'short',
  day: 'numeric',
  ...readerClockOptions(),
}));

/** A time today: `14:05:09`, or `2:05:09 PM` on a 12-hour clock (the viewer's zone). */
export const formatTime = (iso: string) => timeFormat(new Date(iso));
/**
 * A moment on any day: `Mar 10, 14:05` (`Mar 10, 2:05 PM`); the chart's hours too (it spans two
 * days: a bare "7:00 PM" at its left read as this evening, not yesterday's).
 */
export const formatDateTime = (iso: string) => dateTimeFormat(new Date(iso));

/** The page of a recent event, as a path on this site; the whole address elsewhere; `Server` for none. */
export function pageLabel(pageUrl: string | null, origin: string): string {
  if (pageUrl === null) return 'Server';
  try {
    const url = new URL(pageUrl);
    return url.origin === origin ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return pageUrl;
  }
}

/**
 * Who an event or a session belongs to: `You` for the viewer, the user's name, `Visitor` for a
 * signed-out one; the id only when the service knows no name (an account since deleted).
 */
export function userLabel(
  owner: { userId: string | null; userName?: string | null | undefined },
  viewerId: string | null,
): string {
  if (owner.userId === null) return 'Visitor';
  if (owner.userId === viewerId) return 'You';
  return owner.userName || `User ${owner.userId}`;
}

/** Thousands separated as the pages' English writes them: `1,204`. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** '1 event', '1,204 events': the count and the word that goes with it. */
export const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
