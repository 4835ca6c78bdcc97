/**
 * Lighthouse on one page at one preset, reduced to the figures the benches report: the four
 * category scores, LCP, FCP, TBT, CLS, unused JS, the console's errors, and the scripts the page
 * loaded (each one's gzip size, computed here from its body, so it does not depend on how the server
 * compressed it or on the machine's speed).
 *
 * A page may be audited several times (`runs`): the mobile preset's simulated 4× CPU turns a busy
 * moment of a 2-core machine into hundreds of ms of TBT, and one page's score was seen 83 and 94
 * minutes apart (5 Dec 2026). The scores and timings are then the median run's, as Lighthouse's own
 * `computeMedianRun` picks it (closest to the median FCP and time to interactive); what must hold
 * on every run — no console error, no failing accessibility or best-practice audit, no warning —
 * is gathered from all of them, and CLS is the highest seen.
 *
 * Lighthouse drives Chromium through chrome-launcher on CHROME_PATH (never a downloaded browser);
 * a signed-in page is audited with the session cookie as an extra header on every request.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

/** What Lighthouse clears before a run unless told otherwise (its `clearStorageTypes` default). */
const CLEARED_BY_DEFAULT = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] as const;

/** The flags the issue names: the new headless mode; no sandbox (CI runs as root). */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

export interface ScriptWeight {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageAudit {
  url: string;
  preset: Preset;
  /** 0–100 per category; null where Lighthouse could not score it. */
  scores: {
    performance: number | null;
    accessibility: number | null;
    bestPractices: number | null;
    seo: number | null;
  };
  /** Each run's performance score, in the order they ran (one entry when the page was audited once). */
  performanceRuns: Array<number | null>;
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  /** The highest of the runs. */
  cls: number | null;
  unusedJsBytes: number | null;
  /** Of every run, each line once. */
  consoleErrors: string[];
  /** The audits below 1 in accessibility and best practices in any run, with their titles: what to fix. */
  failingAudits: string[];
  scripts: ScriptWeight[];
  /** Scripts whose download ended before the page's observed first contentful paint (gzip bytes). */
  jsBeforeFirstPaintGzipBytes: number | null;
  /** Lighthouse's own warnings in any run (a page that did not finish loading, a redirect…). */
  runWarnings: string[];
  /** The document's status when the page is answered with an error on purpose (the not-found page). */
  expectedStatus?: number;
}

/** A page to audit; `expectedStatus` for one answered with an error status on purpose. */
export interface PageToAudit {
  url: string;
  preset: Preset;
  cookie?: string;
  expectedStatus?: number;
}

/**
 * The console's errors but the line Chromium logs for the document's own expected status
 * ("network: Failed to load resource: the server responded with a status of 404 (Not Found)",
 * without a URL, or with the page's own): what the page did wrong.
 */
export function unexpectedConsoleErrors(
  audit: Pick<PageAudit, 'url' | 'consoleErrors' | 'expectedStatus'>,
): string[] {
  const { expectedStatus, url } = audit;
  if (expectedStatus === undefined) return audit.consoleErrors;
  const ownStatus = `network: Failed to load resource: the server responded with a status of ${expectedStatus}`;
  return audit.consoleErrors.filter((line) => {
    if (!line.startsWith(ownStatus)) return true;
    const rest = line.slice(ownStatus.length).replace(/^ \([^)]*\)/, '');
    return rest !== '' && rest !== ` ${url}`;
  });
}

export interface AuditOptions {
  chromePath: string;
  /** `name=value` for the session cookie, or undefined signed out. */
  cookie?: string;
  /** Lighthouse runs per page (default 1); the figures are the median run's. */
  runs?: number;
}

