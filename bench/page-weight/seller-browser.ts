import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { agentWithClientCookie, signedInCookie } from '../lighthouse/platform.ts';

/**
 * Who loads the page: a seller, an agent, an agent with one linked client (each registered once),
 * or a visitor with no session.
 */
export const PAGE_VISITORS = ['seller', 'agent', 'agent-with-client', 'visitor'] as const;
export type PageVisitor = (typeof PAGE_VISITORS)[number];

/** Who loads the page, from a setting (`AB_AS`): a seller unless set; anything else is refused. */
export function pageVisitorSetting(value: string | undefined): PageVisitor {
  const as = value ?? 'seller';
  if (!(PAGE_VISITORS as readonly string[]).includes(as))
    throw new Error(`AB_AS is one of ${PAGE_VISITORS.join(', ')}, not ${as}`);
  return as as PageVisitor;
}

function cookieOf(baseUrl: string, as: PageVisitor): Promise<string | undefined> {
  if (as === 'visitor') return Promise.resolve(undefined);
  if (as === 'agent-with-client') return agentWithClientCookie(baseUrl);
  return signedInCookie(baseUrl, as === 'agent' ? 'agent' : 'client');
}

/** Lighthouse's mobile screen, or a desktop's. */
export const VIEWPORTS = {
  mobile: { width: 412, height: 823 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface PageBrowser {
  browser: Browser;
  /** A fresh context of the chosen size, signed in as the one user (or not at all, for a visitor). */
  newContext(): Promise<BrowserContext>;
}

/**
 * Chromium (CHROME_PATH, or Debian's) and, unless `as` is a visitor, one user of that role registered
 * on the platform at `baseUrl`, for the benches that load a page in a fresh context each round.
 */
export async function pageBrowser(
  baseUrl: string,
  { as, viewport = 'mobile' }: { as: PageVisitor; viewport?: keyof typeof VIEWPORTS },
): Promise<PageBrowser> {
  const cookie = await cookieOf(baseUrl, as);
  const [name = '', value = ''] = cookie?.split('=') ?? [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  return {
    browser,
    async newContext() {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      if (cookie) await context.addCookies([{ name, value, url: baseUrl }]);
      return context;
    },
  };
}
