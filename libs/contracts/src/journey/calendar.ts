import { z } from 'zod';

/**
 * Calendar feeds and reminders (issue 19, item 1 and 2). Every person — a seller, a member of a
 * household, an agent — has at most one private feed: `GET /api/calendar/<token>.ics`, which
 * calendar apps subscribe to. Regenerating the address revokes the old one.
 */

/** Where a reminded task lives: a journey task (`client_tasks`) or a custom task. */
export const REMINDER_TASK_SOURCES = ['journey', 'custom'] as const;
/**
 * A reminder's life: `pending` until a scheduler sends it (`sent`), finds the task done, moved or
 * gone (`skipped`), or gives up after its attempts (`failed`).
 */
export const REMINDER_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
/**
 * Minutes before the start of a task's due day, unless the person's calendar event says otherwise:
 * 6 pm the evening before, in the person's zone (the spec's 60 was 23:00, a text message at bedtime).
 */
export const DEFAULT_REMINDER_MINUTES = 6 * 60;

const DAY_MINUTES = 24 * 60;

/** A time of day as people say it, from the minutes after midnight: "6 pm", "8 am", "11:30 pm". */
export function timeOfDayText(minutesAfterMidnight: number): string {
  const at = ((minutesAfterMidnight % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const hour = Math.floor(at / 60);
  const minute = at % 60;
  const clock = `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}`;
  return `${clock} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The time of day a reminder `minutes` before the due day comes: "6 pm" for the default. */
export const reminderTimeOfDay = (minutes: number): string => timeOfDayText(DAY_MINUTES - minutes);

/**
 * When a person may choose to be reminded (`notificationPreferences.reminderMinutes`), in minutes
 * before their due day starts in their zone: 8 am on the day, 6 pm the day before (the default),
 * 8 am the day before, 6 pm two days before. Each is out of the texts' quiet hours.
 */
export const REMINDER_LEADS = [-8 * 60, DEFAULT_REMINDER_MINUTES, 16 * 60, 30 * 60] as const;

export const INVALID_REMINDER_LEAD = `Reminder time must be one of the choices offered (minutes before the due day: ${REMINDER_LEADS.join(', ')})`;

/** One of REMINDER_LEADS: a person's reminder time, on their profile or for one task. */
export const reminderLeadField = z
  .number({ error: INVALID_REMINDER_LEAD })
  .refine((value) => (REMINDER_LEADS as readonly number[]).includes(value), {
    error: INVALID_REMINDER_LEAD,
  });

/**
 * The caller's own reminder time for one task of a journey, where it differs from their profile's
 * (`calendar_events.reminderMinutes`; the scheduler and the calendar feed's alarms follow it).
 * `minutes` null: as the profile says.
 */
export const taskReminderSchema = z.object({
  source: z.enum(REMINDER_TASK_SOURCES, { error: 'Source must be journey or custom' }),
  taskId: z.string().min(1).max(100),
  minutes: reminderLeadField.nullable(),
});
export type TaskReminder = z.infer<typeof taskReminderSchema>;
/** GET /api/clients/current/task-reminders: the caller's own times on the journey's tasks. */
export const taskRemindersSchema = z.object({ reminders: z.array(taskReminderSchema) });
export type TaskReminders = z.infer<typeof taskRemindersSchema>;

/** When a reminder `minutes` before the due day comes: "8 am on the day it is due", "6 pm the day before". */
export function reminderWhenText(minutes: number): string {
  const daysBefore = Math.ceil(minutes / DAY_MINUTES);
  const day =
    daysBefore <= 0
      ? 'on the day it is due'
      : daysBefore === 1
        ? 'the day before'
        : `${daysBefore} days before`;
  return `${reminderTimeOfDay(minutes)} ${day}`;
}

/**
 * Texts wait out the night: none goes out from 9 pm until 8 am in the person's zone (hours). A
 * reminder's own time is never then by default; a late one can be (a task dated at 11 pm for the
 * next day, a scheduler that was down), and its text waits for the morning. E-mail does not wait.
 */
export const SMS_QUIET_HOURS = { from: 21, until: 8 } as const;

/** GET, POST /api/calendar/feed: the caller's feed address (null: none, or revoked). */
export const calendarFeedSchema = z.object({
  url: z.url().nullable(),
  /** The same address with the webcal: scheme, which opens the subscribe dialog of calendar apps. */
  webcalUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** `GET /api/calendar/<token>.ics`: the token is the feed's id and its MAC (see services/journey). */
export const calendarFeedPathSchema = z.object({
  file: z.string().max(200),
});

/**
 * POST /api/sms/inbound: Twilio's inbound-message webhook, form-encoded, signed with
 * `X-Twilio-Signature` (issue 19, "Actionable SMS"). Only the fields the reply needs are read;
 * Twilio sends more (AccountSid, NumMedia…), which the signature covers and the route keeps.
 */
export const smsInboundSchema = z
  .looseObject({
    MessageSid: z.string().min(1, 'MessageSid is required').max(64),
    From: z.string().min(1, 'From is required').max(32),
    To: z.string().max(32).optional(),
    Body: z.string().max(1600).default(''),
  })
  .describe(
    'Twilio inbound-message webhook, sent as application/x-www-form-urlencoded with X-Twilio-Signature',
  );
export type SmsInbound = z.infer<typeof smsInboundSchema>;

/** The answer Twilio texts back: a TwiML document (`text/xml`) with one `<Message>`. */
export const twimlSchema = z.string().describe('TwiML: <Response><Message>…</Message></Response>');
