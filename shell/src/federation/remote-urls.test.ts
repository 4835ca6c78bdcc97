import { describe, expect, it, vi } from 'vitest';
import { fetchRemoteUrls, parseRemoteUrls, RemoteConfigError } from './remote-urls.ts';

describe('remote URLs from /remotes.json', () => {
  it('makes relative URLs absolute, keeps other origins and drops names it does not know', () => {
    expect(
      parseRemoteUrls(
        {
          'mfe-seller': '/remotes/mfe-seller/mf-manifest.json',
          'mfe-analytics': 'http://127.0.0.1:9001/mf-manifest.json',
          'mfe-unknown': '/x.json',
        },
        'http://localhost:8080/journey',
      ),
    ).toEqual({
      'mfe-seller': 'http://localhost:8080/remotes/mfe-seller/mf-manifest.json',
      'mfe-analytics': 'http://127.0.0.1:9001/mf-manifest.json',
    });
  });

  it('rejects a body its contract refuses, naming the remote', () => {
    expect(() => parseRemoteUrls(null, 'http://localhost/')).toThrow(RemoteConfigError);
    expect(() => parseRemoteUrls({ 'mfe-seller': '/s.json', 'mfe-agent': 42 }, 'http://localhost/')).toThrow(
      /^remotes\.json does not match its contract: mfe-agent: /,
    );
  });

  it('asks as index.html’s preload does (the server says no-cache) and fails on an error status or a body that is not JSON', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response('{"mfe-seller":"/s.json"}', { status: 200 }),
    );
    await expect(fetchRemoteUrls(fetchImpl, 'http://localhost/')).resolves.toEqual({
      'mfe-seller': 'http://localhost/s.json',
    });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { credentials: 'same-origin' });
    const failing = vi.fn<typeof fetch>(async () => new Response('', { status: 500 }));
    await expect(fetchRemoteUrls(failing, 'http://localhost/')).rejects.toMatchObject({
      code: 'REMOTE_CONFIG_UNAVAILABLE',
    });
    const html = vi.fn<typeof fetch>(async () => new Response('<html>', { status: 200 }));
    await expect(fetchRemoteUrls(html, 'http://localhost/')).rejects.toBeInstanceOf(RemoteConfigError);
  });
});
