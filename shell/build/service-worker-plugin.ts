import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Compiler, Configuration, RuleSetRule } from 'webpack';

const PLUGIN_NAME = 'ServiceWorkerPlugin';

/** At the site root, so its scope is the whole site; no hash, since browsers fetch it by name to update it. */
export const SERVICE_WORKER_FILE = 'service-worker.js';

export interface ServiceWorkerPluginOptions {
  /** The worker's source (src/service-worker/service-worker.ts). */
  entry: string;
}

/**
 * Builds the service worker as a file of its own: a second webpack compilation (target
 * `webworker`, the parent's TypeScript rule, one chunk, no federation runtime) whose output is
 * added to the shell's build, where the compression plugins and the gateway treat it like any file.
 * It carries the list of the shell's hashed files (`__SHELL_FILES__`), so it stores the lazy ones
 * (the toaster, the account screens…) before they are needed offline, and every shell build that
 * changes a file is a new worker. The remotes' files are found at run time, from /remotes.json.
 */
export class ServiceWorkerPlugin {
  private readonly options: ServiceWorkerPluginOptions;

  constructor(options: ServiceWorkerPluginOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // Once every file has its final (content-hashed) name, before the compression plugins run.
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        async () => {
          const shellFiles = Object.keys(compilation.assets)
            .filter((name) => /\.[0-9a-f]{8,}\.(js|css)$/.test(name))
            .sort()
            .map((name) => `/${name}`);
          const code = await this.compileWorker(compiler, shellFiles);
          compilation.emitAsset(SERVICE_WORKER_FILE, new sources.RawSource(code));
        },
      );
    });
  }

  private async compileWorker(compiler: Compiler, shellFiles: string[]): Promise<string> {
    const outputDir = await mkdtemp(path.join(tmpdir(), 'listready-service-worker-'));
    try {
      const config: Configuration = {
        mode: compiler.options.mode === 'development' ? 'development' : 'production',
        target: 'webworker',
        context: compiler.context,
        entry: this.options.entry,
        devtool: false,
        output: { path: outputDir, filename: SERVICE_WORKER_FILE, iife: true },
        resolve: { extensions: compiler.options.resolve.extensions ?? ['.ts', '.js'] },
        module: { rules: scriptRules(compiler) },
        optimization: { splitChunks: false, runtimeChunk: false },
        plugins: [
          new compiler.webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
          // The shell's own files, which deploy with this worker: a changed file is a changed worker.
          new compiler.webpack.DefinePlugin({ __SHELL_FILES__: JSON.stringify(shellFiles) }),
        ],
      };
      await new Promise<void>((resolve, reject) => {
        compiler.webpack(config).run((error, stats) => {
          if (error) return reject(error);
          if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
          resolve();
        });
      });
      return await readFile(path.join(outputDir, SERVICE_WORKER_FILE), 'utf8');
    } finally {
      await rm(outputDir, { recursive: true, force: true });
    }
  }
}

/** The parent build's rule for TypeScript (the preset's esbuild loader). */
function scriptRules(compiler: Compiler): RuleSetRule[] {
  const rules = (compiler.options.module.rules ?? []).filter(
    (rule): rule is RuleSetRule =>
      typeof rule === 'object' && rule !== null && rule.test instanceof RegExp && rule.test.test('worker.ts'),
  );
  if (rules.length === 0) throw new Error(`${PLUGIN_NAME}: the build has no rule for .ts files`);
  return rules;
}
