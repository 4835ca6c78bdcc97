import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Chunk, Compilation, Compiler, Module } from 'webpack';

/**
 * The host starts through an async boundary, so the browser only learns about the bootstrap chunk
 * and the shared libraries (react-dom, react-query, …) after the entry has run. This lists them in
 * index.html as <link rel="preload"> so they download while the entry is still being parsed.
 * Shared modules named in `lazy` (loaded on demand, e.g. the toaster) are left out. The entry
 * script itself is fetched at high priority.
 */
export class PreloadStartupChunksPlugin {
  private readonly lazy: ReadonlySet<string>;

  constructor(options: { lazy: string[] }) {
    this.lazy = new Set(options.lazy);
  }

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('PreloadStartupChunksPlugin', (data) => {
        const publicPath = data.publicPath;
        const files = [...this.startupFiles(compilation)].filter((file) => file.endsWith('.js'));
        // The entry starts everything else, yet a deferred script is fetched at low priority: Chrome
        // held it back until the preloads below were done (requested ~120 ms after them on /journey),
        // and Lighthouse's simulation then queues it behind every other file of the page.
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        data.assetTags.styles.unshift(
          ...files.map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          ),
        );
        return data;
      });
    });
  }

  private startupFiles(compilation: Compilation): Set<string> {
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
    return files;
  }
}
