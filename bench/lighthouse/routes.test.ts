/**
 * The full Lighthouse bench audits every route: each path of the shell's route rules is in
 * every-route.ts's list. The rules are read as text (the bench may not import the shell's code),
 * so a route added there without its audit fails here, at CI's Lighthouse step.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './every-route.ts';

async function ruledPaths(): Promise<string[]> {
  const source = await readFile(new URL('../../shell/src/routing/route-rules.ts', import.meta.url), 'utf8');
  const start = source.indexOf('export const ROUTE_RULES');
  const table = source.slice(start, source.indexOf('\n};', start));
  return [...table.matchAll(/^\s*'(\/[^']*)':/gm)].map((match) => match[1] ?? '');
}

describe("the Lighthouse bench's routes", () => {
  it("are every path of the shell's route rules, and `/` for each kind of visitor", async () => {
    const paths = await ruledPaths();
    expect(paths).toContain('/journey');
    expect(paths.length).toBeGreaterThanOrEqual(12);
    const audited = new Set(ROUTES.map((route) => new URL(route.path, 'http://localhost').pathname));
    expect(paths.filter((path) => !audited.has(path))).toEqual([]);
    expect(ROUTES.filter((route) => route.path === '/').map((route) => route.as)).toEqual([
      'signed out',
      'seller',
      'agent',
    ]);
  });

  it('include a reset link with its token (the form) and without (the invalid-link view)', () => {
    const resets = ROUTES.filter((route) => route.path.startsWith('/reset-password'));
    expect(resets.map((route) => route.path.includes('?token=')).sort()).toEqual([false, true]);
    expect(resets.every((route) => route.as === 'signed out')).toBe(true);
  });
});
