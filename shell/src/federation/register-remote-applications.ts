import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerApplication, triggerAppChange, type LifeCycles } from 'single-spa';
import type { QueryClient } from '@tanstack/react-query';
import { federationNameOf, REMOTE_NAMES, type RemoteName } from '@listready/contracts/remotes';
import { readSession, SESSION_QUERY_KEY, type RemoteCustomProps, type Session } from '@listready/web-client';
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
