import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Builds of the front end compared on one running platform (`npm start` reads the front end's files
 * from disk for each request, index.html included): each build is a folder holding a copy of one or
 * more `dist` folders, put in place in turn. With one dist the build is that dist's copy itself
 * (`cp -a shell/dist /tmp/before`); with more, it holds one folder per project, named after it
 * (`/tmp/before/shell`, `/tmp/before/mfe-agent` for `shell/dist,mfe-agent/dist`).
 */
export interface FrontEndBuilds {
  /** The builds' folders, in the order given. */
  builds: readonly string[];
  /** The `dist` folders (absolute) each build replaces. */
  distDirs: readonly string[];
  /** Where `build` keeps its copy of `distDir`. */
  copyOf(build: string, distDir: string): string;
  /** Puts `build`'s copies in place of the dists. */
  use(build: string): Promise<void>;
  /** Keeps the dists as they are now, to put back with `restore`. */
  save(): Promise<void>;
  /** Puts back what `save` kept (nothing if it was not called) and removes the copy. */
  restore(): Promise<void>;
}

/**
 * The builds named by `AB_BUILDS` (two or more folders, comma-separated) of the dists named by
 * `AB_DIST` (comma-separated, relative to `root`; `shell/dist` by default).
 */
export function frontEndBuilds(env: NodeJS.ProcessEnv, root: string): FrontEndBuilds {
  const builds = (env.AB_BUILDS ?? '').split(',').filter(Boolean);
  if (builds.length < 2) throw new Error('Set AB_BUILDS to two or more copies of a dist, comma-separated');
  const distDirs = (env.AB_DIST ?? 'shell/dist')
    .split(',')
    .filter(Boolean)
    .map((dist) => path.resolve(root, dist));
  const copyOf = (build: string, distDir: string) =>
    distDirs.length === 1 ? build : path.join(build, path.basename(path.dirname(distDir)));
  const use = async (build: string) => {
    for (const distDir of distDirs) {
      await rm(distDir, { recursive: true, force: true });
      await cp(copyOf(build, distDir), distDir, { recursive: true });
    }
  };
  let saved: string | undefined;
  return {
    builds,
    distDirs,
    copyOf,
    use,
    async save() {
      saved = await mkdtemp(path.join(tmpdir(), 'listready-ab-'));
      for (const distDir of distDirs) await cp(distDir, copyOf(saved, distDir), { recursive: true });
    },
    async restore() {
      if (!saved) return;
      await use(saved);
      await rm(saved, { recursive: true, force: true });
      saved = undefined;
    },
  };
}
