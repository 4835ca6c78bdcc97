import { useSyncExternalStore } from 'react';

declare global {
  interface Window {
    /** Defined by single-spa when the shell runs; absent when a remote runs on its own. */
    singleSpaNavigate?: (url: string) => void;
  }
}

/** In-app navigation that both single-spa (in the shell) and a standalone remote follow. */
export function navigate(url: string): void {
  if (window.singleSpaNavigate) {
    window.singleSpaNavigate(url);
    return;
  }
  window.history.pushState(null, '', url);
  // single-spa announces history changes with popstate; do the same without it.
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
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

/** The current query string, following in-app navigation and back/forward like the path. */
export function useLocationSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}
