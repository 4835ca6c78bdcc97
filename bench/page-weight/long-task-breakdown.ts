/// <reference lib="dom" />
/**
 * Each long task of a page's first load, and what it is made of: where `main-thread-profile.ts`
 * sums the load's script time by function, this names the tasks Total Blocking Time counts. A
 * Chromium trace (the timeline's tasks and their top-level events: a script's evaluation, a
 * callback, style and layout) and the CPU profiler run together over the load of AB_ROUTE (default
 * /journey) by AB_AS (default a seller; as in `long-tasks-ab.ts`) at PROFILE_CPU_RATE × CPU
 * slowdown (default 4, Lighthouse's mobile), in a fresh context against `npm start` with the built
 * front end. For each task over 50 ms of the renderer's main thread it prints its start (from the
 * navigation), its length, its top-level events and the script functions with the most inclusive
 * time in it (PROFILE_TOP, default 8). PROFILE_ROUNDS loads (default 1); nothing is asserted.
 * The 5 Dec 2026 (evening) section of docs/performance.md is one such breakdown.
 *
 *   npx nx run-many -t build && AB_AS=agent AB_ROUTE=/dashboard node bench/page-weight/long-task-breakdown.ts
 */
import { tmpdir } from 'node:os';
import type { CDPSession } from 'playwright-core';
import { startNpmStartPlatform } from '../lighthouse/platform.ts';
import { functionTimes, largest, profiledPage, shortUrl } from '../support/cpu-profile.ts';
import { pageBrowser, pageVisitorSetting } from './seller-browser.ts';

const rounds = Number(process.env.PROFILE_ROUNDS ?? 1);
const route = process.env.AB_ROUTE ?? '/journey';
const top = Number(process.env.PROFILE_TOP ?? 8);
const cpuRate = Number(process.env.PROFILE_CPU_RATE ?? 4);
const as = pageVisitorSetting(process.env.AB_AS);

/** A complete trace event ('X'): microseconds on the same clock as the profile's. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** A task's parts worth naming: what the timeline shows as the blocks under a task. */
const PARTS = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MajorGC',
  'MinorGC',
]);

const LONG_TASK_MS = 50;

async function traceLoad(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading',
    transferMode: 'ReportEvents',
  });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** A part's name as printed: the event, and its script or function where it has one. */
function partName(event: TraceEvent): string {
  const data = event.args?.data;
  const where = data?.url ? shortUrl(data.url) : data?.functionName;
  return where ? `${event.name}(${where})` : event.name;
}

const platform = await startNpmStartPlatform(process.env, tmpdir());
try {
  const { browser, newContext } = await pageBrowser(platform.url, { as });
  for (let round = 0; round < rounds; round += 1) {
    const context = await newContext();
    const { page, cdp, stopProfiler } = await profiledPage(context, cpuRate);
    const events = await traceLoad(cdp, async () => {
      await page.goto(`${platform.url}${route}`, { waitUntil: 'load' });
      await page.waitForTimeout(5_000);
    });
    const profile = await stopProfiler();
    await context.close();

    // The renderer's main thread: the one that evaluated the page's scripts.
    const evaluation = events.find((event) => event.name === 'EvaluateScript');
    if (!evaluation) throw new Error('The trace has no script evaluation');
    const onMain = events.filter(
      (event) => event.ph === 'X' && event.pid === evaluation.pid && event.tid === evaluation.tid,
    );
    const navigation = events.find(
      (event) => event.name === 'navigationStart' && event.pid === evaluation.pid,
    );
    const origin = navigation?.ts ?? Math.min(...onMain.map((event) => event.ts));
    const tasks = onMain
      .filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 > LONG_TASK_MS)
      .sort((a, b) => a.ts - b.ts);
    const blocking = tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
    console.log(
      `\nload ${round + 1}: ${route} as ${as}, ${cpuRate}× CPU: ${tasks.length} tasks over ${LONG_TASK_MS} ms, ` +
        `${blocking.toFixed(0)} ms of blocking`,
    );
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const parts = onMain.filter(
        (event) => PARTS.has(event.name) && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end,
      );
      // Only the outermost: a part inside another part is that part's business.
      const outermost = parts.filter(
        (part) =>
          !parts.some(
            (other) =>
              other !== part &&
              other.ts <= part.ts &&
              other.ts + (other.dur ?? 0) >= part.ts + (part.dur ?? 0) &&
              (other.dur ?? 0) > (part.dur ?? 0),
          ),
      );
      const named = outermost
        .filter((part) => (part.dur ?? 0) >= 2_000)
        .map((part) => `${partName(part)} ${((part.dur ?? 0) / 1000).toFixed(0)}`);
      console.log(
        `task at ${((task.ts - origin) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ` +
          (named.join(', ') || '(no script: the renderer’s own work)'),
      );
      for (const [name, ms] of largest(functionTimes(profile, { from: task.ts, to: end }).inclusive, top))
        console.log(`    ${ms.toFixed(0).padStart(4)} ms  ${name}`);
    }
  }
  await browser.close();
} finally {
  await platform.stop();
}
