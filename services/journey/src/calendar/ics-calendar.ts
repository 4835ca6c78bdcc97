import ical, { ICalAlarmType } from 'ical-generator';
import { DEFAULT_REMINDER_MINUTES } from '@listready/contracts';
import { taskKey, type DatedTask } from './dated-tasks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FeedCalendarInput {
  /** The calendar's name in the subscriber's app. */
  name: string;
  tasks: DatedTask[];
  /** Reminder minutes of the person per `taskKey`; `defaultReminderMinutes` otherwise. */
  reminderMinutes: Map<string, number>;
  /** The person's own choice of when reminders come (`notificationPreferences.reminderMinutes`). */
  defaultReminderMinutes?: number | undefined;
  /** Whose journeys are someone else's (an agent's clients, a household): their names lead the title. */
  ownUserId: string;
  /** The site's origin, for each event's link back to the journey. */
  origin: string;
  /** The person's `calendar` notification preference: false, the events ring no alarm. */
  alarms: boolean;
}

/**
 * The RFC 5545 text of a feed, written by ical-generator (escaping, 75-octet folding, CRLF).
 * Due dates are dates without a time, so each task is an all-day event (`DTSTART;VALUE=DATE`) on
 * its due day; the UID is the task's own id, so a moved task moves in the subscriber's calendar
 * instead of appearing twice; DTSTAMP and LAST-MODIFIED are the task's last change, so an
 * unchanged feed is byte-for-byte the same. Open tasks carry a display alarm the reminder minutes
 * before their day starts (the person's choice, else 6 pm the evening before), or after it starts
 * for a choice on the due day itself, unless the person turned calendar alerts off; done ones are
 * marked ✓ and ring no more.
 */
export function feedCalendarText(input: FeedCalendarInput): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'ListReady', product: 'Journey calendar', language: 'EN' },
    // Asks subscribing apps to refresh hourly (REFRESH-INTERVAL and X-PUBLISHED-TTL).
    ttl: 60 * 60,
  });
  const ordered = [...input.tasks].sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
  );
  for (const task of ordered) {
    const start = new Date(`${task.dueDate}T00:00:00Z`);
    const owner = task.sellerUserId === input.ownUserId ? '' : `${task.sellerName}: `;
    const summary = `${task.completed ? '✓ ' : ''}${owner}${task.title}`;
    const details = [
      task.stageName ? `Stage: ${task.stageName}` : null,
      task.assignedTo ? `Assigned to: ${task.assignedTo}` : null,
      task.description,
    ].filter((line): line is string => Boolean(line));
    const journeyPath =
      task.sellerUserId === input.ownUserId ? '/journey' : `/journey?clientId=${task.clientId}`;
    const event = calendar.createEvent({
      id: `${task.source}-${task.id}@listready`,
      // Date-only: ical-generator writes a Date's UTC day when the event is all-day.
      start,
      end: new Date(start.getTime() + DAY_MS),
      allDay: true,
      summary,
      description: details.length > 0 ? details.join('\n') : null,
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
      url: `${input.origin}${journeyPath}`,
    });
    if (input.alarms && !task.completed) {
      const minutes =
        input.reminderMinutes.get(`${input.ownUserId}|${taskKey(task.source, task.id)}`) ??
        input.defaultReminderMinutes ??
        DEFAULT_REMINDER_MINUTES;
      const alarm = event.createAlarm({
        type: ICalAlarmType.display,
        trigger: minutes * 60,
        description: summary,
      });
      // An alarm after the day starts (a choice on the due day itself) says it counts from the
      // start: ical-generator writes an offset after the event as RELATED=END, the next midnight.
      if (minutes < 0) alarm.relatesTo('START');
    }
  }
  return calendar.toString();
}
