import { useCallback, useSyncExternalStore } from 'react';
import { getAppStatus, LOAD_ERROR, MOUNTED, SKIP_BECAUSE_BROKEN } from 'single-spa';
import type { RemoteName } from '@listready/contracts/remotes';
import { JourneySkeleton, LoadingSpinner, ProfileSkeleton } from '@listready/ui';

const outlets = new Map<RemoteName, HTMLElement>();

/**
 * The element a remote mounts into. It is created once, outside React, so single-spa can mount
 * whether or not the shell has rendered the slot yet; `RemoteOutlet` moves it into the page.
 */
export function remoteOutletElement(app: RemoteName): HTMLElement {
  let element = outlets.get(app);
  if (!element) {
    element = document.createElement('div');
    element.id = `single-spa-application:${app}`;
    element.dataset.remote = app;
    outlets.set(app, element);
  }
  return element;
}

const SINGLE_SPA_EVENTS = ['single-spa:routing-event', 'single-spa:app-change', 'single-spa:no-app-change'];

function subscribe(onChange: () => void): () => void {
  for (const name of SINGLE_SPA_EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of SINGLE_SPA_EVENTS) window.removeEventListener(name, onChange);
  };
}

/**
 * What stands in while a remote loads: the seller's pages in their own shape (issue 16: the page
 * has its layout from the first paint), anything else a spinner.
 */
function RemoteLoading({ app, path }: { app: RemoteName; path: string }) {
  if (app === 'mfe-seller' && path.startsWith('/profile')) return <ProfileSkeleton />;
  if (app === 'mfe-seller' && !path.startsWith('/icons')) return <JourneySkeleton />;
  return <LoadingSpinner label="Loading page" />;
}

export function RemoteOutlet({ app, path }: { app: RemoteName; path: string }) {
  const status = useSyncExternalStore(subscribe, () => getAppStatus(app));
  const attach = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot) return;
      slot.appendChild(remoteOutletElement(app));
      return () => remoteOutletElement(app).remove();
    },
    [app],
  );
  const failed = status === LOAD_ERROR || status === SKIP_BECAUSE_BROKEN;
  // The stand-in floats over the slot (out of the flow), so the remote's content arriving moves
  // nothing that was painted: no layout shift.
  return (
    <div className="relative">
      <div ref={attach} />
      {failed ? (
        <p role="alert" className="mx-auto max-w-xl p-8 text-center text-ink-muted">
          This part of ListReady could not be loaded. Please check your connection and reload the page.
        </p>
      ) : status !== MOUNTED ? (
        <div className="absolute inset-x-0 top-0">
          <RemoteLoading app={app} path={path} />
        </div>
      ) : null}
    </div>
  );
}
