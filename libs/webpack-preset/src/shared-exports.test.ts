import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedSingletons } from './webpack-preset.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Every export of our own shared modules that a released remote may import, by module: committed,
 * so a change that removes one shows here before it ships. A remote takes these modules from the
 * shell that loads it, not from its own build: a remote built before the removal would get
 * `undefined` for the name and fail to render (a blank page), although its version range still
 * matches. An export can leave the record only once every remote has been rebuilt without it.
 */
const RECORD_FILE = path.join(import.meta.dirname, '../shared-exports.json');

/** Our own modules the shell shares with the remotes (the host's list: every one it provides). */
const OWN_SHARED_MODULES = Object.keys(sharedSingletons(path.join(repositoryRoot, 'shell'), 'host')).filter(
  (name) => name.startsWith('@listready/'),
);

describe('the exports of the shared modules', () => {
  it('keep every name a remote built earlier may import, and every new name is recorded', async () => {
    const record = JSON.parse(await readFile(RECORD_FILE, 'utf8')) as Record<string, string[]>;
    expect(Object.keys(record).sort(), 'the record names each shared module once').toEqual(
      [...OWN_SHARED_MODULES].sort(),
    );
    for (const name of OWN_SHARED_MODULES) {
      const exported = new Set(Object.keys((await import(name)) as object));
      const recorded = record[name] ?? [];
      expect(
        recorded.filter((exportName) => !exported.has(exportName)),
        `${name} no longer exports these: remotes built before would break. Keep them until every remote is rebuilt`,
      ).toEqual([]);
      expect(
        [...exported].filter((exportName) => !recorded.includes(exportName)).sort(),
        `${name} exports these new names: add them to libs/webpack-preset/shared-exports.json`,
      ).toEqual([]);
    }
  });
});
