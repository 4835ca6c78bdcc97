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

/**
 * A problem a test provokes on purpose, so the after-test check lets it pass: a response
 * (`{ url, status, method? }`, the URL as a substring of the full URL or a pattern), a request that
 * failed (`{ url, failure }`, the browser's error text, e.g. a server restarting) or a console or
 * page error (`{ console }`). Allowed, not required: the test asserts what it provoked itself.
 */
export type ExpectedProblem =
  | { url: string | RegExp; status: number; method?: string }
  | { url: string | RegExp; failure: RegExp }
  | { console: RegExp };

interface Problem {
  kind: 'response' | 'request failed' | 'console error' | 'page error' | 'CSP violation';
  text: string;
  url?: string;
  status?: number;
  method?: string;
  /** A failed request's error text (`net::ERR_CONNECTION_REFUSED`). */
  failure?: string;
}

export interface ObservedPage {
  page: Page;
  /** Every request the page made, in order. */
  requests: Request[];
  /** Uncaught errors and console errors, for asserting a clean page. */
  errors: string[];
  /** Content-Security-Policy violations (the console's reports and the page's events). */
  cspViolations: string[];
  /** Responses of 400 and above the page received (`GET <url> → 404`). */
  failedResponses: string[];
  /** Lets the after-test check pass a problem this test provokes (a wrong password's 401…). */
  expect: (...problems: ExpectedProblem[]) => void;
  /**
   * Another tab of the same browser profile (its cookies, storage and service worker), observed
   * the same way and checked after the test with this one (what this page's `expect` allows).
   */
  anotherTab: () => Promise<ObservedPage>;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

function matches(pattern: string | RegExp, text: string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

function isExpected(problem: Problem, expected: readonly ExpectedProblem[]): boolean {
  return expected.some((allowed) => {
    if ('console' in allowed) {
      return (
        (problem.kind === 'console error' || problem.kind === 'page error') &&
        allowed.console.test(problem.text)
      );
    }
    if ('failure' in allowed) {
      return (
        problem.kind === 'request failed' &&
        matches(allowed.url, problem.url ?? '') &&
        allowed.failure.test(problem.failure ?? '')
      );
    }
    return (
      problem.kind === 'response' &&
      problem.status === allowed.status &&
      matches(allowed.url, problem.url ?? '') &&
      (allowed.method === undefined || allowed.method === problem.method)
    );
  });
}

/** Reports from the page itself: every `securitypolicyviolation` event, eval probes included. */
const CSP_BINDING = '__e2eReportCspViolation';

interface OpenPage {
  context: BrowserContext;
  observed: ObservedPage;
  problems: Problem[];
  expected: ExpectedProblem[];
}

async function observe(context: BrowserContext): Promise<OpenPage> {
  const problems: Problem[] = [];
  const expected: ExpectedProblem[] = [];
  const tabs = new Map<Page, ObservedPage>();
  const cspViolation = (observed: ObservedPage | undefined, text: string) => {
    observed?.cspViolations.push(text);
    problems.push({ kind: 'CSP violation', text });
  };
  await context.exposeBinding(CSP_BINDING, (source, text: string) =>
    cspViolation(tabs.get(source.page), text),
  );
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, CSP_BINDING);

  async function openTab(): Promise<ObservedPage> {
    const page = await context.newPage();
    const observed: ObservedPage = {
      page,
      requests: [],
      errors: [],
      cspViolations: [],
      failedResponses: [],
      expect: (...more) => expected.push(...more),
      anotherTab: openTab,
    };
    tabs.set(page, observed);
    page.on('request', (request) => observed.requests.push(request));
    page.on('response', (response) => {
      if (response.status() < 400) return;
      const method = response.request().method();
      const text = `${method} ${response.url()} → ${response.status()}`;
      observed.failedResponses.push(text);
      problems.push({ kind: 'response', text, url: response.url(), status: response.status(), method });
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A navigation cancels what the previous page still had in flight: no defect of either page.
      if (reason === 'net::ERR_ABORTED') return;
      problems.push({
        kind: 'request failed',
        text: `${request.method()} ${request.url()}: ${reason}`,
        url: request.url(),
        failure: reason,
      });
    });
    page.on('pageerror', (error) => {
      observed.errors.push(error.message);
      problems.push({ kind: 'page error', text: error.stack ?? error.message });
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (text.includes('Content Security Policy')) return cspViolation(observed, text);
      // The browser's line for a failed response or request: each is reported above, with its URL.
      if (text.startsWith('Failed to load resource')) return;
      observed.errors.push(text);
      problems.push({ kind: 'console error', text });
    });
    return observed;
  }
  return { context, observed: await openTab(), problems, expected };
}

/**
 * One Chromium per test file (launching is the slow part); a fresh context per page, and a
 * screenshot of each test's last page under e2e/artifacts/ whether it passed or failed.
 *
 * After every test, each page it opened must have been clean: no console error, page error, CSP
 * violation, failed request or response of 400 and above, except what the test declared with
 * `observed.expect(…)`. The test fails otherwise, listing what happened.
 */
export function useBrowser(fileName: string) {
  let browser: Browser | undefined;
  let open: OpenPage[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(artifactsDir, { recursive: true });
  });

  afterEach(async (context) => {
    const pages = open;
    open = [];
    const last = pages.at(-1);
    if (last) {
      const file = `${slug(path.basename(fileName, '.ts'))}--${slug(context.task.name)}.png`;
      await last.observed.page
        .screenshot({ path: path.join(artifactsDir, file), fullPage: true })
        .catch(() => undefined);
    }
    await Promise.all(pages.map((page) => page.context.close()));
    const unexpected = pages.flatMap(({ problems, expected }) =>
      problems.filter((problem) => !isExpected(problem, expected)),
    );
    if (unexpected.length > 0) {
      throw new Error(
        `The page reported ${unexpected.length} problem(s) this test did not expect:\n${unexpected
          .map((problem) => `  - ${problem.kind}: ${problem.text}`)
          .join('\n')}`,
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    /**
     * A page in a fresh context. `serviceWorkers: 'block'` keeps the platform's worker out, for a
     * test that cuts requests with `page.route` (which does not see what a worker answers);
     * `locale` is the browser's language (navigator.language, Intl's default; Chromium's own if unset).
     */
    async newPage(
      viewport = { width: 1280, height: 800 },
      { serviceWorkers = 'allow', locale }: { serviceWorkers?: 'allow' | 'block'; locale?: string } = {},
    ): Promise<ObservedPage> {
      if (!browser) throw new Error('useBrowser: the browser is not launched yet');
      const page = await observe(
        await browser.newContext({ viewport, serviceWorkers, ...(locale ? { locale } : {}) }),
      );
      open.push(page);
      return page.observed;
    },
  };
}
