import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReachableByOthers } from './embedded.ts';

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
