import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerApplication, triggerAppChange, type LifeCycles } from 'single-spa';
import type { QueryClient } from '@tanstack/react-query';
import { federationNameOf, REMOTE_NAMES, type RemoteName } from '@listready/contracts/remotes';
import {
  onAnyRouteIntent,
  readSession,
  SESSION_QUERY_KEY,
  type RemoteCustomProps,
  type RemotePrepareProps,
  type Session,
} from '@listready/web-client';
import { isRemoteActive } from '../routing/route-rules.ts';
import { remoteOutletElement } from './remote-outlet.tsx';
import type { RemoteUrls } from './remote-urls.ts';

export class RemoteUnavailableError extends Error {
  readonly code = 'REMOTE_UNAVAILABLE';
}

/** The one module each remote exposes: its single-spa lifecycles (STYLE.md, single-spa examples). */
const EXPOSED_LIFECYCLES = 'lifecycles';

/** The exposed module: the lifecycles, and the page preparation a remote may export beside them. */
type RemoteModule = LifeCycles<RemoteCustomProps> & { prepare?: (props: RemotePrepareProps) => void };

async function fetchRemoteModule(app: RemoteName, urls: RemoteUrls): Promise<RemoteModule> {
  if (!urls[app]) throw new RemoteUnavailableError(`No URL for ${app} in /remotes.json`);
  const lifecycles = await loadRemote<RemoteModule>(`${federationNameOf(app)}/${EXPOSED_LIFECYCLES}`);
  if (!lifecycles) throw new RemoteUnavailableError(`${app} exposes no lifecycles`);
  return lifecycles;
}

const remoteModules = new Map<RemoteName, Promise<RemoteModule>>();

/**
 * Each remote's module, loaded once for single-spa and for the intents alike (an intent on a page of
 * a remote already here is prepared at once, not after another trip through the federation runtime).
 * A load that failed is forgotten, so the next one tries again (single-spa does, when its page opens).
 */
function loadLifecycles(app: RemoteName, urls: RemoteUrls): Promise<RemoteModule> {
  const known = remoteModules.get(app);
  if (known) return known;
  const loading = fetchRemoteModule(app, urls);
  remoteModules.set(app, loading);
  loading.catch(() => remoteModules.delete(app));
  return loading;
}

/**
 * Registers each remote with Module Federation (from the run-time URLs) and with single-spa. A
 * remote is active when the route rules say it renders the current path for the current session.
 */
export function registerRemoteApplications(urls: RemoteUrls, queryClient: QueryClient): void {
  registerRemotes(
    REMOTE_NAMES.flatMap((app) => {
      const entry = urls[app];
      return entry ? [{ name: federationNameOf(app), entry }] : [];
    }),
  );

  for (const app of REMOTE_NAMES) {
    const customProps: RemoteCustomProps = { queryClient, domElementGetter: () => remoteOutletElement(app) };
    registerApplication<RemoteCustomProps>({
      name: app,
      app: () => loadLifecycles(app, urls),
      activeWhen: (location) => isRemoteActive(app, location.pathname, readSession(queryClient)),
      customProps,
    });
  }

  rerouteWhenSessionChanges(queryClient);
  prepareRemotesOnIntent(urls, queryClient);
}

/**
 * When the user is about to open a page (route-intent.ts), the remote that would draw it prepares
 * it: loaded now if it is not yet — an agent's pointer on Analytics, or on a client's journey —
 * and asked for the page's reads (its `prepare`, if it exports one), so the click finds them on
 * their way. The same for the remote already mounted (the seller's journey and profile). A remote
 * that cannot be loaded is single-spa's to report when its page opens; nothing is said here.
 */
function prepareRemotesOnIntent(urls: RemoteUrls, queryClient: QueryClient): void {
  onAnyRouteIntent((url) => {
    const session = readSession(queryClient);
    for (const app of REMOTE_NAMES) {
      if (!urls[app] || !isRemoteActive(app, url.pathname, session)) continue;
      loadLifecycles(app, urls)
        .then((remote) => remote.prepare?.({ url, queryClient }))
        .catch(() => undefined);
    }
  });
}

function sessionKey(session: Session): string {
  return session.status === 'signed-in' ? `${session.user.id}:${session.user.role}` : session.status;
}

/** Sign-in, sign-out and the first answer of the session probe change which remote is active. */
function rerouteWhenSessionChanges(queryClient: QueryClient): void {
  let previous = sessionKey(readSession(queryClient));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    const current = sessionKey(readSession(queryClient));
    if (current === previous) return;
    previous = current;
    void triggerAppChange();
  });
}
