import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '@listready/contracts';
import { gatewayConfigFromEnv, remoteUrlVariable } from './config.ts';

describe('gateway config: the remotes', () => {
  it('serves every declared remote from its own build folder by default', () => {
    const config = gatewayConfigFromEnv({ REMOTES_ROOT: '/srv/listready' });
    expect(config.remotes).toEqual(
      REMOTE_NAMES.map((name) => ({
        name,
        url: `/remotes/${name}/mf-manifest.json`,
        dir: path.resolve('/srv/listready', name, 'dist'),
      })),
    );
  });

  it('reads a remote hosted elsewhere from REMOTE_<NAME>_URL, derived from its name', () => {
    expect(remoteUrlVariable('mfe-analytics')).toBe('REMOTE_MFE_ANALYTICS_URL');
    const config = gatewayConfigFromEnv({
      REMOTE_MFE_ANALYTICS_URL: 'https://cdn.example.com/analytics/mf-manifest.json',
      REMOTE_MFE_SELLER_URL: '/elsewhere/mf-manifest.json',
    });
    expect(config.remotes.find((remote) => remote.name === 'mfe-analytics')).toEqual({
      name: 'mfe-analytics',
      url: 'https://cdn.example.com/analytics/mf-manifest.json',
    });
    expect(config.remotes.find((remote) => remote.name === 'mfe-seller')).toEqual({
      name: 'mfe-seller',
      url: '/elsewhere/mf-manifest.json',
    });
  });

  it('refuses a remote URL that is neither absolute nor a path', () => {
    expect(() => gatewayConfigFromEnv({ REMOTE_MFE_AGENT_URL: 'cdn.example.com/mf-manifest.json' })).toThrow(
      /REMOTE_MFE_AGENT_URL/,
    );
  });
});
