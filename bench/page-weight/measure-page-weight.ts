/// <reference lib="dom" />
/**
 * Page weight and LCP of the federated front end (issue "Federated shell", Measure): gzipped JS and
 * CSS bytes a cold browser loads for `/` signed out and for a remote route (`/journey` as a client),
 * and the Largest Contentful Paint from Chromium's performance timeline. Figures are printed, not
 * asserted. Goal: landing ≤ 120 KB gzipped JS, LCP < 800 ms on localhost.
 *
 *   npm run build && npm run bench:page-weight -w @listready/bench
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core';
import { freePort } from '@listready/db';
import { reportFigures } from '../support/figures.ts';
import { median } from '../support/harness.ts';
import { pageWeightConfig, platformEnvironment } from './config.ts';

const config = pageWeightConfig();
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Scenario {
  name: string;
  path: string;
  /** Text whose appearance means the page is complete. */
  ready: string;
  /** Signs the page in with a real account of this role, registered through the API before the visit. */
  signedInAs?: 'client' | 'agent';
}

const SCENARIOS: Scenario[] = [
  { name: 'landing (/, signed out)', path: '/', ready: 'Get Your Home Ready to Sell' },
  { name: 'remote route (/journey, client)', path: '/journey', ready: 'Hello Jane!', signedInAs: 'client' },
];

interface AssetWeight {
  url: string;
  type: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
  transferredBytes: number;
}

interface RunResult {
  assets: AssetWeight[];
  lcpMs: number;
  fcpMs: number;
}

/** Starts the platform like `npm start` (built front end, fresh data folder) and waits for /api/health. */
async function startPlatform(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listready-page-weight-'));
  const log = createWriteStream(path.join(config.logDir, `listready-page-weight-${port}.log`));
  const child = spawn(process.execPath, ['runtime/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...platformEnvironment(), PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The platform did not become healthy at ${url}`);
}

async function assetWeight(response: Response): Promise<AssetWeight | undefined> {
  const url = response.url();
  const type = /\.m?js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : undefined;
  if (!type || !response.ok()) return undefined;
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    url,
    type,
    rawBytes: body.length,
    gzipBytes: gzipSync(body).length,
    transferredBytes: sizes.responseBodySize,
  };
}

async function largestContentfulPaint(page: Page): Promise<{ lcpMs: number; fcpMs: number }> {
  return page.evaluate(
    () =>
      new Promise<{ lcpMs: number; fcpMs: number }>((resolve) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ lcpMs: last ? last.startTime : Number.NaN, fcpMs: paint ? paint.startTime : Number.NaN });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * The page's requests in flight, as Playwright's 'networkidle' counts them, less the two that stay
 * open by design: the live stream (an EventSource, since the household's screens follow changes
 * live) and the analytics batch (a keepalive fetch, which Chromium never reports finished). With
 * them, a signed-in page never reached 'networkidle' and the bench timed out on /journey.
 */
function trackRequests(page: Page): Set<Request> {
  const inFlight = new Set<Request>();
  const openByDesign = (request: Request) =>
    request.resourceType() === 'eventsource' ||
    (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics');
  page.on('request', (request) => {
    if (!openByDesign(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return inFlight;
}

/** No request in flight for 500 ms ('networkidle''s rule), within 30 s. */
async function networkQuiet(inFlight: Set<Request>): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline)
      throw new Error(`network not quiet: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    if (inFlight.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(browser: Browser, baseUrl: string, scenario: Scenario): Promise<RunResult> {
  // A new context is a cold cache: every run downloads everything.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (scenario.signedInAs) {
    // A real account (the journey calls need a real session): its cookie lands in this context.
    const password = 'bench-page-weight-1';
    const register = () =>
      context.request.post(`${baseUrl}/api/register`, {
        data: {
          email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
          password,
          confirmPassword: password,
          firstName: 'Jane',
          lastName: 'Bench',
          phone: '555-0100',
          role: scenario.signedInAs,
        },
      });
    let registered = await register();
    // A busy machine makes the platform shed (503 + Retry-After): a sign-up is retried, as a user would.
    for (let retry = 0; retry < 10 && registered.status() === 503; retry += 1) {
      await new Promise((resolve) =>
        setTimeout(resolve, 1_000 * Number(registered.headers()['retry-after'] ?? 1)),
      );
      registered = await register();
    }
    if (!registered.ok())
      throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`);
  }
  const pending: Array<Promise<AssetWeight | undefined>> = [];
  const onResponse = (response: Response) => pending.push(assetWeight(response));
  page.on('response', onResponse);
  const inFlight = trackRequests(page);
  await page.goto(`${baseUrl}${scenario.path}`);
  await page.getByText(scenario.ready).first().waitFor();
  await networkQuiet(inFlight);
  const paint = await largestContentfulPaint(page);
  // What answers after the network went quiet (the next screen fetched while the page idles) is not
  // the page's weight; reading its body once the context is closed would reject unhandled.
  page.off('response', onResponse);
  const assets = (await Promise.all(pending)).filter((asset): asset is AssetWeight => asset !== undefined);
  await context.close();
  return { assets, ...paint };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const platform = config.baseUrl ? undefined : await startPlatform();
const baseUrl = config.baseUrl ?? platform?.url ?? '';
const browser = await chromium.launch({
  executablePath: config.chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
});

try {
  const report = [];
  const figures: Array<Record<string, number | string>> = [];
  for (const scenario of SCENARIOS) {
    await measure(browser, baseUrl, scenario); // warm the server (file system cache, compression)
    const runs: RunResult[] = [];
    for (let run = 0; run < config.runs; run += 1) runs.push(await measure(browser, baseUrl, scenario));
    const first = runs[0];
    if (!first) throw new Error('no run');
    const total = (type: 'js' | 'css', field: 'gzipBytes' | 'rawBytes' | 'transferredBytes') =>
      first.assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset[field], 0);
    figures.push({
      path: scenario.path,
      jsGzipBytes: total('js', 'gzipBytes'),
      jsFiles: first.assets.filter((asset) => asset.type === 'js').length,
      lcpMedianMs: median(runs.map((run) => run.lcpMs)),
      fcpMedianMs: median(runs.map((run) => run.fcpMs)),
      runs: runs.length,
    });
    report.push({
      scenario: scenario.name,
      jsFiles: first.assets.filter((asset) => asset.type === 'js').length,
      jsGzip: kb(total('js', 'gzipBytes')),
      jsRaw: kb(total('js', 'rawBytes')),
      jsTransferred: kb(total('js', 'transferredBytes')),
      cssGzip: kb(total('css', 'gzipBytes')),
      cssRaw: kb(total('css', 'rawBytes')),
      lcpMedianMs: Math.round(median(runs.map((run) => run.lcpMs))),
      fcpMedianMs: Math.round(median(runs.map((run) => run.fcpMs))),
      runs: runs.length,
    });
    console.log(`\n${scenario.name}: largest JS files (gzip)`);
    for (const asset of [...first.assets].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6)) {
      console.log(`  ${kb(asset.gzipBytes).padStart(9)}  ${asset.url.replace(baseUrl, '')}`);
    }
  }
  console.log('');
  console.table(report);
  reportFigures({ pages: figures });
} finally {
  await browser.close();
  await platform?.stop();
}
