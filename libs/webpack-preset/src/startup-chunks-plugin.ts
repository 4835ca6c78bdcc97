import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Chunk, Compilation, Compiler, Module } from 'webpack';

/**
 * V8's explicit compile hint: every function of a script that starts with it is compiled while the
 * script streams in, on a background thread, instead of on the main thread at its first call.
 * https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const PLUGIN_NAME = 'StartupChunksPlugin';

/**
 * The chunks the shell runs at startup. It starts through an async boundary, so the browser only
 * learns about the bootstrap chunk and the shared libraries (react-dom, react-query, zod, …) after
 * the entry has run:
 * - they are listed in index.html as <link rel="preload"> so they download while the entry is
 *   still being parsed, and the entry itself is fetched at high priority. The preloads are low
 *   priority: the page's first paint is its HTML frame and needs none of them, and at the default
 *   (high) Lighthouse's simulation counted every one that arrived before the observed first paint
 *   as blocking it (its mobile FCP was 1.8–2.0 s in 5 of 20 audits, 0.64–1.6 s in 20 of 20 since);
 * - each starts with V8's compile hint. A module's factory is one function, compiled lazily on the
 *   main thread when it is first required: zod's alone was ~45 ms of a seller's first load here
 *   (~180 ms at Lighthouse's 4× CPU), inside the long task that evaluates the startup modules. (A
 *   remote's exposed chunks with the hint measured no better: left as they are.)
 * Shared modules named in `lazy` (loaded on demand, e.g. the toaster) are left out of both.
 */
export class StartupChunksPlugin {
  private readonly lazy: ReadonlySet<string>;

  constructor(options: { lazy: string[] }) {
    this.lazy = new Set(options.lazy);
  }

  apply(compiler: Compiler): void {
    // From the compiler, not imported: plain Node (the images' build) loads this file as ESM, and
    // webpack's CommonJS exports are getters its named-export detection does not see.
    const { Compilation, sources } = compiler.webpack;
    // The build's own compilation only, not the child compilations (html-webpack-plugin's template).
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      // Found once: both uses below come before the real content hashes rename the files.
      let found: string[] | undefined;
      const startupScripts = () => (found ??= this.startupScripts(compilation));
      // After the minimizers (which drop comments), before the real content hashes and compression.
      compilation.hooks.processAssets.tap(
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          for (const file of startupScripts()) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(PLUGIN_NAME, (data) => {
        const publicPath = data.publicPath;
        // The entry starts everything else, yet a deferred script is fetched at low priority: Chrome
        // held it back until the preloads below were done (requested ~120 ms after them on /journey),
        // and Lighthouse's simulation then queues it behind every other file of the page.
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        data.assetTags.styles.unshift(
          ...startupScripts().map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
              fetchpriority: 'low',
            }),
          ),
        );
        return data;
      });
    });
  }

  private startupScripts(compilation: Compilation): string[] {
    const files = new Set<string>();
    const addBlockChunks = (module: Module) => {
      for (const block of module.blocks) {
        const group = compilation.chunkGraph.getBlockChunkGroup(block);
        for (const chunk of group?.chunks ?? []) addFiles(chunk);
      }
    };
    const addFiles = (chunk: Chunk) => {
      if (chunk.canBeInitial()) return;
      for (const file of chunk.files) files.add(file);
    };
    for (const entry of compilation.entries.values()) {
      for (const dependency of entry.dependencies) {
        const module = compilation.moduleGraph.getModule(dependency);
        if (module) addBlockChunks(module);
      }
    }
    // Enhanced's ProvideSharedModule: `provide module (default) react@19.3.1 = …`, its share key in
    // `_name`. Taken in share-key order: `compilation.modules` is in the order the modules finished
    // building, which differs from build to build, and index.html should not.
    const provided = [...compilation.modules]
      .filter((module) => module.identifier().startsWith('provide module ('))
      .map((module) => ({ module, shareKey: (module as Module & { _name?: string })._name ?? '' }))
      .filter(({ shareKey }) => shareKey !== '' && !this.lazy.has(shareKey))
      .sort(
        (a, b) =>
          a.shareKey.localeCompare(b.shareKey) || a.module.identifier().localeCompare(b.module.identifier()),
      );
    for (const { module } of provided) addBlockChunks(module);
    return [...files].filter((file) => file.endsWith('.js'));
  }
}
