import type { Logger } from 'pino';
import { SIGNED_IN_DEVICES_PATH } from '@listready/contracts';
import { noticeEmail, type EmailMessage, type Mailer } from '@listready/messaging';
import { createBackgroundWork } from '../background-work.ts';
import { deviceName } from './device-name.ts';

/** When a sign-in happened, in the person's own zone: "Dec 7, 2026, 3:15 PM EST". */
function signedInAt(at: Date, timezone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  }
}

/**
 * The notice of a sign-in from a browser that had not signed in to the account before (no
 * known-device entry for it): which browser, when, and — if it was not them — where to end it.
 */
export function newDeviceEmail(sign: {
  to: string;
  firstName: string;
  timezone: string;
  userAgent: string | undefined;
  at: Date;
  origin: string;
}): EmailMessage {
  return noticeEmail({
    to: sign.to,
    subject: 'New sign-in to your ListReady account',
    firstName: sign.firstName,
    lines: [
      `Your ListReady account was signed in to on ${deviceName(sign.userAgent)}, ${signedInAt(sign.at, sign.timezone)}.`,
      'If this was you, there is nothing to do.',
      'If it was not, change your password at once, and sign that device out on your profile, where every device you are signed in on is listed.',
    ],
    link: { href: `${sign.origin}${SIGNED_IN_DEVICES_PATH}`, label: 'See where you’re signed in' },
  });
}

/**
 * Sends new-device notices without holding up the sign-in: each is handed to the mailer in the
 * background, a failure logged; `settled()` waits for those in flight (tests, shutdown).
 */
export function createNewDeviceNotices(options: { mailer: Mailer; logger: Logger }) {
  const work = createBackgroundWork(options.logger);
  return {
    send(message: EmailMessage, userId: string): void {
      work.run(() => options.mailer.send(message), 'new sign-in notice failed', { userId });
    },
    settled: work.settled,
  };
}
export type NewDeviceNotices = ReturnType<typeof createNewDeviceNotices>;
