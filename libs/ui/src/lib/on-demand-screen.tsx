import { useState, type ReactNode } from 'react';
import { useOnDemand, type OnDemand } from './on-demand.ts';

/** What a screen says when its code could not be fetched (offline, or the server restarting). */
export const SCREEN_UNAVAILABLE_MESSAGE =
  'This page could not be loaded. Please check your connection and reload the page.';

export interface OnDemandScreenProps<T> {
  /** The screen's code (onDemand). */
  source: OnDemand<T>;
  /**
   * Shown until the code has come: the screen's own outline, so nothing moves when it does (in an
   * element with the test id `screen-code-loading`, which tells it from the screen's own loading
   * state, often alike).
   */
  loading: ReactNode;
  /** The screen, from what came. */
  children: (loaded: T) => ReactNode;
}

/**
 * A whole screen whose code is fetched when it opens: straight away when the code is already here,
 * else `loading` until it comes (useOnDemand, not Suspense), and the page's message in its place if
 * the fetch fails, so one missing screen does not take the app around it down.
 */
export function OnDemandScreen<T>({ source, loading, children }: OnDemandScreenProps<T>) {
  // Which source failed: another screen in the same place (a new source) is fetched afresh.
  const [failed, setFailed] = useState<OnDemand<T>>();
  const loaded = useOnDemand(source, undefined, () => setFailed(source));
  if (loaded !== undefined) return children(loaded);
  if (failed !== source) return <div data-testid="screen-code-loading">{loading}</div>;
  return (
    <p role="alert" className="mx-auto max-w-xl p-8 text-center text-ink-muted">
      {SCREEN_UNAVAILABLE_MESSAGE}
    </p>
  );
}
