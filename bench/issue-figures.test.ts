import { describe, expect, it } from 'vitest';
import { bestPracticesBeyondOwnStatus, ISSUE_FIGURES, type LighthouseFigures } from './issue-figures.ts';

const url = 'http://127.0.0.1:41234/no-such-page';
/** The line Chromium logs for a document answered with a 404, as audit.ts writes it (no URL). */
const ownStatusLine =
  'network: Failed to load resource: the server responded with a status of 404 (Not Found)';
const consoleFailing = 'best-practices: errors-in-console (Browser errors were logged to the console)';

const audit = (overrides: Partial<LighthouseFigures>): LighthouseFigures => ({
  url: 'http://127.0.0.1:41234/',
  path: '/',
  as: 'signed out',
  preset: 'mobile',
  scores: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100 },
  lcpMs: 900,
  fcpMs: 800,
  tbtMs: 0,
  cls: 0,
  unusedJsBytes: 0,
  consoleErrors: [],
  failingAudits: [],
  jsBeforeFirstPaintGzipBytes: 0,
  runWarnings: [],
  jsGzipBytes: 2_900,
  ...overrides,
});

const notFound = (overrides: Partial<LighthouseFigures> = {}) =>
  audit({
    url,
    path: '/no-such-page',
    expectedStatus: 404,
    scores: { performance: 99, accessibility: 100, bestPractices: 96, seo: 90 },
    consoleErrors: [ownStatusLine],
    failingAudits: [consoleFailing],
    ...overrides,
  });

const ciBar = ISSUE_FIGURES.flatMap((group) => group.rows).find((row) => row.figure.includes('CI’s bar'));

describe("CI's bar in docs/performance.md (accessibility and best practices)", () => {
  it('does not count the not-found page’s own 404 line against it', () => {
    expect(bestPracticesBeyondOwnStatus(notFound())).toBe(100);
    expect(bestPracticesBeyondOwnStatus(notFound({ consoleErrors: [`${ownStatusLine} ${url}`] }))).toBe(100);
    expect(ciBar?.measure({ audits: [audit({}), notFound()] })).toEqual({
      value: '100 (/, signed out, mobile)',
      met: true,
    });
  });

  it('counts anything else the page logs or fails, and the same line on a page meant to be found', () => {
    const otherError = `console: Uncaught TypeError: x is undefined ${url}`;
    expect(bestPracticesBeyondOwnStatus(notFound({ consoleErrors: [ownStatusLine, otherError] }))).toBe(96);
    // A script of the page's answered with the same status is the page's fault.
    const script = `${ownStatusLine} http://127.0.0.1:41234/main.js`;
    expect(bestPracticesBeyondOwnStatus(notFound({ consoleErrors: [script] }))).toBe(96);
    expect(
      bestPracticesBeyondOwnStatus(
        notFound({ failingAudits: [consoleFailing, 'best-practices: deprecations (Uses deprecated APIs)'] }),
      ),
    ).toBe(96);
    const found = notFound({ expectedStatus: undefined });
    expect(bestPracticesBeyondOwnStatus(found)).toBe(96);
    expect(ciBar?.measure({ audits: [audit({}), found] })).toEqual({
      value: '96 (/no-such-page, signed out, mobile)',
      met: false,
    });
  });
});

describe('the Lighthouse section of docs/performance.md', () => {
  const lighthouse = ISSUE_FIGURES.find((group) =>
    group.rows.some((row) => row.figure.startsWith('Lighthouse performance')),
  );
  const rowOf = (section: string | undefined, path: string) =>
    section?.split('\n').find((line) => line.startsWith(`| \`${path}\` |`));

  it("gives the median run's score with every run's beside it, and a run kept from before as it was", () => {
    const section = lighthouse?.section?.({
      audits: [
        audit({
          path: '/journey',
          as: 'seller',
          scores: { performance: 90, accessibility: 100, bestPractices: 100, seo: 100 },
          performanceRuns: [83, 94, 90],
        }),
        audit({ path: '/auth', performanceRuns: [98] }),
        audit({ path: '/' }),
      ],
    });
    expect(rowOf(section, '/journey')).toMatch(
      /^\| `\/journey` \| seller \| mobile \| 90 \(83, 94, 90\) \| 100 \|/,
    );
    expect(rowOf(section, '/auth')).toMatch(/^\| `\/auth` \| signed out \| mobile \| 98 \| 100 \|/);
    expect(rowOf(section, '/')).toMatch(/^\| `\/` \| signed out \| mobile \| 98 \| 100 \|/);
  });
});
