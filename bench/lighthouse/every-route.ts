/**
 * Lighthouse 13 on every route of the front end, signed out, as a seller and as an agent, at the
 * mobile and desktop presets, against a platform started here like `npm start` (or LIGHTHOUSE_URL).
 * Prints one row per route and preset: the four scores, LCP, FCP, TBT, CLS, unused JS, the scripts'
 * gzip size and the console's errors, from the median of LIGHTHOUSE_RUNS runs (default 3; each
 * run's performance score beside it). Figures are reported, not asserted (the CI short version,
 * lighthouse.test.ts, runs each page once and asserts what does not depend on the machine).
 *
 *   npm run build && npm run bench:lighthouse -w @listready/bench
 */
import { pathToFileURL } from 'node:url';
import { reportFigures } from '../support/figures.ts';
import { auditPages, PRESETS, totalGzipBytes, type PageAudit } from './audit.ts';
import { lighthouseBenchConfig, platformEnvironment } from './config.ts';
import { signedInCookie, startNpmStartPlatform } from './platform.ts';

export type Visitor = 'signed out' | 'seller' | 'agent';

/** The routes of shell/src/routing/route-rules.ts, each for whom it shows a page of its own. */
export const ROUTES: ReadonlyArray<AuditedRoute> = [
  { path: '/', as: 'signed out' },
  { path: '/auth', as: 'signed out' },
  // A group's invite link: create-account saying what comes next (prerendered, as /auth is).
  { path: '/auth?join=K7QM2XPA', as: 'signed out' },
  { path: '/forgot-password', as: 'signed out' },
  // An agent's invitation link, as its e-mail sends it; without its id, the missing-id view.
  { path: '/accept-invitation?id=3f1c2b9e-4a5d-4e6f-8a7b-9c0d1e2f3a4b', as: 'signed out' },
  { path: '/accept-invitation', as: 'signed out' },
  // A reset link without its token shows the invalid-link view; with one (never checked until the
  // form is sent), the form.
  { path: '/reset-password', as: 'signed out' },
  { path: '/reset-password?token=bench-reset-token', as: 'signed out' },
  // Answered with a 404 (a real one): Lighthouse audits it anyway, with a warning, and the console's
  // line for the document's own status counts against best practices.
  { path: '/no-such-page', as: 'signed out', expectedStatus: 404 },
  // A signed-in user's `/` is their home page: the seller's journey, the agent's dashboard.
  { path: '/', as: 'seller' },
  { path: '/journey', as: 'seller' },
  { path: '/profile', as: 'seller' },
  { path: '/icons', as: 'seller' },
  { path: '/', as: 'agent' },
  { path: '/dashboard', as: 'agent' },
  { path: '/client-demo', as: 'agent' },
  { path: '/analytics', as: 'agent' },
  { path: '/google-setup', as: 'agent' },
  { path: '/google-manual', as: 'agent' },
  { path: '/profile', as: 'agent' },
];

export interface AuditedRoute {
  path: string;
  as: Visitor;
  /** The document's status when it is answered with an error on purpose. */
  expectedStatus?: number;
}

export interface RouteAudit extends PageAudit {
  path: string;
  as: Visitor;
}

/** Audits `routes` at both presets on the platform at `baseUrl`, one Chromium for all. */
export async function auditRoutes(
  baseUrl: string,
  routes: ReadonlyArray<AuditedRoute>,
  chromePath: string,
  runs = 1,
): Promise<RouteAudit[]> {
  const cookies: Partial<Record<Visitor, string>> = {};
  if (routes.some((route) => route.as === 'seller')) cookies.seller = await signedInCookie(baseUrl, 'client');
  if (routes.some((route) => route.as === 'agent')) cookies.agent = await signedInCookie(baseUrl, 'agent');
  const pages = routes.flatMap((route) =>
    PRESETS.map((preset) => ({
      ...route,
      url: `${baseUrl}${route.path}`,
      preset,
      cookie: cookies[route.as],
    })),
  );
  const audits = await auditPages(pages, { chromePath, runs });
  return audits.map((audit, index) => ({
    ...audit,
    path: pages[index]?.path ?? '',
    as: pages[index]?.as ?? 'signed out',
  }));
}

/** The benchmark: a platform of its own (unless LIGHTHOUSE_URL), every route, both presets. */
export async function runLighthouseBench(): Promise<RouteAudit[]> {
  const config = lighthouseBenchConfig();
  const platform = config.baseUrl
    ? undefined
    : await startNpmStartPlatform(platformEnvironment(), config.logDir);
  try {
    return await auditRoutes(config.baseUrl ?? platform?.url ?? '', ROUTES, config.chromePath, config.runs);
  } finally {
    await platform?.stop();
  }
}

const round = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));

export function printRouteAudits(audits: readonly RouteAudit[]): void {
  console.table(
    audits.map((audit) => ({
      route: `${audit.path} (${audit.as})`,
      preset: audit.preset,
      perf: audit.scores.performance,
      'perf, each run': audit.performanceRuns.map((run) => run ?? '–').join(' '),
      a11y: audit.scores.accessibility,
      'best pr.': audit.scores.bestPractices,
      seo: audit.scores.seo,
      'LCP ms': round(audit.lcpMs),
      'FCP ms': round(audit.fcpMs),
      'TBT ms': round(audit.tbtMs),
      CLS: round(audit.cls, 3),
      'unused JS KB': round(audit.unusedJsBytes === null ? null : audit.unusedJsBytes / 1024, 1),
      'JS gzip KB': (totalGzipBytes(audit.scripts) / 1024).toFixed(1),
      'console errors': audit.consoleErrors.length,
    })),
  );
  for (const audit of audits) {
    for (const line of [...audit.consoleErrors, ...audit.failingAudits, ...audit.runWarnings]) {
      console.log(`${audit.path} (${audit.as}, ${audit.preset}): ${line}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const audits = await runLighthouseBench();
  printRouteAudits(audits);
  // Scripts are summed, not listed: the runner's page needs the total only.
  reportFigures({
    audits: audits.map(({ scripts, ...audit }) => ({ ...audit, jsGzipBytes: totalGzipBytes(scripts) })),
  });
}
