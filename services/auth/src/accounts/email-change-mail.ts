import { noticeEmail, type EmailMessage } from '@listready/messaging';

/**
 * The two notices of an e-mail change: the old address learns where the account went (and what to
 * do if it was not them), the new one that it now signs in.
 */
export function emailChangeMails(change: { firstName: string; from: string; to: string }): EmailMessage[] {
  const notice = (to: string, lines: string[]) =>
    noticeEmail({ to, subject: 'Your ListReady email was changed', firstName: change.firstName, lines });
  return [
    notice(change.from, [
      `The email of your ListReady account was changed from ${change.from} to ${change.to}.`,
      'If you did not do this, reply to this message at once: someone may have your password.',
    ]),
    notice(change.to, [
      `This address (${change.to}) now signs in to your ListReady account, in place of ${change.from}.`,
    ]),
  ];
}
