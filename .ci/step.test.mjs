// How .ci/step.sh runs a CI step: its output kept in its log, one line printed, a failure shown and fatal.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const folders = [];
const scratchFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'ci-step-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs `body` in bash after sourcing step.sh, as .ci/run does (errexit, pipefail), in a fresh folder. */
function ci(body) {
  const reports = scratchFolder();
  const script = `set -euo pipefail
ROOT=${JSON.stringify(ROOT)} REPORTS=${JSON.stringify(reports)} LOGS=${JSON.stringify(join(reports, 'logs'))}
mkdir -p "$LOGS"
source "$ROOT/.ci/step.sh"
${body}`;
  const run = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: { ...process.env, CI_VERBOSE: '' },
  });
  return { ...run, log: (name) => readFileSync(join(reports, 'logs', name), 'utf8') };
}

test("a step's output goes to its log; CI prints its title and one line with its report's counts", () => {
  const report = join(scratchFolder(), 'unit.json');
  writeFileSync(
    report,
    JSON.stringify({ numPassedTests: 7, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1 }),
  );
  const run =
    ci(`unit() { echo " Tests  7 passed (7)"; echo "noise on stderr" >&2; cp ${JSON.stringify(report)} "$REPORTS/unit.json"; }
step "Unit tests" unit
echo after`);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n').filter(Boolean);
  assert.match(lines[0], /^=== Unit tests \(\d+s\)$/);
  assert.match(lines[1], /^ {4}\d+s; 7 ✓ 0 ✗ 3 skip; log: .+\/logs\/01-unit\.log$/);
  assert.deepEqual(lines.slice(2), ['after']);
  assert.equal(run.log('01-unit.log'), ' Tests  7 passed (7)\nnoise on stderr\n');
});

test('a failing command stops its step at once, prints the end of its log and stops the run with its code', () => {
  const run = ci(`broken() { echo "first"; false | true; echo "never printed"; }
plain() { echo "fine"; }
step "Plain" plain
step "Broken" broken
echo "never reached"`);
  assert.equal(run.status, 1);
  assert.match(run.stdout, /=== Plain \(\d+s\)\n {4}\d+s; log: .+\/logs\/01-plain\.log\n/);
  assert.match(
    run.stdout,
    /--- the last 200 lines of .+\/logs\/02-broken\.log\nfirst\n--- Broken stopped the run \(exit 1, after \d+s\)\n$/,
  );
  assert.doesNotMatch(run.stdout, /fine|never/);
  assert.equal(run.log('02-broken.log'), 'first\n');
});
