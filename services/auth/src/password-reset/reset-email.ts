import { escapeHtml, noticeEmail, type EmailMessage } from '@listready/messaging';

/** The reset mail: the link, its one-hour lifetime, and what to do if it was not you. */
export function resetEmail(to: string, firstName: string, link: string): EmailMessage {
  const subject = 'Reset your ListReady password';
  const text = [
    `Hi ${firstName},`,
    '',
    'We received a request to reset the password of your ListReady account.',
    'Open this link to choose a new password. It expires in 1 hour and works once:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>We received a request to reset the password of your ListReady account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a>. The link expires in 1 hour and works once.</p>
<p>If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { to, subject, text, html };
}

/**
 * The notice of a password change: when it was changed, that other devices were signed out, and —
 * if it was not them — the way to take the account back (a reset link is sent to this address).
 */
export function passwordChangedEmail(change: {
  to: string;
  firstName: string;
  origin: string;
}): EmailMessage {
  return noticeEmail({
    to: change.to,
    subject: 'Your ListReady password was changed',
    firstName: change.firstName,
    lines: [
      'The password of your ListReady account was just changed, and every other device where you were signed in was signed out.',
      'If you did not do this, reset your password at once from the link below: someone may have signed in as you.',
    ],
    link: { href: `${change.origin}/forgot-password`, label: 'Reset your password' },
  });
}
