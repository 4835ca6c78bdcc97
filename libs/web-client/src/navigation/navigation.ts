import { createContext, useContext, useSyncExternalStore } from 'react';

declare global {
  interface Window {
    /** Defined by single-spa when the shell runs; absent when a remote runs on its own. */
    singleSpaNavigate?: (url: string) => void;
  }
}

/** In-app navigation that both single-spa (in the shell) and a standalone remote follow. */
export function navigate(url: string): void {
  if (window.singleSpaNavigate) window.singleSpaNavigate(url);
  else writeAddress(url);
}

/**
 * Writes `url` into the history, as a new entry (with `state`, none by default) or (`replace`) in
 * place of the current one, keeping its state. Once single-spa has started, its
 * history.pushState/replaceState announce every change with `popstate` (which the shell's routes and
 * single-spa both follow); before that, or in a remote running on its own, nobody would, so this
 * announces it.
 */
export function writeAddress(
  url: string | URL,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
): void {
  const write = replace ? 'replaceState' : 'pushState';
  const historyAnnounces = window.history[write] !== History.prototype[write];
  window.history[write](replace ? window.history.state : state, '', url);
  if (!historyAnnounces) window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/** The current path, re-rendering on every in-app navigation and on back/forward. */
export function useLocationPath(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => '/',
  );
}

/**
 * The query string a page was rendered for, while it is rendered on the server and while the browser
 * hydrates it: none unless a provider says so. A page prerendered for addresses with a query (the
 * reset form at `/reset-password?token=…`) hydrates with the query it was served at, so its first
 * render in the browser draws what its HTML holds.
 */
const RenderedSearchContext = createContext('');

export const RenderedSearchProvider = RenderedSearchContext.Provider;

/** The current query string, following in-app navigation and back/forward like the path. */
export function useLocationSearch(): string {
  const rendered = useContext(RenderedSearchContext);
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => rendered,
  );
}
