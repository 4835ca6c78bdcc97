// How .ci/summary.mjs closes CI's output: part of `npm test` (vitest), so CI runs it in its test steps.
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { stepCounts, summarize } from './summary.mjs';

const report = (passed, failed, pending, todo = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: todo,
});
const reports = [
  ['/x/.ci-reports/audit.json', report(0, 0, 1)],
  ['/x/.ci-reports/e2e.json', report(133, 0, 0)],
  ['/x/.ci-reports/embedded.json', report(1202, 0, 27, 1)],
];

test('closes on the totals in the plain "N passed, N failed, N skipped" form, with no word before it', () => {
  const { lines, failed } = summarize(reports);
  assert.equal(lines.at(-1), '1335 passed, 0 failed, 29 skipped');
  assert.equal(failed, false);
});

test('the closing line is the only one that names passed or failed', () => {
  const naming = summarize(reports).lines.filter((line) => /passed|failed/i.test(line));
  assert.deepEqual(naming, ['1335 passed, 0 failed, 29 skipped']);
});

test("shows each step's counts, and fails the run when a test failed", () => {
  const { lines, failed } = summarize([...reports, ['/x/.ci-reports/kafka.json', report(61, 1, 0)]]);
  assert.match(lines.find((line) => line.trim().startsWith('audit')) ?? '', /^\s+audit\s+0\s+0\s+1$/);
  assert.match(lines.find((line) => line.trim().startsWith('kafka')) ?? '', /^\s+kafka\s+61\s+1\s+0$/);
  assert.equal(lines.at(-1), '1396 passed, 1 failed, 29 skipped');
  assert.equal(failed, true);
});

test("a step's line gives its counts in symbols, and the audit's reason", () => {
  assert.equal(stepCounts(report(1202, 0, 27, 1)), '1202 ✓ 0 ✗ 28 skip');
  assert.equal(
    stepCounts({ ...report(0, 0, 1), lines: ["the registry's audit endpoint could not be used: 405"] }),
    "0 ✓ 0 ✗ 1 skip (the registry's audit endpoint could not be used: 405)",
  );
});
