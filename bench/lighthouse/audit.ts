/**
 * One Lighthouse run on one page at one preset, reduced to the figures the benches report: the four
 * category scores, LCP, FCP, TBT, CLS, unused JS, the console's errors, and the scripts the page
 * loaded (each one's gzip size, computed here from its body, so it does not depend on how the server
 * compressed it or on the machine's speed).
 *
 * Lighthouse drives Chromium through chrome-launcher on CHROME_PATH (never a downloaded browser);
 * a signed-in page is audited with the session cookie as an extra header on every request.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

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
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  unusedJsBytes: number | null;
  consoleErrors: string[];
  /** The audits below 1 in accessibility and best practices, with their titles: what to fix. */
  failingAudits: string[];
  scripts: ScriptWeight[];
  /** Scripts whose download ended before the page's observed first contentful paint (gzip bytes). */
  jsBeforeFirstPaintGzipBytes: number | null;
  /** Lighthouse's own warnings (a page that did not finish loading, a redirect…). */
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
    for (const page of pages) audits.push(await auditOne(chrome.port, page));
    return audits;
  } finally {
    chrome.kill();
  }
}

async function auditOne(
  port: number,
  { url, preset, cookie, expectedStatus }: PageToAudit,
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
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    // A page answered with an error status on purpose (the not-found page) is audited, not refused.
    ...(expectedStatus !== undefined ? { ignoreStatusCode: true } : {}),
  };
  const config = preset === 'desktop' ? desktopConfig : undefined;
  // A trace Lighthouse could not read (NO_NAVSTART and the like, on a busy machine) says "run
  // Lighthouse again": up to three tries, then the error.
  let runnerResult = await lighthouse(url, flags, config);
  for (let retry = 0; retry < 2 && runnerResult?.lhr.runtimeError; retry += 1) {
    runnerResult = await lighthouse(url, flags, config);
  }
  if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
  const result = runnerResult.lhr;
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.message}`);
  const scripts = weighScripts(result, runnerResult.artifacts.Scripts);
  const observedFcp = detailItems(result, 'metrics')[0]?.observedFirstContentfulPaint;
  const scriptEnds = new Map(
    detailItems(result, 'network-requests')
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => [item.url as string, item.networkEndTime ?? Number.POSITIVE_INFINITY]),
  );
  return {
    url,
    preset,
    scores: {
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
    },
    lcpMs: numeric(result, 'largest-contentful-paint'),
    fcpMs: numeric(result, 'first-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    unusedJsBytes: overallSavingsBytes(result, 'unused-javascript'),
    consoleErrors: detailItems(result, 'errors-in-console').map((item) =>
      `${item.source ?? 'console'}: ${item.description ?? ''} ${item.url ?? ''}`.trim(),
    ),
    failingAudits: failingAudits(result, ['accessibility', 'best-practices']),
    scripts,
    jsBeforeFirstPaintGzipBytes:
      typeof observedFcp === 'number'
        ? totalGzipBytes(
            scripts.filter(
              (script) => (scriptEnds.get(script.url) ?? Number.POSITIVE_INFINITY) <= observedFcp,
            ),
          )
        : null,
    runWarnings: result.runWarnings,
    ...(expectedStatus !== undefined ? { expectedStatus } : {}),
  };
}

export const totalGzipBytes = (scripts: readonly ScriptWeight[]): number =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
