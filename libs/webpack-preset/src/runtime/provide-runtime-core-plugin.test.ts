import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { afterEach, describe, expect, it } from 'vitest';
import provideRuntimeCorePlugin from './provide-runtime-core-plugin.ts';

describe('provideRuntimeCorePlugin', () => {
  afterEach(() => {
    Reflect.deleteProperty(runtimeCore.Global, '_FEDERATION_RUNTIME_CORE');
  });

  it("puts the shell's runtime core where a remote built with externalRuntime reads it", () => {
    expect(provideRuntimeCorePlugin().name).toBe('listready-provide-runtime-core');
    const provided = Reflect.get(runtimeCore.Global, '_FEDERATION_RUNTIME_CORE') as typeof runtimeCore;
    expect(provided.ModuleFederation).toBe(runtimeCore.ModuleFederation);
    expect(runtimeCore.Global).toBe(globalThis);
  });

  it('keeps a core already on the page', () => {
    const earlier = { provided: 'earlier' };
    Reflect.set(runtimeCore.Global, '_FEDERATION_RUNTIME_CORE', earlier);
    provideRuntimeCorePlugin();
    expect(Reflect.get(runtimeCore.Global, '_FEDERATION_RUNTIME_CORE')).toBe(earlier);
  });
});
