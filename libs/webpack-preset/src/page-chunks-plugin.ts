import path from 'node:path';
import type { Compiler, Module } from 'webpack';

/** Written beside the remote's manifest: the lazily loaded code each of its pages renders with. */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

const CODE_FILE = /\.(js|css)$/;

/**
 * Emits `page-chunks.json` (`{ "/profile": ["745.8f0c6612.js", "768.c45636b3.js"] }`): for each page,
 * the files of the lazy chunk group that brings in the module its screen is (a remote's
 * `import()` of that screen), so the server that sends the page can fetch them with it instead of
 * after the remote has loaded and asked (one round trip more). Names are the final ones, as the
 * remote's manifest gives them (relative to it). A page whose module is not in the build, or not
 * loaded lazily, fails the build: a silent empty list would only be a slower page.
 */
export class PageChunksPlugin {
  private readonly pages: Record<string, string>;

  /** `pages`: a page's path → its screen's module, relative to the project (`./src/…`). */
  constructor(pages: Record<string, string>) {
    this.pages = pages;
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes have given the chunk files their final names.
        { name: 'PageChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // A module by its file; scope hoisting may have joined it into another (ConcatenatedModule),
          // which is then the one in the chunks.
          const byResource = new Map<string, Module>();
          for (const module of compilation.modules) {
            const joined = module as Module & { resource?: string; modules?: Iterable<Module> };
            for (const inner of [joined, ...(joined.modules ?? [])]) {
              const resource = (inner as Module & { resource?: string }).resource;
              if (resource) byResource.set(resource, module);
            }
          }
          const written: Record<string, string[]> = {};
          for (const [page, request] of Object.entries(this.pages)) {
            const module = byResource.get(path.resolve(compiler.context, request));
            const files = new Set<string>();
            for (const chunk of module ? compilation.chunkGraph.getModuleChunksIterable(module) : []) {
              for (const group of chunk.groupsIterable) {
                if (group.isInitial()) continue;
                for (const groupChunk of group.chunks) {
                  for (const file of groupChunk.files) if (CODE_FILE.test(file)) files.add(file);
                }
              }
            }
            if (files.size === 0) {
              compilation.errors.push(
                new WebpackError(
                  `PageChunksPlugin: ${request} (the screen of ${page}) is ${module ? 'not loaded lazily' : 'not in the build'}`,
                ),
              );
            }
            written[page] = [...files].sort();
          }
          compilation.emitAsset(
            PAGE_CHUNKS_FILE,
            new sources.RawSource(`${JSON.stringify(written, null, 2)}\n`),
          );
        },
      );
    });
  }
}
