import { z } from 'zod';
import { INVALID_REMINDER_LEAD, reminderLeadField } from '../journey/calendar.ts';
import { NOT_INTERNATIONAL_MESSAGE, toE164 } from '../phone.ts';

export const notificationSettingsMessages = {
  invalidPhone: NOT_INTERNATIONAL_MESSAGE,
  phoneRequiredForSms: 'Add a mobile number to get SMS reminders',
  invalidTimezone: 'Time zone must be a time zone such as America/New_York',
  invalidReminderMinutes: INVALID_REMINDER_LEAD,
} as const;

/** A time zone the runtime knows (IANA names, as `users.timezone` stores them). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * PUT /api/auth/user/notifications (issue 19): how the person is reminded of due tasks — by e-mail,
 * by SMS (which needs a mobile number, stored in E.164 as Twilio takes it), by their calendar app's
 * alerts (`calendar`: whether their calendar feed's events carry alarms) — when (`reminderMinutes`,
 * one of REMINDER_LEADS: reminders and the feed's alarms) and in which time zone reminders are timed.
 * A missing field leaves it as it is; an empty phone clears it.
 * Turning SMS on needs the number in the same request.
 */
export const notificationSettingsUpdateSchema = z
  .object({
    email: z.boolean({ error: 'email must be true or false' }).optional(),
    sms: z.boolean({ error: 'sms must be true or false' }).optional(),
    calendar: z.boolean({ error: 'calendar must be true or false' }).optional(),
    phone: z
      .string({ error: notificationSettingsMessages.invalidPhone })
      .max(30, { error: notificationSettingsMessages.invalidPhone })
      .transform((value) => value.replace(/[\s().-]/g, ''))
      .refine((value) => value === '' || toE164(value) !== null, {
        error: notificationSettingsMessages.invalidPhone,
      })
      .nullable()
      .optional()
      // Absent: unchanged; empty or null: cleared.
      .transform((value) => (value === undefined ? undefined : value ? value : null)),
    timezone: z
      .string({ error: notificationSettingsMessages.invalidTimezone })
      .trim()
      .max(64, { error: notificationSettingsMessages.invalidTimezone })
      .refine(isTimeZone, { error: notificationSettingsMessages.invalidTimezone })
      .optional(),
    reminderMinutes: reminderLeadField.optional(),
  })
  .superRefine((value, context) => {
    if (value.sms && !value.phone) {
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: notificationSettingsMessages.phoneRequiredForSms,
      });
    }
  });
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;
/** What the server stores after parsing (phone normalized to E.164, or null). */
export type NotificationSettings = z.output<typeof notificationSettingsUpdateSchema>;
