import type { EmailMessage } from '@listready/messaging';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The two notices of an e-mail change: the old address learns where the account went (and what to
 * do if it was not them), the new one that it now signs in.
 */
export function emailChangeMails(change: { firstName: string; from: string; to: string }): EmailMessage[] {
  const subject = 'Your ListReady email was changed';
  const notice = (to: string, lines: string[]): EmailMessage => ({
    to,
    subject,
    text: [`Hi ${change.firstName},`, '', ...lines].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(change.firstName)},</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ].join('\n'),
  });
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
