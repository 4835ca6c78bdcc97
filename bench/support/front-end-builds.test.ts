import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frontEndBuilds } from './front-end-builds.ts';

let root: string;

/** A project's dist with one file saying which build it is. */
async function dist(folder: string, says: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'main.js'), says);
}
const read = (folder: string) => readFile(path.join(folder, 'main.js'), 'utf8');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'front-end-builds-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('front-end builds put in place in turn', () => {
  it('wants two builds or more', () => {
    expect(() => frontEndBuilds({ AB_BUILDS: '/tmp/one' }, root)).toThrow(/two or more/);
    expect(() => frontEndBuilds({}, root)).toThrow(/two or more/);
  });

  it("with one dist, a build is that dist's copy; with several, a folder per project", () => {
    const one = frontEndBuilds({ AB_BUILDS: '/b/before,/b/after' }, root);
    expect(one.distDirs).toEqual([path.join(root, 'shell/dist')]);
    expect(one.copyOf('/b/after', path.join(root, 'shell/dist'))).toBe('/b/after');
    const two = frontEndBuilds(
      { AB_BUILDS: '/b/before,/b/after', AB_DIST: 'shell/dist,mfe-agent/dist' },
      root,
    );
    expect(two.builds).toEqual(['/b/before', '/b/after']);
    expect(two.copyOf('/b/after', path.join(root, 'mfe-agent/dist'))).toBe('/b/after/mfe-agent');
  });

  it('puts each build in place, and what was there back at the end', async () => {
    await dist(path.join(root, 'shell/dist'), 'built here');
    await dist(path.join(root, 'mfe-agent/dist'), 'agent built here');
    const before = path.join(root, 'before');
    const after = path.join(root, 'after');
    for (const [build, says] of [
      [before, 'before'],
      [after, 'after'],
    ] as const) {
      await dist(path.join(build, 'shell'), `shell ${says}`);
      await dist(path.join(build, 'mfe-agent'), `agent ${says}`);
    }
    const builds = frontEndBuilds(
      { AB_BUILDS: `${before},${after}`, AB_DIST: 'shell/dist,mfe-agent/dist' },
      root,
    );
    await builds.save();
    await builds.use(after);
    expect(await read(path.join(root, 'shell/dist'))).toBe('shell after');
    expect(await read(path.join(root, 'mfe-agent/dist'))).toBe('agent after');
    await builds.use(before);
    expect(await read(path.join(root, 'shell/dist'))).toBe('shell before');
    await builds.restore();
    expect(await read(path.join(root, 'shell/dist'))).toBe('built here');
    expect(await read(path.join(root, 'mfe-agent/dist'))).toBe('agent built here');
    // The builds themselves are left as they were.
    expect(await read(path.join(after, 'shell'))).toBe('shell after');
  });
});
