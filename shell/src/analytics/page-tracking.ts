import type { UsageEventInput } from '@listready/contracts/analytics';
import { USAGE_EVENT } from '@listready/web-client/usage-event';
import { describeClick, describeError, describeSubmit, pageProperties } from './page-events.ts';
import type { TrackerDependencies, UsageTracker } from './usage-tracker.ts';

/** The browser's parts of the tracker's dependencies. */
export function browserTrackerDependencies(view: Window): TrackerDependencies {
  const beacon = view.navigator.sendBeacon?.bind(view.navigator);
  let storage: Storage | undefined;
  try {
    storage = view.sessionStorage;
  } catch {
    storage = undefined; // Storage blocked: the session lasts as long as the page.
  }
  return {
    fetch: (url, init) => view.fetch(url, init),
    ...(beacon ? { sendBeacon: (url: string, data: string) => beacon(url, data) } : {}),
    setInterval: (callback, ms) => view.setInterval(callback, ms),
    clearInterval: (handle) => view.clearInterval(handle as number),
    now: () => new Date(),
    page: () => pageProperties(view),
    ...(storage ? { storage } : {}),
    randomId: () => view.crypto.randomUUID(),
    eventId: () => view.crypto.randomUUID(),
    warn: (message, detail) => console.warn(message, detail ?? ''),
  };
}

/**
 * What the tracker records of the page itself (spec §7): page views (at start and on every in-app
 * navigation), clicks, form submits, visibility changes, uncaught errors and what the screens record
 * with `trackUsage`; a beacon when the page is hidden or goes away. No session, no React: the
 * visitor's pages run it alone (shell/src/prerender/visitor.ts). Returns a function that undoes it.
 */
export function trackPage(view: Window, tracker: UsageTracker): () => void {
  const document = view.document;
  const cleanups: (() => void)[] = [];
  const listen = <K extends string>(
    target: EventTarget,
    type: K,
    handler: (event: Event) => void,
    capture = false,
  ) => {
    target.addEventListener(type, handler, capture);
    cleanups.push(() => target.removeEventListener(type, handler, capture));
  };

  let path = view.location.pathname;
  tracker.track('page_view', { title: document.title });
  listen(view, 'popstate', () => {
    if (view.location.pathname === path) return;
    path = view.location.pathname;
    // The shell names the new page when it renders it, after this event (page-titles.ts): the
    // view is recorded once that render is done, with the new page's title.
    view.setTimeout(() => tracker.track('page_view', { title: document.title }), 0);
  });

  // Capture phase: recorded before a handler navigates away or stops the event.
  listen(
    document,
    'click',
    (event) => {
      const properties = describeClick(event.target);
      if (properties) tracker.track('click', properties);
    },
    true,
  );
  listen(
    document,
    'submit',
    (event) => {
      const properties = describeSubmit(event.target);
      if (properties) tracker.track('form_submit', properties);
    },
    true,
  );
  // Set once the page is going away: the hidden state that follows is part of leaving, and must
  // not reopen the session it has just ended.
  let leaving = false;
  listen(document, 'visibilitychange', () => {
    if (!leaving) tracker.track('page_visibility_change', { visibilityState: document.visibilityState });
    // Hidden may be the last moment a mobile page gets: send what is queued while it can.
    if (document.visibilityState === 'hidden') tracker.flushWithBeacon();
  });
  listen(view, 'pagehide', (event) => {
    // Kept in the back-forward cache, the page may come back: the session goes on.
    if (!(event as PageTransitionEvent).persisted) {
      leaving = true;
      tracker.track('session_end', { reason: 'page-closed' });
    }
    tracker.flushWithBeacon();
  });
  listen(view, 'pageshow', () => {
    leaving = false;
  });
  listen(view, 'error', (event) => {
    const { error, message } = event as ErrorEvent;
    tracker.track('error', describeError(error ?? message, 'window.onerror'));
  });
  listen(view, 'unhandledrejection', (event) => {
    tracker.track('error', describeError((event as PromiseRejectionEvent).reason, 'unhandledrejection'));
  });
  listen(view, USAGE_EVENT, (event) => {
    const detail = (event as CustomEvent<UsageEventInput>).detail;
    if (detail && typeof detail.event === 'string') tracker.track(detail.event, detail.properties ?? {});
  });
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
