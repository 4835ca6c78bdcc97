/// <reference lib="dom" />
/**
 * Two (or more) builds of the front end compared on a first load of a page: each build's copy of one
 * or more `dist` folders is put in place in turn and loaded once per round, the builds alternating so
 * that a machine getting busier or quieter weighs on all alike. Each load runs in a fresh context at
 * AB_RATE × CPU slowdown (default 4, Lighthouse's mobile; 1 for none), and the page's own entries give
 * its blocking time (the sum of each long task's time over 50 ms, as TBT counts it), its LCP, and
 * when AB_READY (a selector that says the page is up) was first in the document. Medians are printed;
 * nothing is asserted.
 *
 *   cp -a shell/dist /tmp/before   # …change, rebuild…   cp -a shell/dist /tmp/after
 *   AB_BUILDS=/tmp/before,/tmp/after AB_ROUNDS=8 node bench/page-weight/long-tasks-ab.ts
 *
 * AB_DIST names the front ends whose builds are compared, comma-separated (default `shell/dist`;
 * `mfe-seller/dist` for the seller remote, whose files the gateway reads again for each page). With
 * more than one, each build is a folder holding a copy of each, named after its project
 * (`/tmp/before/shell`, `/tmp/before/mfe-agent` for `AB_DIST=shell/dist,mfe-agent/dist`). AB_ROUTE
 * (default /journey) and AB_READY (default a task row) pick the page, AB_AS who loads it (`seller`,
 * the default; `agent`; `visitor`, with no session), AB_VIEWPORT its size (`mobile`, the default, or
 * `desktop`). Every `dist` is put back as it was at the end.
 *
 * AB_PRESS (the name of a button of the bottom bar, `Profile` say) goes on from there, as a phone
 * user would: once the page is up, the finger comes down on that button and lifts AB_PRESS_HOLD_MS
 * later (default 80, a tap), and the time from the press until AB_PRESS_READY (a selector, by
 * default `[data-profile-tab]`: the profile drawn, not its outline) is in the document is printed.
 * AB_PRESS_HOVER_MS (default 0) keeps a mouse's pointer over the button that long before it presses.
 * AB_PRESS_LINK (a link's accessible name) presses that link instead, after AB_PRESS_AFTER_TAB (a
 * tab's name) is opened if given: an agent with a linked client (`AB_AS=agent-with-client`, the
 * client Casey Client) opening the client's journey from the dashboard is
 *
 *   AB_AS=agent-with-client AB_ROUTE=/dashboard AB_READY='[data-stat]' AB_PRESS_AFTER_TAB=Clients \
 *   AB_PRESS_LINK='View Casey Client’s journey' AB_PRESS_READY='[data-testid="task-row"]' …
 */
import type { Page } from 'playwright-core';
import { tmpdir } from 'node:os';
import { startNpmStartPlatform } from '../lighthouse/platform.ts';
import { frontEndBuilds } from '../support/front-end-builds.ts';
import { median, repositoryRoot } from '../support/harness.ts';
import { pageBrowser, pageVisitorSetting, VIEWPORTS } from './seller-browser.ts';

const frontEnd = frontEndBuilds(process.env, repositoryRoot);
const { builds } = frontEnd;
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const route = process.env.AB_ROUTE ?? '/journey';
const ready = process.env.AB_READY ?? '[data-testid="task-row"]';
const rate = Number(process.env.AB_RATE ?? 4);
const as = pageVisitorSetting(process.env.AB_AS);
const viewport = (process.env.AB_VIEWPORT ?? 'mobile') as keyof typeof VIEWPORTS;
if (!Object.hasOwn(VIEWPORTS, viewport)) throw new Error('AB_VIEWPORT is mobile or desktop');
const pressLink = process.env.AB_PRESS_LINK;
const press = pressLink ?? process.env.AB_PRESS;
const pressTab = process.env.AB_PRESS_AFTER_TAB;
const pressReady = process.env.AB_PRESS_READY ?? '[data-profile-tab]';
const pressHoldMs = Number(process.env.AB_PRESS_HOLD_MS ?? 80);
const pressHoverMs = Number(process.env.AB_PRESS_HOVER_MS ?? 0);
await frontEnd.save();
const platform = await startNpmStartPlatform(process.env, tmpdir());
type Figure = 'blocking' | 'lcp' | 'ready' | 'pressed';
const figures = new Map<string, Array<Record<Figure, number>>>();

