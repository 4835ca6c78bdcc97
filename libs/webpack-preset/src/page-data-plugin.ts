import type { Compiler } from 'webpack';

/** Written beside the remote's manifest: the API reads each of its pages starts with. */
export const PAGE_DATA_FILE = 'page-data.json';

/**
 * Emits `page-data.json` (`{ "/journey": ["/api/clients/current/journey", …] }`) from the URLs
 * the screens themselves read, so the server that sends a signed-in page can start those reads with
 * the HTML (`<link rel="preload">`) while the remote is still loading.
 */
export class PageDataPlugin {
  private readonly pages: Record<string, readonly string[]>;

  constructor(pages: Record<string, readonly string[]>) {
    this.pages = pages;
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageDataPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageDataPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = `${JSON.stringify(this.pages, null, 2)}\n`;
          compilation.emitAsset(PAGE_DATA_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}
