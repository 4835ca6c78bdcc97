// Folds the vitest JSON reports of every CI step into one closing line: "ci: N passed, N failed, N skipped".
// The steps' own lines are a table, not in that form: a reader of CI's closing lines takes the first line
// shaped "N passed, N failed" as the run's, and the audit step (0 passed, 1 skipped where the advisory
// service refuses) came first and read as a run that executed no test.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
console.log(`  ${'step'.padEnd(14)}${['passed', 'failed', 'skipped'].map((h) => h.padStart(8)).join('')}`);
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const name = file
    .split('/')
    .pop()
    .replace(/\.json$/, '');
  const cells = [report.numPassedTests, report.numFailedTests, report.numPendingTests + report.numTodoTests];
  console.log(`  ${name.padEnd(14)}${cells.map((n) => String(n).padStart(8)).join('')}`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
