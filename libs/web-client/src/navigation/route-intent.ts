/** The window event saying the user is about to open a page (its path in `detail`). */
export const ROUTE_INTENT_EVENT = 'listready:route-intent';

/**
 * Says the user is about to open `path`: a pointer over its link or button, a finger or button
 * pressing it, the keyboard's focus on it. The remote that draws that page can start its reads now,
 * while the click has still to come and the current screen to be taken down, instead of after its
 * first render. A window event, as `trackUsage`: the shell and the remotes stay independent, and
 * with nothing listening (a remote's page not loaded yet) it does nothing.
 */
export function announceRouteIntent(path: string): void {
  const url = new URL(path, window.location.href);
  // Another site's page: nothing of ours draws it.
  if (url.origin !== window.location.origin) return;
  window.dispatchEvent(new CustomEvent<string>(ROUTE_INTENT_EVENT, { detail: url.pathname }));
}

/**
 * Calls `prepare` each time the user is about to open a page at `pathname` (query and hash aside).
 * `prepare` is asked again at every sign (hover, press, focus): it should start only what is not
 * already there or on its way — react-query's `prefetchQuery` does just that. Returns the unsubscribe.
 */
export function onRouteIntent(pathname: string, prepare: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<string>).detail === pathname) prepare();
  };
  window.addEventListener(ROUTE_INTENT_EVENT, listener);
  return () => window.removeEventListener(ROUTE_INTENT_EVENT, listener);
}

interface IntentHandlers {
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onFocus: () => void;
}

/** The handlers a link or button to `path` spreads on its element to announce the intent. */
export function routeIntentHandlers(path: string): IntentHandlers {
  const announce = () => announceRouteIntent(path);
  return { onPointerEnter: announce, onPointerDown: announce, onFocus: announce };
}
