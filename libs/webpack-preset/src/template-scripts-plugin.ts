import type { Compiler } from 'webpack';

const PLUGIN_NAME = 'DropTemplateScriptsPlugin';

/** The name html-webpack-plugin gives the child compiler that compiles a page's template. */
export const HTML_TEMPLATE_COMPILER = 'HtmlWebpackCompiler';

/**
 * html-webpack-plugin compiles index.html's template (its `require`d favicons) in a child
 * compilation, which inherits the build's plugins: Module Federation adds a chunk there for every
 * shared module (in the shell, each contracts area with a copy of zod of its own, ~130 KB apiece),
 * and webpack copies a child's files into the build. Nothing ever loaded them — the template's own
 * script runs at build time and is not emitted — yet eight were shipped beside the shell, and the
 * service worker fetched them all at install. This drops that compilation's scripts; its other
 * files (the favicons) are kept.
 */
export class DropTemplateScriptsPlugin {
  apply(compiler: Compiler): void {
    // From the compiler, not imported (see StartupChunksPlugin).
    const { Compilation } = compiler.webpack;
    compiler.hooks.compilation.tap(PLUGIN_NAME, (compilation) => {
      if (compilation.compiler.name !== HTML_TEMPLATE_COMPILER) return;
      compilation.hooks.processAssets.tap(
        // Last: after html-webpack-plugin has taken the compiled template out of the assets.
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const file of Object.keys(assets)) {
            if (/\.[cm]?js$/.test(file)) compilation.deleteAsset(file);
          }
        },
      );
    });
  }
}
