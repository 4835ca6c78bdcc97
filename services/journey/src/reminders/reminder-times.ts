import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '@listready/db';

/** The person's zone when it is one luxon knows, else the platform's default (America/New_York). */
export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone && DateTime.now().setZone(timeZone).isValid ? timeZone : DEFAULT_TIMEZONE;
}

/** Midnight at the start of `date` ('YYYY-MM-DD') in `timeZone` (DST-aware: not always 24 h apart). */
export function startOfDayIn(date: string, timeZone: string): Date {
  return DateTime.fromISO(date, { zone: zoneOf(timeZone) })
    .startOf('day')
    .toJSDate();
}

/**
 * When a task's reminder is due and until when it is worth sending: the due day is a date without a
 * time, so — as a calendar app reads the feed's VALARM — the reminder rings `minutes` before the
 * due day starts in the person's zone (60: at 23:00 the evening before), and goes out late at most
 * until the due day ends there (a scheduler that was down catches up; an overdue task is not nagged).
 */
export function reminderWindow(
  dueDate: string,
  timeZone: string,
  minutes: number,
): { remindAt: Date; until: Date } {
  const start = DateTime.fromISO(dueDate, { zone: zoneOf(timeZone) }).startOf('day');
  return {
    remindAt: start.minus({ minutes }).toJSDate(),
    until: start.plus({ days: 1 }).toJSDate(),
  };
}

/** "today", "tomorrow" or "on Tuesday, December 1", as the person's calendar says it at `now`. */
export function dueWording(dueDate: string, timeZone: string, now: Date): string {
  const zone = zoneOf(timeZone);
  const due = DateTime.fromISO(dueDate, { zone });
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.round(due.diff(today, 'days').days);
  if (days === 0) return 'today';
  if (days === 1) return `tomorrow, ${due.setLocale('en-US').toFormat('cccc, LLLL d')}`;
  return `on ${due.setLocale('en-US').toFormat('cccc, LLLL d')}`;
}
