/**
 * The preload's short cut for relative imports inside drizzle-orm gives what Node's own resolution
 * gives, and leaves every other import to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveWithinEsmPackage } from './esm-resolution.ts';

const importing = { conditions: ['node', 'import', 'module-sync', 'node-addons'] };
const drizzleEntry = createRequire(import.meta.url).resolve('drizzle-orm');
const drizzleRoot = drizzleEntry.slice(
  0,
  drizzleEntry.lastIndexOf('/node_modules/drizzle-orm/') + '/node_modules/drizzle-orm/'.length,
);
const drizzleFile = (relative: string) => pathToFileURL(path.join(drizzleRoot, relative)).href;

describe('resolveWithinEsmPackage', () => {
  it("answers drizzle-orm's relative imports as Node does: the same URL, an ES module", () => {
    // Every relative import of drizzle-orm's pg-core entry and of a file one folder down.
    for (const parent of ['pg-core/index.js', 'pg-core/columns/index.js', 'pg-core/table.js']) {
      const parentURL = drizzleFile(parent);
      const source = readFileSync(new URL(parentURL), 'utf8');
      const specifiers = [...source.matchAll(/from\s+"(\.{1,2}\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      );
      expect(specifiers.length).toBeGreaterThan(2);
      for (const specifier of specifiers) {
        const answer = resolveWithinEsmPackage(specifier, { ...importing, parentURL });
        expect(answer).toEqual({
          url: new URL(specifier, parentURL).href,
          format: 'module',
          shortCircuit: true,
        });
        expect(readFileSync(new URL(answer?.url ?? '')).length).toBeGreaterThan(0);
      }
    }
    const packageJson = JSON.parse(readFileSync(path.join(drizzleRoot, 'package.json'), 'utf8')) as {
      type?: string;
    };
    expect(packageJson.type).toBe('module');
    const manifests = readdirSync(drizzleRoot, { recursive: true, encoding: 'utf8' }).filter(
      (file) => path.basename(file) === 'package.json',
    );
    expect(manifests).toEqual(['package.json']);
  });

  it("leaves every other import to Node's resolution", () => {
    const parentURL = drizzleFile('pg-core/table.js');
    const cases: [string, Parameters<typeof resolveWithinEsmPackage>[1]][] = [
      ['pg', { ...importing, parentURL }], // a bare specifier
      ['./table.cjs', { ...importing, parentURL }], // not a .js file
      ['./table.js', { conditions: ['node', 'require'], parentURL }], // require()
      ['../../zod/index.js', { ...importing, parentURL }], // out of the package
      ['./a.js', { ...importing, parentURL: pathToFileURL(path.resolve('libs/db/src/index.ts')).href }],
      ['./a.js', { ...importing, parentURL: 'file:///elsewhere/node_modules/pg/lib/index.js' }],
      ['./a.js', { ...importing, parentURL: undefined }],
      // A package installed inside drizzle-orm's folder is its own package, whatever its type.
      ['./b.js', { ...importing, parentURL: drizzleFile('node_modules/some-cjs/lib/a.js') }],
      ['./node_modules/some-cjs/index.js', { ...importing, parentURL: drizzleFile('index.js') }],
      ['../../index.js', { ...importing, parentURL: drizzleFile('node_modules/some-cjs/lib/a.js') }],
    ];
    for (const [specifier, context] of cases)
      expect(resolveWithinEsmPackage(specifier, context)).toBeUndefined();
  });
});
