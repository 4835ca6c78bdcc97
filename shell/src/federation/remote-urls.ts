import { REMOTE_APPS, type RemoteAppName } from '../routing/route-rules.ts';

export type RemoteUrls = Partial<Record<RemoteAppName, string>>;

export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemoteConfigError extends Error {
  readonly code = 'REMOTE_CONFIG_UNAVAILABLE';
}

/** Module Federation container names are identifiers: `mfe-seller` → `mfe_seller`. */
export function federationNameOf(app: RemoteAppName): string {
  return app.replace(/-/g, '_');
}

/**
 * Where each remote lives, read at run time so a remote can move or be redeployed without
 * rebuilding the shell. Unknown keys are ignored; relative URLs are made absolute for the runtime.
 */
export function parseRemoteUrls(body: unknown, baseUrl: string): RemoteUrls {
  if (!body || typeof body !== 'object') throw new RemoteConfigError('remotes.json is not an object');
  const record = body as Record<string, unknown>;
  const urls: RemoteUrls = {};
  for (const app of REMOTE_APPS) {
    const value = record[app];
    if (typeof value === 'string' && value.length > 0) urls[app] = new URL(value, baseUrl).href;
  }
  return urls;
}

export async function fetchRemoteUrls(fetchImpl: typeof fetch, baseUrl: string): Promise<RemoteUrls> {
  const response = await fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new RemoteConfigError(`remotes.json answered ${response.status}`);
  return parseRemoteUrls(await response.json(), baseUrl);
}
