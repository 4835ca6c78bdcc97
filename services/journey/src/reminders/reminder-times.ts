import { DateTime } from 'luxon';
import { SMS_QUIET_HOURS } from '@listready/contracts';
import { DEFAULT_TIMEZONE } from '@listready/db';

const knownZones = new Map<string, boolean>();

/** The person's zone when it is one luxon knows, else the platform's default (America/New_York). */
export function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIMEZONE;
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    known = DateTime.now().setZone(timeZone).isValid;
    // A handful of zones in practice; bounded anyway, since the value comes from user data.
    if (knownZones.size < 1_000) knownZones.set(timeZone, known);
  }
  return known ? timeZone : DEFAULT_TIMEZONE;
}

const dayStarts = new Map<string, number>();

/**
 * Midnight at the start of `date` ('YYYY-MM-DD') in `timeZone` (DST-aware: not always 24 h apart).
 * Remembered per date and zone: a tick asks for a few dates in a few zones thousands of times, and
 * luxon takes about 0.1 ms for each.
 */
export function startOfDayIn(date: string, timeZone: string): Date {
  const zone = zoneOf(timeZone);
  const key = `${date}|${zone}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = DateTime.fromISO(date, { zone }).startOf('day').toMillis();
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/**
 * When a task's reminder is due and until when it is worth sending: the due day is a date without a
 * time, so — as a calendar app reads the feed's VALARM — the reminder rings `minutes` before the
 * due day starts in the person's zone (360, the default: at 18:00 the evening before), and goes out late at most
 * until the due day ends there (a scheduler that was down catches up; an overdue task is not nagged).
 */
export function reminderWindow(
  dueDate: string,
  timeZone: string,
  minutes: number,
): { remindAt: Date; until: Date } {
  const start = startOfDayIn(dueDate, timeZone);
  const nextDay = new Date(Date.parse(`${dueDate}T00:00:00Z`) + 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  return {
    remindAt: new Date(start.getTime() - minutes * 60_000),
    until: startOfDayIn(nextDay, timeZone),
  };
}

/**
 * When the night `now` falls in (SMS_QUIET_HOURS) ends in the person's zone — 8 am, the next day's
 * after 9 pm — or null when it is not night there.
 */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const { from, until } = SMS_QUIET_HOURS;
  const local = DateTime.fromJSDate(now, { zone: zoneOf(timeZone) });
  if (local.hour >= until && local.hour < from) return null;
  const morning = local.hour >= from ? local.plus({ days: 1 }) : local;
  return morning.set({ hour: until, minute: 0, second: 0, millisecond: 0 }).toJSDate();
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
