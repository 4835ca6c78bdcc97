/// <reference lib="dom" />
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signedInCookie } from '../lighthouse/platform.ts';
import { reportFigures } from '../support/figures.ts';
import { median } from '../support/harness.ts';
import { pageWeightConfig } from './config.ts';

/** One request of a page's chain, named by a part of its URL. */
export type ChainLink = [label: string, url: RegExp];

interface Timed {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

/**
 * One load of `url` in `context`, once `ready` holds: resource timing, FCP, LCP, layout shift, and
 * when an element matching `shown` (the page's data) was first in the document.
 */
async function visit(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
  shown: string,
) {
  const page = await context.newPage();
  await page.addInitScript((selector: string) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      (window as unknown as { shownAt: number }).shownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true });
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      (window as unknown as { lcp: number }).lcp = list.getEntries().at(-1)?.startTime ?? Number.NaN;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }, shown);
  await page.goto(url);
  await ready(page).catch(async (error: unknown) => {
    console.error((await page.locator('body').innerText()).slice(0, 500));
    throw error;
  });
  await page.waitForTimeout(300);
  const result = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const lcp = (window as unknown as { lcp?: number }).lcp ?? Number.NaN;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const shifts = (window as unknown as { shifts: number[] }).shifts;
    return {
      entries: [
        { name: navigation.name, startTime: 0, responseEnd: navigation.responseEnd, transferSize: 0 },
        ...resources.map((entry) => ({
          name: entry.name,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
          transferSize: entry.transferSize,
        })),
      ] satisfies Timed[],
      lcp,
      fcp,
      shownAt: (window as unknown as { shownAt?: number }).shownAt ?? Number.NaN,
      cls: shifts.reduce((sum, value) => sum + value, 0),
    };
  });
  await page.close();
  return result;
}

/**
 * A signed-in page's first load in Chromium at 1280 × 800 on the platform running at PAGE_WEIGHT_URL,
 * PAGE_WEIGHT_RUNS times, each in a fresh context signed in as a new account of the role (a seller
 * once their journey exists: `signedInCookie`): cold, then again with a warm cache to count the
 * scripts fetched again. Prints the chain's timing (last run) and each
 * run's FCP, LCP, CLS and returning scripts; reports the medians, with when the page's data
 * (`shown`) was first in the document.
 */
export async function reportFirstLoads(options: {
  title: string;
  /** The page's path, loaded by a new account of `role`. */
  path: string;
  role: 'client' | 'agent';
  chain: readonly ChainLink[];
  ready: (page: Page) => Promise<void>;
  /** A CSS selector of the page's data (its first API answers, rendered). */
  shown: string;
}): Promise<void> {
  const config = pageWeightConfig();
  const baseUrl = config.baseUrl;
  if (!baseUrl) throw new Error('Set PAGE_WEIGHT_URL to a running platform (npm start)');
  const url = `${baseUrl}${options.path}`;
  const signIn = async (context: BrowserContext) => {
    const [name = '', value = ''] = (await signedInCookie(baseUrl, options.role)).split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
  };
  const browser = await chromium.launch({
    executablePath: config.chromiumPath,
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const runs: Array<Record<string, string>> = [];
    const lcps: number[] = [];
    const fcps: number[] = [];
    const shownAts: number[] = [];
    let lastEntries: Timed[] = [];
    for (let run = 0; run < config.runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await signIn(context);
      const cold = await visit(context, url, options.ready, options.shown);
      const warm = await visit(context, url, options.ready, options.shown);
      const scripts = warm.entries.filter((entry) => /\.js$/.test(entry.name));
      runs.push({
        fcpMs: cold.fcp.toFixed(0),
        lcpMs: cold.lcp.toFixed(0),
        dataShownMs: cold.shownAt.toFixed(0),
        cls: cold.cls.toFixed(3),
        returningScripts: String(scripts.length),
        returningScriptsFetched: String(scripts.filter((entry) => entry.transferSize > 0).length),
      });
      lcps.push(cold.lcp);
      shownAts.push(cold.shownAt);
      fcps.push(cold.fcp);
      lastEntries = cold.entries;
      await context.close();
    }
    console.log(`${options.title}, cold cache (last of ${config.runs} runs), ms from navigation start:`);
    console.table(
      options.chain.map(([label, pattern]) => {
        const entry = lastEntries.find((candidate) => pattern.test(candidate.name));
        return {
          request: label,
          start: entry ? Math.round(entry.startTime) : '—',
          end: entry ? Math.round(entry.responseEnd) : '—',
        };
      }),
    );
    console.table(runs);
    reportFigures({
      path: options.path,
      runs: config.runs,
      lcpMedianMs: Math.round(median(lcps)),
      fcpMedianMs: Math.round(median(fcps)),
      dataShownMedianMs: Math.round(median(shownAts)),
    });
  } finally {
    await browser.close();
  }
}
