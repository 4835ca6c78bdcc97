import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Chromium for the image smoke test (Debian's /usr/bin/chromium, never a downloaded one), with what
 * a page reported: console errors, uncaught errors, Content-Security-Policy violations (the console's
 * and the page's own securitypolicyviolation events), failed requests and responses of 400 and up.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface WatchedPage {
  page: Page;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Everything that went wrong, one line each; empty for a clean page. */
  problems: string[];
  close: () => Promise<void>;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const CSP_BINDING = '__smokeReportCspViolation';

/** A page in a fresh context, watched from its first request. */
export async function watchedPage(browser: Browser, baseURL: string): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  await context.exposeBinding(CSP_BINDING, (_source, text: string) =>
    problems.push(`CSP violation: ${text}`),
  );
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      window.${CSP_BINDING}?.(event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline') +
        ' (' + event.sourceFile + ':' + event.lineNumber + ')');
    });`,
  });
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED')
      problems.push(`${request.method()} ${request.url()} failed: ${reason}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // The browser's line for a failed response: reported above with its URL.
    if (text.startsWith('Failed to load resource')) return;
    problems.push(
      text.includes('Content Security Policy') ? `CSP violation: ${text}` : `console error: ${text}`,
    );
  });
  return { page, requests, problems, close: () => context.close() };
}
