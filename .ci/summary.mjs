// Folds the vitest JSON reports of every CI step into a table and one closing line, "N passed, N failed,
// N skipped": the only line of CI's output that counts tests, in the plain form CI's reader takes in
// any language. Every landing from 23 to 28 Nov 2026 was judged to have run no test although this line
// (then "ci: N passed, …") counted thousands; what in the output misled the reader is not known, so
// .ci/run keeps each step's output in its own log and prints only this summary's counts (docs/decisions.md).
// `node .ci/summary.mjs --counts report.json` prints one step's counts for .ci/run's step line.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A report's counts: vitest's JSON report fields (the audit step writes the same). */
function countsOf(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** One step's counts as .ci/run prints them under its title, with the step's own words if it has any. */
export function stepCounts(report) {
  const { passed, failed, skipped } = countsOf(report);
  const words = Array.isArray(report.lines) ? ` (${report.lines.join('; ')})` : '';
  return `${passed} ✓ ${failed} ✗ ${skipped} skip${words}`;
}

/** The lines to print for `reports` (vitest JSON reports, by file name), and whether any test failed. */
export function summarize(reports) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const row = (name, cells) =>
    `  ${name.padEnd(14)}${cells.map((cell) => String(cell).padStart(8)).join('')}`;
  const lines = [row('step', ['✓', '✗', 'skip'])];
  for (const [file, report] of reports) {
    const name = file
      .split('/')
      .pop()
      .replace(/\.json$/, '');
    const counts = countsOf(report);
    lines.push(row(name, [counts.passed, counts.failed, counts.skipped]));
    for (const key of Object.keys(totals)) totals[key] += counts[key];
  }
  lines.push(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return { lines, failed: totals.failed > 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  if (process.argv[2] === '--counts') {
    process.stdout.write(`${stepCounts(read(process.argv[3]))}\n`);
  } else {
    const files = process.argv.slice(2);
    const { lines, failed } = summarize(files.map((file) => [file, read(file)]));
    for (const line of lines) process.stdout.write(`${line}\n`);
    process.exitCode = failed ? 1 : 0;
  }
}
