/// <reference lib="dom" />
/**
 * The seller's first load of /journey as Chromium's resource timing sees it: when each request of
 * the chain (session probe, /remotes.json, the seller remote's manifest and entry, the journey's API
 * reads) starts and ends, relative to navigation start, plus FCP, LCP and layout shift; then the same
 * seller returns (warm cache) and the scripts fetched again are counted. Printed, not asserted.
 *
 *   PAGE_WEIGHT_URL=http://127.0.0.1:8080 node bench/page-weight/journey-waterfall.ts
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { pageWeightConfig } from './config.ts';

const config = pageWeightConfig();
if (!config.baseUrl) throw new Error('Set PAGE_WEIGHT_URL to a running platform (npm start)');
const baseUrl = config.baseUrl;

/** The requests of the chain, by a part of their URL. */
const CHAIN: Array<[string, RegExp]> = [
  ['document', /\/journey$/],
  ['session probe', /\/api\/auth\/session$/],
  ['remotes.json', /\/remotes\.json$/],
  ['seller manifest', /mfe-seller\/mf-manifest\.json/],
  ['seller remoteEntry', /mfe-seller\/remoteEntry\.[0-9a-f]+\.js$/],
  ['GET journey', /\/api\/clients\/current\/journey$/],
  ['GET tasks', /\/api\/clients\/current\/tasks$/],
  ['GET households', /\/api\/clients\/current\/households$/],
  ['GET profile', /\/api\/clients\/current\/profile$/],
];

interface Timed {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

async function signedInSeller(context: BrowserContext): Promise<void> {
  const registeredAt = Date.now();
  const password = 'bench-waterfall-1';
  const registered = await context.request.post(`${baseUrl}/api/register`, {
    data: {
      email: `waterfall-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password,
      confirmPassword: password,
      firstName: 'Jane',
      lastName: 'Bench',
      phone: '555-0100',
      role: 'client',
    },
  });
  if (!registered.ok()) throw new Error(`registration failed: ${registered.status()}`);
  // The journey exists once the journey service has applied user-registered: measure the page, not that.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await context.request.get(`${baseUrl}/api/clients/current/journey`)).ok()) {
      // A returning seller, as the gateway sees one: it preloads the journey's reads only for a
      // session past its first seconds (FRESH_SESSION_MS, gateway/src/frontend).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, registeredAt + 11_000 - Date.now())));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the new seller has no journey');
}

async function visit(context: BrowserContext) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      (window as unknown as { lcp: number }).lcp = list.getEntries().at(-1)?.startTime ?? Number.NaN;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${baseUrl}/journey`);
  await page
    .locator('[data-remote="mfe-seller"]')
    .getByText("Today's Priority")
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
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
      ],
      lcp,
      fcp,
      cls: shifts.reduce((sum, value) => sum + value, 0),
    };
  });
  await page.close();
  return result;
}

const browser = await chromium.launch({
  executablePath: config.chromiumPath,
  headless: true,
  args: ['--no-sandbox'],
});
try {
  const runs: Array<Record<string, string>> = [];
  let lastEntries: Timed[] = [];
  for (let run = 0; run < config.runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signedInSeller(context);
    const cold = await visit(context);
    const warm = await visit(context);
    const scripts = warm.entries.filter((entry) => /\.js$/.test(entry.name));
    runs.push({
      fcpMs: cold.fcp.toFixed(0),
      lcpMs: cold.lcp.toFixed(0),
      cls: cold.cls.toFixed(3),
      returningScripts: String(scripts.length),
      returningScriptsFetched: String(scripts.filter((entry) => entry.transferSize > 0).length),
    });
    lastEntries = cold.entries;
    await context.close();
  }
  console.log(
    `/journey, signed-in seller, cold cache (last of ${config.runs} runs), ms from navigation start:`,
  );
  const rows = CHAIN.map(([label, pattern]) => {
    const entry = lastEntries.find((candidate) => pattern.test(candidate.name));
    return {
      request: label,
      start: entry ? Math.round(entry.startTime) : '—',
      end: entry ? Math.round(entry.responseEnd) : '—',
    };
  });
  console.table(rows);
  console.table(runs);
} finally {
  await browser.close();
}
