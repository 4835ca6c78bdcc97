import { defaultRemotesConfig } from '@listready/contracts';
import type { Compiler } from 'webpack';

const PLUGIN_NAME = 'DefaultRemotesJsonPlugin';
export const DEFAULT_REMOTES_JSON = 'remotes.json';

/**
 * Writes the static image's default /remotes.json (every remote served beside the shell) from the
 * contracts' one list of remotes, so no hand-kept copy can drift from it. The gateway answers
 * /remotes.json from its own config, and the Helm chart mounts its own over this one.
 */
export class DefaultRemotesJsonPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = `${JSON.stringify(defaultRemotesConfig(), null, 2)}\n`;
          compilation.emitAsset(DEFAULT_REMOTES_JSON, new sources.RawSource(json));
        },
      );
    });
  }
}