const score = (result: Result, id: string): number | null => {
  const value = result.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

const numeric = (result: Result, id: string): number | null => {
  const value = result.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
};

const overallSavingsBytes = (result: Result, id: string): number | null => {
  const details = result.audits[id]?.details as { overallSavingsBytes?: number } | undefined;
  return typeof details?.overallSavingsBytes === 'number' ? details.overallSavingsBytes : null;
};

interface DetailsItem {
  url?: string;
  networkEndTime?: number;
  observedFirstContentfulPaint?: number;
  resourceType?: string;
  description?: string;
  source?: string;
  statusCode?: number;
}

const detailItems = (result: Result, id: string): DetailsItem[] => {
  const details = result.audits[id]?.details as { items?: DetailsItem[] } | undefined;
  return details?.items ?? [];
};

function failingAudits(result: Result, categoryIds: string[]): string[] {
  const failing: string[] = [];
  for (const categoryId of categoryIds) {
    for (const reference of result.categories[categoryId]?.auditRefs ?? []) {
      if (reference.weight === 0) continue;
      const audit = result.audits[reference.id];
      if (audit && typeof audit.score === 'number' && audit.score < 1) {
        failing.push(`${categoryId}: ${audit.id} (${audit.title})`);
      }
    }
  }
  return failing;
}

/**
 * Every script file the page loaded, weighed from the source Lighthouse collected (so a front end
 * rebuilt meanwhile cannot change the figure); inline scripts are part of the HTML, not counted.
 */
function weighScripts(
  result: Result,
  collected: ReadonlyArray<{ url: string; content?: string }>,
): ScriptWeight[] {
  const files = new Set(
    detailItems(result, 'network-requests')
      .filter((item) => item.resourceType === 'Script' && item.url && (item.statusCode ?? 200) < 400)
      .map((item) => item.url as string),
  );
  const weights = new Map<string, ScriptWeight>();
  for (const script of collected) {
    if (!files.has(script.url) || weights.has(script.url) || script.content === undefined) continue;
    const body = Buffer.from(script.content, 'utf8');
    weights.set(script.url, { url: script.url, rawBytes: body.length, gzipBytes: gzipSync(body).length });
  }
  const missing = [...files].filter((url) => !weights.has(url));
  if (missing.length) throw new Error(`Lighthouse collected no source for ${missing.join(', ')}`);
  return [...weights.values()];
}

/** Audits each `[url, preset]` in turn on one Chromium (a new tab per run; Lighthouse clears storage). */
export async function auditPages(
  pages: ReadonlyArray<PageToAudit>,
  options: Omit<AuditOptions, 'cookie'>,
): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) audits.push(await auditOne(chrome.port, page, options.runs ?? 1));
    return audits;
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run; a trace it could not read (NO_NAVSTART and the like, on a busy machine) is run again, up to three tries. */
async function runLighthouse(url: string, flags: Flags, preset: Preset): Promise<RunnerResult> {
  const config = preset === 'desktop' ? desktopConfig : undefined;
  let runnerResult = await lighthouse(url, flags, config);
  for (let retry = 0; retry < 2 && runnerResult?.lhr.runtimeError; retry += 1) {
    runnerResult = await lighthouse(url, flags, config);
  }
  if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (runnerResult.lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${runnerResult.lhr.runtimeError.message}`);
  return runnerResult;
}

const consoleErrorsOf = (result: Result): string[] =>
  detailItems(result, 'errors-in-console').map((item) =>
    `${item.source ?? 'console'}: ${item.description ?? ''} ${item.url ?? ''}`.trim(),
  );

/** Each line once, in the order first seen. */
const everyRun = (results: readonly Result[], lines: (result: Result) => string[]): string[] => [
  ...new Set(results.flatMap(lines)),
];

async function auditOne(
  port: number,
  { url, preset, cookie, expectedStatus }: PageToAudit,
  runs: number,
): Promise<PageAudit> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    // Well past any page's load here, short of Lighthouse's 45 s: a page whose network never goes
    // quiet (a fetch whose answer the page never read did that, see usage-tracker.ts) costs 30 s,
    // and CI's short version fails on the "loaded too slowly" warning it gets.
    maxWaitForLoad: 30_000,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Every audit a first visit. Lighthouse clears an origin's caches and service workers before each
    // run but keeps its IndexedDB and local storage (a person's data); the seller remote's offline
    // store from one audit made the next a returning visit, and every signed-in run warned "There
    // may be stored data affecting loading performance in this location: IndexedDB".
    clearStorageTypes: [...CLEARED_BY_DEFAULT, 'indexeddb', 'local_storage'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    // A page answered with an error status on purpose (the not-found page) is audited, not refused.
    ...(expectedStatus !== undefined ? { ignoreStatusCode: true } : {}),
  };
  const runnerResults: RunnerResult[] = [];
  for (let run = 0; run < Math.max(1, runs); run += 1)
    runnerResults.push(await runLighthouse(url, flags, preset));
  const results = runnerResults.map((runnerResult) => runnerResult.lhr);
  const median = results.length === 1 ? results[0] : computeMedianRun(results);
  const runnerResult = runnerResults.find((candidate) => candidate.lhr === median) ?? runnerResults[0];
  if (!runnerResult) throw new Error(`Lighthouse did not run on ${url}`);
  const result = runnerResult.lhr;
  const scripts = weighScripts(result, runnerResult.artifacts.Scripts);
  const observedFcp = detailItems(result, 'metrics')[0]?.observedFirstContentfulPaint;
  const scriptEnds = new Map(
    detailItems(result, 'network-requests')
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => [item.url as string, item.networkEndTime ?? Number.POSITIVE_INFINITY]),
  );
  const shifts = results.map((run) => numeric(run, 'cumulative-layout-shift'));
  return {
    url,
    preset,
    scores: {
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
    },
    performanceRuns: results.map((run) => score(run, 'performance')),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    fcpMs: numeric(result, 'first-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: shifts.includes(null) ? null : Math.max(...(shifts as number[])),
    unusedJsBytes: overallSavingsBytes(result, 'unused-javascript'),
    consoleErrors: everyRun(results, consoleErrorsOf),
    failingAudits: everyRun(results, (run) => failingAudits(run, ['accessibility', 'best-practices'])),
    scripts,
    jsBeforeFirstPaintGzipBytes:
      typeof observedFcp === 'number'
        ? totalGzipBytes(
            scripts.filter(
              (script) => (scriptEnds.get(script.url) ?? Number.POSITIVE_INFINITY) <= observedFcp,
            ),
          )
        : null,
    runWarnings: everyRun(results, (run) => run.runWarnings),
    ...(expectedStatus !== undefined ? { expectedStatus } : {}),
  };
}

export const totalGzipBytes = (scripts: readonly ScriptWeight[]): number =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
