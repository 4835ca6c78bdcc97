import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { describe, expect, it } from 'vitest';
import retryFailedSharePlugin from './retry-failed-share-plugin.ts';

type Plugins = ConstructorParameters<typeof runtimeCore.ModuleFederation>[0]['plugins'];

let instances = 0;

/** The real federation runtime with one shared module whose first load fails, as a dropped chunk does. */
function federationWithFlakyShare(plugins: Plugins) {
  const loads = { count: 0 };
  instances += 1;
  const federation = new runtimeCore.ModuleFederation({
    name: `retry-share-test-${instances}`,
    remotes: [],
    shared: {
      [`toaster-${instances}`]: {
        version: '1.0.0',
        scope: 'default',
        shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
        get: async () => {
          loads.count += 1;
          if (loads.count === 1) throw new Error('Loading chunk 518 failed');
          return () => ({ Toaster: 'the toaster' });
        },
      },
    },
    plugins,
  });
  const load = () => federation.loadShare<{ Toaster: string }>(`toaster-${instances}`);
  return { load, loads };
}

describe('retryFailedSharePlugin', () => {
  it('lets a shared module whose load failed be loaded again', async () => {
    const { load, loads } = federationWithFlakyShare([retryFailedSharePlugin()]);
    await expect(load()).rejects.toThrow('Loading chunk 518 failed');
    const factory = await load();
    expect(factory && factory()).toEqual({ Toaster: 'the toaster' });
    expect(loads.count).toBe(2);
    // Once loaded, it is the runtime's own cache that answers.
    await load();
    expect(loads.count).toBe(2);
  });

  it('is needed: without it the runtime answers every later request with the first failure', async () => {
    const { load, loads } = federationWithFlakyShare([]);
    await expect(load()).rejects.toThrow('Loading chunk 518 failed');
    await expect(load()).rejects.toThrow('Loading chunk 518 failed');
    expect(loads.count).toBe(1);
  });

  it('shares one load between requests made while it is under way', async () => {
    const { load, loads } = federationWithFlakyShare([retryFailedSharePlugin()]);
    await expect(load()).rejects.toThrow();
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(loads.count).toBe(2);
  });
});
