// Folds the vitest JSON reports of every CI step into one closing line: "ci: N passed, N failed, N skipped".
// That line is the only one CI prints with both words in it. Every landed run since 23 Nov was judged to
// have executed no test although this line counted thousands; the likely reading is that CI's reader takes
// the first line naming passed and failed, with whatever numbers it finds there. The audit step's
// "0 passed, 0 failed, 1 skipped" was once that line, then this table's header ("passed  failed skipped",
// no numbers at all). So the table heads its columns ✓ ✗ skip (summary.test.mjs keeps it so).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
    const counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
    lines.push(row(name, [counts.passed, counts.failed, counts.skipped]));
    for (const key of Object.keys(totals)) totals[key] += counts[key];
  }
  lines.push(`ci: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return { lines, failed: totals.failed > 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  const { lines, failed } = summarize(files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8'))]));
  for (const line of lines) process.stdout.write(`${line}\n`);
  process.exitCode = failed ? 1 : 0;
}
