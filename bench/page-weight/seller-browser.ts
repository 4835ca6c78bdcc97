import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { signedInCookie } from '../lighthouse/platform.ts';

export interface SellerBrowser {
  browser: Browser;
  /** A fresh context the size of Lighthouse's mobile screen, signed in as the one seller. */
  newSellerContext(): Promise<BrowserContext>;
}

/**
 * Chromium (CHROME_PATH, or Debian's) and one seller registered on the platform at `baseUrl`, for the
 * benches that load a seller's page in a fresh context each round.
 */
export async function sellerBrowser(baseUrl: string): Promise<SellerBrowser> {
  const [name = '', value = ''] = (await signedInCookie(baseUrl, 'client')).split('=');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  return {
    browser,
    async newSellerContext() {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([{ name, value, url: baseUrl }]);
      return context;
    },
  };
}
