/** The window event saying the user is about to open a page (its path and query in `detail`). */
export const ROUTE_INTENT_EVENT = 'listready:route-intent';

/**
 * Says the user is about to open `path`: a pointer over its link or button, a finger or button
 * pressing it, the keyboard's focus on it. The remote that draws that page can start its reads now,
 * while the click has still to come and the current screen to be taken down, instead of after its
 * first render. A window event, as `trackUsage`: the shell hears it and has the remote that draws
 * the page prepare it (a remote's `prepare`, register-remote-applications.ts). The query goes with
 * the path (an agent's `/journey?clientId=…` is another journey's reads); the hash does not.
 */
export function announceRouteIntent(path: string): void {
  const url = new URL(path, window.location.href);
  // Another site's page: nothing of ours draws it.
  if (url.origin !== window.location.origin) return;
  window.dispatchEvent(
    new CustomEvent<string>(ROUTE_INTENT_EVENT, { detail: `${url.pathname}${url.search}` }),
  );
}

/**
 * Calls `prepare` with the page's address each time the user is about to open a page of ours.
 * `prepare` is asked again at every sign (hover, press, focus): it should start only what is not
 * already there or on its way — react-query's `prefetchQuery` does just that. Returns the unsubscribe.
 */
export function onAnyRouteIntent(prepare: (url: URL) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail === 'string') prepare(new URL(detail, window.location.origin));
  };
  window.addEventListener(ROUTE_INTENT_EVENT, listener);
  return () => window.removeEventListener(ROUTE_INTENT_EVENT, listener);
}

/**
 * The same for the pages at `pathname` only, whatever their query. (The remotes' own listeners used
 * it before the shell asked them to prepare; kept for a remote built then, which the shell's copy of
 * this module serves.)
 */
export function onRouteIntent(pathname: string, prepare: (url: URL) => void): () => void {
  return onAnyRouteIntent((url) => {
    if (url.pathname === pathname) prepare(url);
  });
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
