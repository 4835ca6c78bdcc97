import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { artifactsDir, e2eConfig } from './config.ts';

/** The launch flags every e2e run uses (headless Debian chromium, no outside traffic of its own). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: e2eConfig.chromiumPath, headless: true, args: CHROMIUM_ARGS });
}

export interface ObservedPage {
  page: Page;
  /** Every request the page made, in order. */
  requests: Request[];
  /** Uncaught errors and console errors, for asserting a clean page. */
  errors: string[];
  /** Content-Security-Policy violations reported on the console. */
  cspViolations: string[];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One Chromium per test file (launching is the slow part); a fresh context per test, and a
 * screenshot of each test's page under e2e/artifacts/ whether it passed or failed.
 */
export function useBrowser(fileName: string) {
  let browser: Browser | undefined;
  let open: { context: BrowserContext; observed: ObservedPage } | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(artifactsDir, { recursive: true });
  });

  afterEach(async (context) => {
    if (!open) return;
    const file = `${slug(path.basename(fileName, '.ts'))}--${slug(context.task.name)}.png`;
    await open.observed.page
      .screenshot({ path: path.join(artifactsDir, file), fullPage: true })
      .catch(() => undefined);
    await open.context.close();
    open = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage(viewport = { width: 1280, height: 800 }): Promise<ObservedPage> {
      if (!browser) throw new Error('useBrowser: the browser is not launched yet');
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const observed: ObservedPage = { page, requests: [], errors: [], cspViolations: [] };
      page.on('request', (request) => observed.requests.push(request));
      page.on('pageerror', (error) => observed.errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (text.includes('Content Security Policy')) observed.cspViolations.push(text);
        // The browser reports a 401 from /api/auth/user (signed out) as a failed resource: expected.
        else if (!text.startsWith('Failed to load resource')) observed.errors.push(text);
      });
      open = { context, observed };
      return observed;
    },
  };
}
