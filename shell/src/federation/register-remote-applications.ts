import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getAppStatus, NOT_LOADED, registerApplication, triggerAppChange, type LifeCycles } from 'single-spa';
import type { QueryClient } from '@tanstack/react-query';
import { federationNameOf, REMOTE_NAMES, type RemoteName } from '@listready/contracts/remotes';
import {
  readSession,
  ROUTE_INTENT_EVENT,
  SESSION_QUERY_KEY,
  type RemoteCustomProps,
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

async function loadLifecycles(app: RemoteName, urls: RemoteUrls): Promise<LifeCycles<RemoteCustomProps>> {
  if (!urls[app]) throw new RemoteUnavailableError(`No URL for ${app} in /remotes.json`);
  const lifecycles = await loadRemote<LifeCycles<RemoteCustomProps>>(
    `${federationNameOf(app)}/${EXPOSED_LIFECYCLES}`,
  );
  if (!lifecycles) throw new RemoteUnavailableError(`${app} exposes no lifecycles`);
  return lifecycles;
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
  preloadRemotesOnIntent(urls, queryClient);
}

/**
 * The files of the remote that a page the user is about to open would mount (route-intent.ts), when
 * it is not loaded yet — an agent's pointer on Analytics, or on a client's journey: the remote's
 * entry, and its exposed module's files as preloads, so the click finds them in the browser's cache.
 * Fetched, not run: a remote reads the page's path as its module runs. The shared modules are the
 * host's already. A remote that cannot be fetched is single-spa's to report when its page opens.
 */
function preloadRemotesOnIntent(urls: RemoteUrls, queryClient: QueryClient): void {
  window.addEventListener(ROUTE_INTENT_EVENT, (event) => {
    const path = (event as CustomEvent<string>).detail;
    const session = readSession(queryClient);
    const next = REMOTE_NAMES.filter(
      (app) => urls[app] && getAppStatus(app) === NOT_LOADED && isRemoteActive(app, path, session),
    );
    if (next.length === 0) return;
    preloadRemote(
      next.map((app) => ({
        nameOrAlias: federationNameOf(app),
        exposes: [EXPOSED_LIFECYCLES],
        share: false,
        depsRemote: false,
      })),
    ).catch(() => undefined);
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
