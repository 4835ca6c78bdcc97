import { remotesConfigSchema, type RemoteName } from '@listready/contracts/remotes';

export type RemoteUrls = Partial<Record<RemoteName, string>>;

export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemoteConfigError extends Error {
  readonly code = 'REMOTE_CONFIG_UNAVAILABLE';
}

/**
 * Where each remote lives, read at run time so a remote can move or be redeployed without
 * rebuilding the shell. Parsed with the contracts' schema (names this shell does not know are
 * dropped; a known remote without a usable URL fails the file); relative URLs are made absolute
 * for the runtime.
 */
export function parseRemoteUrls(body: unknown, baseUrl: string): RemoteUrls {
  const parsed = remotesConfigSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`,
    );
    throw new RemoteConfigError(`remotes.json does not match its contract: ${issues.join('; ')}`);
  }
  return Object.fromEntries(
    Object.entries(parsed.data).flatMap(([app, url]) => (url ? [[app, new URL(url, baseUrl).href]] : [])),
  );
}

export async function fetchRemoteUrls(fetchImpl: typeof fetch, baseUrl: string): Promise<RemoteUrls> {
  // The server says `no-cache`, so this is asked again each time; the request matches index.html's
  // preload (a request with its own cache mode would not use it).
  const response = await fetchImpl(REMOTES_CONFIG_URL, { credentials: 'same-origin' });
  if (!response.ok) throw new RemoteConfigError(`remotes.json answered ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  return parseRemoteUrls(body, baseUrl);
}
