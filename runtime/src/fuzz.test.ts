import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzOperations, fuzzSequences, type RouteReport } from '@listready/api-description/fuzz';
import { FUZZ_EXCEPTIONS } from './fuzz-exceptions.ts';
import { startFuzzPlatform, type FuzzPlatform } from './fuzz-platform.ts';

/**
 * The API fuzzed from its own description, through the gateway of the platform on its embedded
 * defaults, as every caller: requests derived from the OpenAPI document's schemas, valid and
 * deliberately invalid, raw-body and encoding attacks, and sequences of create, read, update and
 * delete. No answer may be ≥ 500, every 2xx must match its documented schema, every 4xx the error
 * shape. `npm run bench:fuzz -w @listready/bench` runs the same with 10,000 cases per route.
 */
const CASES_PER_ROUTE = 200;
const SEED = 20_261_123;

describe('the API fuzzed from its description', () => {
  let fuzz: FuzzPlatform;
  beforeAll(async () => {
    fuzz = await startFuzzPlatform();
  }, 120_000);
  afterAll(async () => {
    await fuzz?.stop();
  }, 60_000);

  const failuresOf = (reports: RouteReport[]) => reports.flatMap((report) => report.failures);

  it(
    `answers every route's cases (${CASES_PER_ROUTE} each) within its description`,
    { timeout: 420_000 },
    async () => {
      const started = Date.now();
      const reports = await fuzzOperations({
        baseUrl: fuzz.platform.url,
        document: fuzz.document,
        cookieFor: fuzz.cookieFor,
        renewSession: fuzz.renewSession,
        known: fuzz.known,
        casesPerRoute: CASES_PER_ROUTE,
        seed: SEED,
        exceptions: FUZZ_EXCEPTIONS,
      });
      const operations = Object.values(fuzz.document.paths).flatMap((byMethod) => Object.keys(byMethod));
      expect(reports.map((report) => report.cases)).toEqual(operations.map(() => CASES_PER_ROUTE));
      // Every route refused something (the invalid cases reach its checks)…
      for (const report of reports) {
        expect(
          Object.keys(report.statuses).some((status) => status.startsWith('4')),
          report.route,
        ).toBe(true);
      }
      // …and most routes were also reached past their checks (valid cases, known ids).
      const succeeded = reports.filter((report) =>
        Object.keys(report.statuses).some((status) => status.startsWith('2')),
      );
      expect(succeeded.length / reports.length).toBeGreaterThan(0.6);
      console.warn(
        `fuzz: ${reports.length} routes × ${CASES_PER_ROUTE} cases in ${Date.now() - started} ms; ${succeeded.length} routes answered 2xx to some case`,
      );
      expect(failuresOf(reports)).toEqual([]);
    },
  );

  it(
    'keeps every resource consistent through sequences of create, read, update and delete',
    { timeout: 180_000 },
    async () => {
      const reports = await fuzzSequences({
        baseUrl: fuzz.platform.url,
        document: fuzz.document,
        cookieFor: fuzz.cookieFor,
        renewSession: fuzz.renewSession,
        known: fuzz.known,
        sequences: 30,
        seed: SEED,
      });
      expect(reports.map((report) => report.route)).toEqual(
        expect.arrayContaining(['sequence /api/clients/current/custom-tasks', 'sequence /api/user-groups']),
      );
      for (const report of reports)
        expect(report.statuses[201], `${report.route} created nothing`).toBeGreaterThan(0);
      expect(failuresOf(reports)).toEqual([]);
    },
  );
});
