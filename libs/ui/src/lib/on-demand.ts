import { useEffect, useEffectEvent, useState } from 'react';

/** Code fetched on demand and kept once it has come (a lazily loaded screen or part of a page). */
export interface OnDemand<T> {
  /** What came, or undefined until it has. */
  get(): T | undefined;
  /** Fetches it (once at a time for every user); a failed fetch is forgotten, so the next one tries anew. */
  fetch(): Promise<T>;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => value,
    fetch: () =>
      (pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}

/**
 * What `source` gives: from the first render when it has already come, else undefined until it
 * comes (then a plain state update renders it). Not through Suspense: React keeps a fallback it has
 * shown for at least 300 ms (FALLBACK_THROTTLE_MS), however soon the code comes, which kept the
 * account screens and the profile a good 300 ms behind their code. A failure calls `onFailure`; a
 * new `retryKey`, a new `source`, or a new mount, fetches again.
 */
export function useOnDemand<T>(
  source: OnDemand<T>,
  retryKey?: unknown,
  onFailure?: () => void,
): T | undefined {
  // Kept in an object: a function (a component) given to useState as is would be called. What
  // came is kept with its source, so a new source (another screen in the same place) starts afresh.
  const [current, setCurrent] = useState(() => ({ source, value: source.get() }));
  // The latest onFailure, read when a fetch fails (not a reason to fetch again).
  const reportFailure = useEffectEvent(() => onFailure?.());
  const value = (current.source === source ? current.value : undefined) ?? source.get();
  useEffect(() => {
    if (value !== undefined) return undefined;
    let live = true;
    source.fetch().then(
      (loaded) => {
        if (live) setCurrent({ source, value: loaded });
      },
      () => {
        if (live) reportFailure();
      },
    );
    return () => {
      live = false;
    };
  }, [source, value, retryKey]);
  return value;
}

/**
 * Fetches each source once the page is idle (its first screen drawn), so a screen the user is
 * likely to open next comes at once instead of after its outline. A failure is forgotten: the screen
 * fetches again when it opens. Returns what cancels it if it has not started.
 */
export function fetchWhenIdle(sources: readonly OnDemand<unknown>[]): () => void {
  const fetchAll = () => {
    for (const source of sources) void source.fetch().catch(() => undefined);
  };
  // A browser without requestIdleCallback: a few seconds after the first screen.
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(fetchAll, IDLE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(fetchAll, { timeout: IDLE_FALLBACK_MS });
  return () => window.cancelIdleCallback(idle);
}

/** How long fetchWhenIdle waits at most (and where the browser cannot say when it is idle). */
export const IDLE_FALLBACK_MS = 3000;
