/**
 * The Lighthouse bench's short version for CI (the full one: every-route.ts): the landing page
 * signed out and /journey as a seller, mobile and desktop presets. Fails on what does not depend on
 * the machine's speed — the landing page's JS over its budget, a console error, accessibility or
 * best practices below 100, CLS above 0.02, a page that never went quiet — and prints the timings without asserting them.
 *
 *   npm run build && npx vitest run --config bench/lighthouse/vitest.config.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalGzipBytes } from './audit.ts';
import { BUDGET } from './budget.ts';
import { lighthouseBenchConfig, platformEnvironment } from './config.ts';
import { auditRoutes, printRouteAudits, type RouteAudit } from './every-route.ts';
import { startNpmStartPlatform, type StartedPlatform } from './platform.ts';

const config = lighthouseBenchConfig();
const PAGES = [
  { path: '/', as: 'signed out' },
  { path: '/journey', as: 'seller' },
] as const;
const CASES = PAGES.flatMap((page) =>
  (['mobile', 'desktop'] as const).map((preset) => ({ ...page, preset })),
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('Lighthouse on the landing page and a seller’s journey', () => {
  let platform: StartedPlatform | undefined;
  let audits: RouteAudit[] = [];
  beforeAll(async () => {
    platform = config.baseUrl ? undefined : await startNpmStartPlatform(platformEnvironment(), config.logDir);
    // One run per page: what is asserted does not depend on the machine's speed (the bench takes the median of several).
    audits = await auditRoutes(config.baseUrl ?? platform?.url ?? '', PAGES, config.chromePath, 1);
    printRouteAudits(audits);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const audit = (path: string, preset: string): RouteAudit => {
    const found = audits.find((candidate) => candidate.path === path && candidate.preset === preset);
    if (!found) throw new Error(`no audit of ${path} at ${preset}`);
    return found;
  };

  it.each(CASES)(
    '$path ($as, $preset): accessibility and best practices 100, CLS ≤ 0.02, no console error, loaded in time, a first visit',
    ({ path, preset }) => {
      const result = audit(path, preset);
      // The failing audits' names are in the message, so a red run says what to fix.
      expect({ accessibility: result.scores.accessibility, failing: result.failingAudits }).toEqual({
        accessibility: BUDGET.minimumAccessibility,
        failing: [],
      });
      expect(result.scores.bestPractices).toBe(BUDGET.minimumBestPractices);
      expect(result.cls).not.toBeNull();
      expect(result.cls ?? 1).toBeLessThanOrEqual(BUDGET.maximumCls);
      expect(result.consoleErrors).toEqual([]);
      // The page's network went quiet: Lighthouse did not stop waiting at its limit, with what it had;
      // and it was a first visit, no earlier audit's data left in the origin's storage.
      expect(
        result.runWarnings.filter((warning) => /loaded too slowly|stored data affecting/.test(warning)),
      ).toEqual([]);
    },
  );

  it('the landing page’s JavaScript is within its budget', () => {
    for (const preset of ['mobile', 'desktop']) {
      const scripts = audit('/', preset).scripts;
      const total = totalGzipBytes(scripts);
      console.log(
        `landing JS (${preset}): ${scripts.length} files, ${kb(total)} gzip; budget ${kb(BUDGET.landingJsGzipBytes)}, ` +
          `issue 16's goal ${kb(BUDGET.landingJsGzipGoalBytes)}`,
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(BUDGET.landingJsGzipBytes);
    }
  });

  it('the landing page downloads no JavaScript before its first contentful paint', () => {
    for (const preset of ['mobile', 'desktop']) {
      expect(audit('/', preset).jsBeforeFirstPaintGzipBytes, preset).toBe(
        BUDGET.landingJsBeforeFirstPaintGzipBytes,
      );
    }
  });
});
