/**
 * Two (or more) builds of the front end compared by Lighthouse, as `page-weight/long-tasks-ab.ts`
 * compares them by the page's own long tasks: one platform (`npm start`); in each of AB_BATCHES
 * batches (default 3) every build is put in place in turn (`AB_BUILDS`, `AB_DIST`: see
 * `bench/support/front-end-builds.ts`) and each page of AB_ROUTES is audited AB_RUNS times (default
 * 3) at AB_PRESET (`mobile`, the default, or `desktop`), one Chromium per build and batch. Batches
 * alternate the builds so that a machine getting busier or quieter weighs on all alike; one audit's
 * score moves by several points from run to run on a 2-core machine, which is why there are many.
 * Prints each audit, then per build and page the performance score's and TBT's mean and median and
 * LCP's median; nothing is asserted.
 *
 * AB_ROUTES: comma-separated `who:path`, who being `seller`, `agent` or `visitor` (signed out);
 * default `seller:/journey,agent:/dashboard`. Each signed-in visitor is registered once.
 *
 *   npx nx run-many -t build && for p in shell mfe-seller mfe-agent mfe-analytics; do cp -a $p/dist /tmp/before/$p; done
 *   # …change, rebuild, copy to /tmp/after likewise…
 *   AB_BUILDS=/tmp/before,/tmp/after AB_DIST=shell/dist,mfe-seller/dist,mfe-agent/dist,mfe-analytics/dist \
 *     node bench/lighthouse/builds-ab.ts
 */
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { frontEndBuilds } from '../support/front-end-builds.ts';
import { median, repositoryRoot } from '../support/harness.ts';
import { positiveCount } from '../support/settings.ts';
import { auditPages, PRESETS, type Preset } from './audit.ts';
import { lighthouseBenchConfig } from './config.ts';
import { signedInCookie, startNpmStartPlatform } from './platform.ts';

const WHO = ['seller', 'agent', 'visitor'] as const;
type Who = (typeof WHO)[number];

/** `seller:/journey,agent:/dashboard` → each page, and who opens it. */
export function abRoutes(setting: string | undefined): Array<{ who: Who; path: string }> {
  return (setting?.trim() || 'seller:/journey,agent:/dashboard').split(',').map((entry) => {
    const [who, path] = entry.trim().split(':');
    if (!WHO.includes(who as Who) || !path?.startsWith('/'))
      throw new Error(`AB_ROUTES: "${entry}" is not who:/path (who is ${WHO.join(', ')})`);
    return { who: who as Who, path };
  });
}

/** The arithmetic mean, to one decimal. */
export const mean = (values: readonly number[]): number =>
  Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

interface Seen {
  performance: number[];
  tbtMs: number[];
  lcpMs: number[];
}

async function main(): Promise<void> {
  const frontEnd = frontEndBuilds(process.env, repositoryRoot);
  const routes = abRoutes(process.env.AB_ROUTES);
  const batches = positiveCount(process.env.AB_BATCHES, 3);
  const runs = positiveCount(process.env.AB_RUNS, 3);
  const preset = (process.env.AB_PRESET ?? 'mobile') as Preset;
  if (!PRESETS.includes(preset)) throw new Error(`AB_PRESET is ${PRESETS.join(' or ')}`);
  const { chromePath } = lighthouseBenchConfig();

  await frontEnd.save();
  const platform = await startNpmStartPlatform(process.env, tmpdir());
  const seen = new Map<string, Seen>();
  try {
    const cookies: Partial<Record<Who, string>> = {};
    if (routes.some((route) => route.who === 'seller'))
      cookies.seller = await signedInCookie(platform.url, 'client');
    if (routes.some((route) => route.who === 'agent'))
      cookies.agent = await signedInCookie(platform.url, 'agent');
    for (let batch = 1; batch <= batches; batch += 1) {
      for (const build of frontEnd.builds) {
        await frontEnd.use(build);
        // Each page AB_RUNS times, each audit its own run (not a median of several), in one Chromium.
        const pages = routes.flatMap((route) => {
          const cookie = cookies[route.who];
          const page = { url: `${platform.url}${route.path}`, preset, ...(cookie ? { cookie } : {}) };
          return Array.from({ length: runs }, () => ({
            ...page,
            key: `${build} ${route.who}:${route.path}`,
          }));
        });
        const audits = await auditPages(pages, { chromePath });
        audits.forEach((audit, index) => {
          const key = pages[index]?.key ?? '';
          const figures = seen.get(key) ?? { performance: [], tbtMs: [], lcpMs: [] };
          figures.performance.push(audit.scores.performance ?? Number.NaN);
          figures.tbtMs.push(audit.tbtMs ?? Number.NaN);
          figures.lcpMs.push(audit.lcpMs ?? Number.NaN);
          seen.set(key, figures);
          console.log(
            `batch ${batch} ${key}: performance ${audit.scores.performance ?? '–'}, TBT ${Math.round(audit.tbtMs ?? Number.NaN)} ms, LCP ${Math.round(audit.lcpMs ?? Number.NaN)} ms`,
          );
        });
      }
    }
  } finally {
    await frontEnd.restore();
    await platform.stop();
  }

  console.log(`${preset}, ${batches} batches × ${runs} audits per build and page`);
  console.table(
    [...seen].map(([key, figures]) => ({
      'build and page': key,
      audits: figures.performance.length,
      'performance mean': mean(figures.performance),
      'performance median': median(figures.performance),
      'TBT mean ms': Math.round(mean(figures.tbtMs)),
      'TBT median ms': Math.round(median(figures.tbtMs)),
      'LCP median ms': Math.round(median(figures.lcpMs)),
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
