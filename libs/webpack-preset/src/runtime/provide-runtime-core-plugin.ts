import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

/*
 * Bundled into the shell's build only. The remotes are built with `experiments.externalRuntime`,
 * so their entries carry no federation runtime core of their own and read the page's one from
 * `_FEDERATION_RUNTIME_CORE` instead: this plugin puts the shell's there when the shell's runtime
 * starts, before any remote entry is loaded. (Enhanced's own provideExternalRuntime plugin does the
 * same, but is resolved to its CommonJS build, which bundles a second copy of the runtime core.)
 */
interface RuntimeCoreGlobal {
  _FEDERATION_RUNTIME_CORE?: typeof runtimeCore;
}

export default function provideRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  const global = runtimeCore.Global as RuntimeCoreGlobal;
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  return { name: 'listready-provide-runtime-core' };
}
