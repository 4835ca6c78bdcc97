import type { EmailMessage } from './message.ts';

/** Text made safe inside HTML elements and double- or single-quoted attributes. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * An account notice: "Hi <name>," then one paragraph per line, and a closing link when there is one.
 * The text part has the same lines, the link written out.
 */
export function noticeEmail(notice: {
  to: string;
  subject: string;
  firstName: string;
  lines: readonly string[];
  link?: { href: string; label: string };
}): EmailMessage {
  const { link } = notice;
  return {
    to: notice.to,
    subject: notice.subject,
    text: [`Hi ${notice.firstName},`, '', ...notice.lines, ...(link ? ['', link.href] : [])].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(notice.firstName)},</p>`,
      ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    ].join('\n'),
  };
}
