/**
 * The API fuzzed from its own description at scale: FUZZ_CASES_PER_ROUTE (10,000) cases on every
 * route of /api/openapi.json and FUZZ_SEQUENCES (1,000) create/read/update/delete sequences per
 * resource, through the gateway of the platform on its embedded defaults (as `npm start` runs it),
 * as each caller. Same checks as runtime/src/fuzz.test.ts: no answer ≥ 500, every 2xx matching
 * its documented schema, every 4xx in the error shape. Prints per route the cases, time, rate and
 * statuses, then every distinct failure with a request that shows it; the seed reproduces a run.
 *
 *   npm run bench:fuzz -w @listready/bench
 *   FUZZ_CASES_PER_ROUTE=500 FUZZ_ONLY=client-tasks FUZZ_SEED=42 npm run bench:fuzz -w @listready/bench
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fuzzOperations, fuzzSequences, type RouteReport } from '@listready/api-description/fuzz';
import { FUZZ_EXCEPTIONS, startFuzzPlatform } from '@listready/runtime';
import { fuzzBenchConfig } from './config.ts';

const config = fuzzBenchConfig();
const fuzz = await startFuzzPlatform();
const started = Date.now();
const print = (report: RouteReport) =>
  console.log(
    `${report.route.padEnd(52)} ${String(report.cases).padStart(6)} cases ${String(report.ms).padStart(7)} ms ${String(
      Math.round((report.cases * 1000) / Math.max(report.ms, 1)),
    ).padStart(
      5,
    )}/s  ${JSON.stringify(report.statuses)}${report.failures.length ? `  FAILURES: ${report.failures.length}` : ''}`,
  );
console.log(
  `seed ${config.seed}, ${config.casesPerRoute} cases per route, ${config.concurrency} in flight\n`,
);
const common = {
  baseUrl: fuzz.platform.url,
  document: fuzz.document,
  cookieFor: fuzz.cookieFor,
  renewSession: fuzz.renewSession,
  known: fuzz.known,
  seed: config.seed,
  concurrency: config.concurrency,
  exceptions: FUZZ_EXCEPTIONS,
  ...(config.only ? { include: (route: string) => route.includes(config.only ?? '') } : {}),
  onRouteDone: print,
};
const reports = [
  ...(await fuzzOperations({ ...common, casesPerRoute: config.casesPerRoute })),
  ...(await fuzzSequences({ ...common, sequences: config.sequences })),
];
const ms = Date.now() - started;
const cases = reports.reduce((sum, report) => sum + report.cases, 0);
const failures = reports.flatMap((report) => report.failures);
console.log(
  `\n${reports.length} routes and sequences, ${cases} requests in ${(ms / 1000).toFixed(1)} s (${Math.round((cases * 1000) / ms)}/s); ${failures.length} distinct failures`,
);
for (const failure of failures) console.log(`- ${failure}`);
const reportFile = path.join(config.reportDir, `listready-fuzz-${config.seed}.json`);
writeFileSync(reportFile, JSON.stringify({ seed: config.seed, ms, cases, reports }, null, 2));
console.log(
  `\nload after: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; report: ${reportFile}`,
);
await fuzz.stop();
process.exitCode = failures.length > 0 ? 1 : 0;
