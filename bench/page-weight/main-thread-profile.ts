/// <reference lib="dom" />
/**
 * Where a first load of a page spends the main thread: Chromium's CPU profiler over the load of
 * AB_ROUTE (default /journey) by AB_AS (default a seller; `agent`, `agent-with-client` or `visitor`,
 * as in `long-tasks-ab.ts`) at Lighthouse's mobile slowdown (PROFILE_CPU_RATE, default 4×), in a
 * fresh context against `npm start` with the built front end. Prints the self time by script and the
 * functions with the most self time (each with its script and line), summed over PROFILE_ROUNDS loads
 * (default 3), and each load's time to AB_READY; nothing is asserted. PROFILE_OUT=file.cpuprofile also
 * writes the last load's profile for DevTools.
 *
 * The rate is not the factor by which the figures grow. On a 2-vCPU machine (2 Dec 2026, /journey, 6
 * loads each) 4× gave 2.0–2.6 s of script self time per load against 0.9–1.2 s at 1×, and the time
 * to AB_READY 4.8–5.7 s against 2.6–3.1 s: about 2.2× both ("(program)" and "(idle)" samples are left
 * out of the self times).
 *
 *   npx nx run-many -t build && node bench/page-weight/main-thread-profile.ts
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startNpmStartPlatform } from '../lighthouse/platform.ts';
import {
  functionKey,
  functionTimes,
  isIdleOrProgram,
  largest,
  profiledPage,
  shortUrl,
  type CpuProfile,
} from '../support/cpu-profile.ts';
import { pageBrowser, pageVisitorSetting } from './seller-browser.ts';

const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
const route = process.env.AB_ROUTE ?? '/journey';
const ready = process.env.AB_READY ?? '[data-testid="task-row"]';
const top = Number(process.env.PROFILE_TOP ?? 40);
const cpuRate = Number(process.env.PROFILE_CPU_RATE ?? 4);
const as = pageVisitorSetting(process.env.AB_AS);

const byScript = new Map<string, number>();
const byFunction = new Map<string, number>();
let lastProfile: CpuProfile | undefined;
const platform = await startNpmStartPlatform(process.env, tmpdir());
try {
  const { browser, newContext } = await pageBrowser(platform.url, { as });
  for (let round = 0; round < rounds; round += 1) {
    const context = await newContext();
    const { page, stopProfiler } = await profiledPage(context, cpuRate);
    const started = performance.now();
    await page.goto(`${platform.url}${route}`);
    await page.waitForSelector(ready, { timeout: 60_000 });
    const readyMs = performance.now() - started;
    await page.waitForTimeout(1_500);
    const profile = await stopProfiler();
    lastProfile = profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    let total = 0;
    for (const [id, ms] of functionTimes(profile).selfByNode) {
      const frame = nodes.get(id)?.callFrame;
      if (!frame || isIdleOrProgram(frame)) continue;
      total += ms;
      const script = shortUrl(frame.url);
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const key = functionKey(frame);
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    }
    console.log(
      `round ${round + 1}: ${total.toFixed(0)} ms of script and GC on the main thread (${cpuRate}×), ready after ${readyMs.toFixed(0)} ms`,
    );
    await context.close();
  }
  await browser.close();
} finally {
  await platform.stop();
}

const perLoad = (ms: number) => Math.round(ms / rounds);
console.log(`\nself time per load, by script (ms at ${cpuRate}×):`);
console.table(largest(byScript, 15).map(([script, ms]) => ({ script, ms: perLoad(ms) })));
console.log(`\nthe ${top} functions with the most self time per load (ms at ${cpuRate}×):`);
console.table(largest(byFunction, top).map(([fn, ms]) => ({ function: fn.slice(0, 110), ms: perLoad(ms) })));
if (process.env.PROFILE_OUT && lastProfile)
  await writeFile(process.env.PROFILE_OUT, JSON.stringify(lastProfile));
