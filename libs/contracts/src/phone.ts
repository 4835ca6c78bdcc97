/**
 * A phone number as people type it: digits with an optional leading +, and spaces, dashes, dots or
 * brackets between them; 7 to 15 digits (a local number at the least, E.164's most). What the
 * number is for (an SMS, a call) decides its format later; this only keeps out what no phone could
 * dial ("abc", "call me").
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * The number in E.164 (`+` and 8 to 15 digits, as Twilio takes it) once the spaces, dashes, dots and
 * brackets people type are taken out, or null when it is not in international format.
 */
export function toE164(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** A number a text goes to that is not in E.164: what the person is told (reminders, invitations). */
export const NOT_INTERNATIONAL_MESSAGE = 'Phone number must be in international format, e.g. +1 555 123 4567';
