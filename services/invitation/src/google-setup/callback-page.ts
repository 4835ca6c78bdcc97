import { createHash } from 'node:crypto';
import type { CallbackOutcome } from './google-setup.ts';

/**
 * The page Google's redirect lands on (`GET /api/google-oauth-callback`): a document rendered here,
 * since the browser arrives by navigation. No script at all; its one style sheet is allowed by
 * hash, so its own Content-Security-Policy is `default-src 'none'` plus that hash. The refresh token
 * appears on the success page only, escaped, with `no-store` so no cache keeps it.
 */

export type PageOutcome = CallbackOutcome | { kind: 'signedOut' } | { kind: 'notAgent' };

/** The theme's tokens (libs/ui theme.css): dark page, surface card, AA contrast. */
const STYLE = `
:root{color-scheme:dark;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;background:#000;color:#fafafa}
body{margin:0;padding:2.5rem 1rem;line-height:1.5}
main{max-width:42rem;margin:0 auto}
h1{font-size:1.875rem;line-height:1.2;margin:0 0 .5rem}
.lead{color:#a1a1aa;margin:0 0 2rem}
.card{border:1px solid #3f3f46;border-radius:.75rem;background:#18181b;padding:1.5rem;overflow-wrap:anywhere}
.card p{margin:0 0 1rem}
.card p:last-child{margin-bottom:0}
pre{margin:0 0 1rem;padding:1rem;border:1px solid #3f3f46;border-radius:.5rem;background:#000;white-space:pre-wrap;word-break:break-all}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
pre code{user-select:all}
.error{color:#fca5a5}
a{color:#c084fc}
a:focus-visible{outline:2px solid #c084fc;outline-offset:2px}
nav{margin-top:1.5rem;display:flex;flex-wrap:wrap;gap:1rem}
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Only this page's style sheet; no script, frame, form or base; the favicon from our origin. */
export const CALLBACK_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Page {
  status: number;
  title: string;
  lead: string;
  /** Already-escaped HTML paragraphs and blocks. */
  body: string[];
  links: { href: string; text: string }[];
}

const p = (text: string, className?: string) =>
  `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`;
const SETUP_LINK = { href: '/google-setup', text: 'Back to Google Mail Setup' };
const START_AGAIN = 'Start again from Google Mail Setup: Authorise with Google.';

function pageOf(outcome: PageOutcome): Page {
  switch (outcome.kind) {
    case 'connected':
      return {
        status: 200,
        title: 'Google Mail Authorised',
        lead: 'Google gave ListReady a refresh token for sending mail as the account you chose.',
        body: [
          p('Store this line as a server secret, beside GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET:'),
          `<pre><code>GOOGLE_REFRESH_TOKEN=${escapeHtml(outcome.refreshToken)}</code></pre>`,
          p(
            'Then restart the auth and invitation services. With Docker Compose, set it in the environment; on Kubernetes, put it in the listready-google Secret under the key GOOGLE_REFRESH_TOKEN.',
          ),
          p(
            'ListReady does not keep this token and will not show it again: copy it before you leave this page. Anyone holding it can send mail as this account.',
            'error',
          ),
        ],
        links: [SETUP_LINK],
      };
    case 'signedOut':
      return {
        status: 401,
        title: 'Sign In to Finish',
        lead: 'Google sent you back, but nobody is signed in here.',
        body: [
          p(
            'The authorisation belongs to the agent who started it. Sign in as that agent, then start again from Google Mail Setup.',
            'error',
          ),
        ],
        links: [{ href: '/auth?role=agent', text: 'Sign in' }, SETUP_LINK],
      };
    case 'notAgent':
      return {
        status: 403,
        title: 'Agents Only',
        lead: 'Only an agent can connect the Google mail account.',
        body: [p('Sign in with an agent account, then start again from Google Mail Setup.', 'error')],
        links: [{ href: '/', text: 'Go to Home' }],
      };
    case 'notConfigured':
      return {
        status: 503,
        title: 'Google OAuth Is Not Configured',
        lead: 'The server has no Google client to finish this with.',
        body: [
          p(
            'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, restart the invitation service, and start again.',
            'error',
          ),
        ],
        links: [SETUP_LINK],
      };
    case 'badState':
      return outcome.reason === 'notYours'
        ? {
            status: 403,
            title: 'Authorisation Not Yours',
            lead: 'This authorisation was started by another agent or another sign-in.',
            body: [p(`Nothing was exchanged. ${START_AGAIN}`, 'error')],
            links: [SETUP_LINK],
          }
        : {
            status: 400,
            title: outcome.reason === 'expired' ? 'Authorisation Expired' : 'Invalid Authorisation',
            lead:
              outcome.reason === 'expired'
                ? 'This authorisation took longer than 10 minutes.'
                : 'This address is not a return from an authorisation started here.',
            body: [p(`Nothing was exchanged. ${START_AGAIN}`, 'error')],
            links: [SETUP_LINK],
          };
    case 'denied':
      return {
        status: 400,
        title: 'Access Denied',
        lead: 'Google says access was denied: ListReady may not send mail as that account.',
        body: [
          p('Invitation e-mails cannot be sent until an account is connected.', 'error'),
          p(`${START_AGAIN} Choose the sending account and allow “Send email on your behalf”.`),
        ],
        links: [SETUP_LINK],
      };
    case 'scopeNotGranted':
      return {
        status: 400,
        title: 'Permission Not Granted',
        lead: 'The account was connected without permission to send mail.',
        body: [p(`${START_AGAIN} Tick “Send email on your behalf” on Google's consent screen.`, 'error')],
        links: [SETUP_LINK],
      };
    case 'googleError':
      return {
        status: 400,
        title: 'Google Reported an Error',
        lead: `Google answered: ${outcome.error}${outcome.description ? ` (${outcome.description})` : ''}.`,
        body: [p(`Check the OAuth client's settings in the Google Cloud console. ${START_AGAIN}`, 'error')],
        links: [SETUP_LINK],
      };
    case 'missingCode':
      return {
        status: 400,
        title: 'Invalid Authorisation',
        lead: 'Google sent no authorisation code.',
        body: [p(START_AGAIN, 'error')],
        links: [SETUP_LINK],
      };
    case 'codeRefused':
      return {
        status: 400,
        title: 'Google Refused the Code',
        lead: `Google answered: ${outcome.error}${outcome.description ? ` (${outcome.description})` : ''}.`,
        body: [
          p(
            `A code works once and for a few minutes, so reloading this page cannot work; check too that the redirect address registered on the OAuth client is this site's. ${START_AGAIN}`,
            'error',
          ),
        ],
        links: [SETUP_LINK],
      };
    case 'unreachable':
      return {
        status: 502,
        title: 'Google Did Not Answer',
        lead: "Google's token service could not be reached.",
        body: [p(`Try again in a minute. ${START_AGAIN}`, 'error')],
        links: [SETUP_LINK],
      };
    case 'noRefreshToken':
      return {
        status: 502,
        title: 'No Refresh Token',
        lead: 'Google authorised the account but sent no refresh token.',
        body: [
          p(
            `Remove ListReady's access at https://myaccount.google.com/permissions, then ${START_AGAIN.charAt(0).toLowerCase()}${START_AGAIN.slice(1)}`,
            'error',
          ),
        ],
        links: [SETUP_LINK],
      };
  }
}

/** The status and the whole HTML document for an outcome. */
export function renderCallbackPage(outcome: PageOutcome): { status: number; html: string } {
  const page = pageOf(outcome);
  const links = page.links.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)} · ListReady</title>
<link rel="icon" href="/favicon.ico">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p class="lead">${escapeHtml(page.lead)}</p>
<div class="card">
${page.body.join('\n')}
</div>
<nav aria-label="Next steps">${links.join('')}</nav>
</main>
</body>
</html>
`;
  return { status: page.status, html };
}