/**
 * Presses AB_PRESS in the bottom bar (or the link AB_PRESS_LINK, in the middle of the screen, after
 * the tab AB_PRESS_AFTER_TAB); answers the ms from the press until AB_PRESS_READY is there.
 */
async function pressAndWait(page: Page): Promise<number> {
  if (pressTab) await page.getByRole('tab', { name: pressTab }).click();
  const target = pressLink
    ? page.getByRole('link', { name: pressLink, exact: true })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: press, exact: true });
  await target.waitFor();
  // Out of the bottom bar's way, and the page quiet again after the tab opened.
  if (pressLink) await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  if (pressTab || pressLink) await page.waitForTimeout(1_500);
  const box = await target.boundingBox();
  if (!box) throw new Error(`No ${press} to press`);
  // Watching before the press: the mouse goes through another channel than scripts do.
  await page.evaluate((selector: string) => {
    const times = { pressed: Number.NaN, shown: Number.NaN };
    Object.assign(window, { __abPress: times });
    window.addEventListener('pointerdown', () => (times.pressed = performance.now()), {
      capture: true,
      once: true,
    });
    const watch = new MutationObserver(() => {
      if (Number.isNaN(times.pressed) || !document.querySelector(selector)) return;
      times.shown = performance.now();
      watch.disconnect();
    });
    watch.observe(document, { subtree: true, childList: true });
  }, pressReady);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  if (pressHoverMs > 0) await page.waitForTimeout(pressHoverMs);
  await page.mouse.down();
  await page.waitForTimeout(pressHoldMs);
  await page.mouse.up();
  const times = await page.waitForFunction(
    () => {
      const { pressed, shown } = (window as unknown as { __abPress: { pressed: number; shown: number } })
        .__abPress;
      return Number.isNaN(shown) ? false : shown - pressed;
    },
    undefined,
    { timeout: 60_000 },
  );
  return (await times.jsonValue()) as number;
}
try {
  const { browser, newContext } = await pageBrowser(platform.url, { as, viewport });
  for (let round = 0; round < rounds; round += 1) {
    for (const build of builds) {
      // The gateway reads the front end's files from disk for each request (index.html included).
      await frontEnd.use(build);
      const context = await newContext();
      await context.addInitScript((selector: string) => {
        const seen = { longTasks: [] as number[], lcp: 0, ready: Number.NaN };
        Object.assign(window, { __abSeen: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        const watch = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          seen.ready = performance.now();
          watch.disconnect();
        });
        watch.observe(document, { subtree: true, childList: true });
      }, ready);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.goto(`${platform.url}${route}`);
      await page.waitForSelector(ready, { timeout: 60_000 });
      await page.waitForTimeout(2_000);
      const seen = await page.evaluate(
        () =>
          (window as unknown as { __abSeen: { longTasks: number[]; lcp: number; ready: number } }).__abSeen,
      );
      const blocking = seen.longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
      const pressed = press ? await pressAndWait(page) : Number.NaN;
      figures.set(build, [
        ...(figures.get(build) ?? []),
        { blocking, lcp: seen.lcp, ready: seen.ready, pressed },
      ]);
      console.log(
        `round ${round + 1} ${build}: ready ${seen.ready.toFixed(0)} ms, blocking ${blocking.toFixed(0)} ms, LCP ${seen.lcp.toFixed(0)} ms` +
          (press ? `, ${press} pressed → shown ${pressed.toFixed(0)} ms` : ''),
      );
      await context.close();
    }
  }
  await browser.close();
} finally {
  await frontEnd.restore();
  await platform.stop();
}

const medianOf = (build: string, figure: Figure) =>
  Math.round(median((figures.get(build) ?? []).map((seen) => seen[figure])));
console.log(`${route} as ${as}, ${viewport}, ${rate}× CPU, ${rounds} rounds`);
console.table(
  builds.map((build) => ({
    build,
    loads: figures.get(build)?.length ?? 0,
    readyMedianMs: medianOf(build, 'ready'),
    blockingMedianMs: medianOf(build, 'blocking'),
    lcpMedianMs: medianOf(build, 'lcp'),
    ...(press ? { pressedToShownMedianMs: medianOf(build, 'pressed') } : {}),
  })),
);
