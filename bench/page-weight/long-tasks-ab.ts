/// <reference lib="dom" />
/**
 * Two (or more) builds of a front end (the shell by default) compared on the main thread of a seller's
 * first load of a page: each build's `dist` is copied into place in turn and loaded once per round, the builds
 * alternating so that a machine getting busier or quieter weighs on all alike. Each load runs at
 * Lighthouse's mobile CPU slowdown (4×, Chromium's CPU throttling) in a fresh context, and the page's
 * own `longtask` and `largest-contentful-paint` entries give its blocking time (the sum of each long
 * task's time over 50 ms, as TBT counts it) and LCP. Medians are printed; nothing is asserted.
 *
 *   cp -a shell/dist /tmp/before   # …change, rebuild…   cp -a shell/dist /tmp/after
 *   AB_BUILDS=/tmp/before,/tmp/after AB_ROUNDS=8 node bench/page-weight/long-tasks-ab.ts
 *
 * The `dist` is put back as it was at the end. AB_DIST names the front end whose builds are compared
 * (default `shell/dist`; `mfe-seller/dist` for the seller remote, whose manifest the gateway reads
 * again for each page). AB_ROUTE (default /journey) and AB_READY (a selector that says the page is
 * up, default a task row) pick the page.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNpmStartPlatform } from '../lighthouse/platform.ts';
import { median, repositoryRoot } from '../support/harness.ts';
import { sellerBrowser } from './seller-browser.ts';

const builds = (process.env.AB_BUILDS ?? '').split(',').filter(Boolean);
if (builds.length < 2) throw new Error('Set AB_BUILDS to two or more copies of a dist, comma-separated');
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const route = process.env.AB_ROUTE ?? '/journey';
const ready = process.env.AB_READY ?? '[data-testid="task-row"]';
const distDir = path.join(repositoryRoot, process.env.AB_DIST ?? 'shell/dist');

async function useBuild(dir: string): Promise<void> {
  await rm(distDir, { recursive: true, force: true });
  await cp(dir, distDir, { recursive: true });
}

const saved = await mkdtemp(path.join(tmpdir(), 'listready-ab-shell-'));
await cp(distDir, saved, { recursive: true });
const platform = await startNpmStartPlatform(process.env, tmpdir());
const figures = new Map<string, Array<{ blocking: number; lcp: number }>>();
try {
  const { browser, newSellerContext } = await sellerBrowser(platform.url);
  for (let round = 0; round < rounds; round += 1) {
    for (const build of builds) {
      // The gateway reads the front end's files from disk for each request (index.html included).
      await useBuild(build);
      const context = await newSellerContext();
      await context.addInitScript(() => {
        const seen = { longTasks: [] as number[], lcp: 0 };
        Object.assign(window, { __abSeen: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${platform.url}${route}`);
      await page.waitForSelector(ready, { timeout: 60_000 });
      await page.waitForTimeout(2_000);
      const seen = await page.evaluate(
        () => (window as unknown as { __abSeen: { longTasks: number[]; lcp: number } }).__abSeen,
      );
      const blocking = seen.longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
      figures.set(build, [...(figures.get(build) ?? []), { blocking, lcp: seen.lcp }]);
      console.log(
        `round ${round + 1} ${build}: blocking ${blocking.toFixed(0)} ms, LCP ${seen.lcp.toFixed(0)} ms`,
      );
      await context.close();
    }
  }
  await browser.close();
} finally {
  await useBuild(saved);
  await rm(saved, { recursive: true, force: true });
  await platform.stop();
}

console.table(
  builds.map((build) => ({
    build,
    loads: figures.get(build)?.length ?? 0,
    blockingMedianMs: Math.round(median((figures.get(build) ?? []).map((figure) => figure.blocking))),
    lcpMedianMs: Math.round(median((figures.get(build) ?? []).map((figure) => figure.lcp))),
  })),
);
