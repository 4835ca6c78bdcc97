import { describe, expect, it, vi } from 'vitest';
import { federationNameOf, fetchRemoteUrls, parseRemoteUrls, RemoteConfigError } from './remote-urls.ts';

describe('remote URLs from /remotes.json', () => {
  it('makes relative URLs absolute and keeps other origins', () => {
    expect(
      parseRemoteUrls(
        {
          'mfe-seller': '/remotes/mfe-seller/mf-manifest.json',
          'mfe-analytics': 'http://127.0.0.1:9001/mf-manifest.json',
          'mfe-unknown': '/x.json',
          'mfe-agent': 42,
        },
        'http://localhost:8080/journey',
      ),
    ).toEqual({
      'mfe-seller': 'http://localhost:8080/remotes/mfe-seller/mf-manifest.json',
      'mfe-analytics': 'http://127.0.0.1:9001/mf-manifest.json',
    });
  });

  it('rejects a body that is not an object', () => {
    expect(() => parseRemoteUrls(null, 'http://localhost/')).toThrow(RemoteConfigError);
  });

  it('asks the server every time (no-cache) and fails on an error status', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response('{"mfe-seller":"/s.json"}', { status: 200 }),
    );
    await expect(fetchRemoteUrls(fetchImpl, 'http://localhost/')).resolves.toEqual({
      'mfe-seller': 'http://localhost/s.json',
    });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
    const failing = vi.fn<typeof fetch>(async () => new Response('', { status: 500 }));
    await expect(fetchRemoteUrls(failing, 'http://localhost/')).rejects.toMatchObject({
      code: 'REMOTE_CONFIG_UNAVAILABLE',
    });
  });

  it('names federation containers as identifiers', () => {
    expect(federationNameOf('mfe-seller')).toBe('mfe_seller');
    expect(federationNameOf('mfe-analytics')).toBe('mfe_analytics');
  });
});
