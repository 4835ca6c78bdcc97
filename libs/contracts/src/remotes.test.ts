import { describe, expect, it } from 'vitest';
import { defaultRemotesConfig, federationNameOf, REMOTE_NAMES, remotesConfigSchema } from './remotes.ts';

describe('the remotes', () => {
  it('are the keys of /remotes.json', () => {
    expect(REMOTE_NAMES).toEqual(['mfe-seller', 'mfe-agent', 'mfe-analytics']);
  });

  it('default to a manifest beside the shell for every remote, which the schema accepts', () => {
    const config = defaultRemotesConfig();
    expect(Object.keys(config)).toEqual([...REMOTE_NAMES]);
    expect(config['mfe-seller']).toBe('/remotes/mfe-seller/mf-manifest.json');
    expect(remotesConfigSchema.parse(config)).toEqual(config);
  });

  it('drop names this shell does not know and allow a remote to be missing', () => {
    expect(remotesConfigSchema.parse({ 'mfe-agent': '/a.json', 'mfe-future': '/f.json' })).toEqual({
      'mfe-agent': '/a.json',
    });
  });

  it('refuse a known remote without a usable URL, naming it', () => {
    const result = remotesConfigSchema.safeParse({ 'mfe-seller': '', 'mfe-agent': 42 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'mfe-agent',
      'mfe-seller',
    ]);
  });

  it('name federation containers as identifiers', () => {
    expect(REMOTE_NAMES.map(federationNameOf)).toEqual(['mfe_seller', 'mfe_agent', 'mfe_analytics']);
  });
});
