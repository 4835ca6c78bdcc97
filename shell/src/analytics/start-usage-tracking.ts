import { hashKey, type QueryClient } from '@tanstack/react-query';
import { readSession, SESSION_QUERY_KEY } from '@listready/web-client';
import { SIGNING_OUT_EVENT, type SigningOutDetail } from '@listready/web-client/usage-event';
import { browserTrackerDependencies, trackPage } from './page-tracking.ts';
import { createUsageTracker, type UsageTracker } from './usage-tracker.ts';

/**
 * The shell's usage tracking (spec §7): the page's own events (`trackPage`), and the user from the
 * session query (signing in records `app_initialized` with the role, signing out ends the session);
 * batches every 30 s. Returns a function that undoes it all (tests).
 */
export function startUsageTracking(options: {
  queryClient: QueryClient;
  view?: Window;
  tracker?: UsageTracker;
}): () => void {
  const view = options.view ?? window;
  const tracker = options.tracker ?? createUsageTracker(browserTrackerDependencies(view));
  const cleanups: (() => void)[] = [trackPage(view, tracker)];

  // The user: whoever the session query says, now and whenever it changes (sign-in, sign-out).
  const followSession = () => {
    const session = readSession(options.queryClient);
    if (session.status === 'loading') return;
    tracker.setUser(session.status === 'signed-in' ? { id: session.user.id, role: session.user.role } : null);
  };
  followSession();
  const sessionHash = hashKey(SESSION_QUERY_KEY);
  const unsubscribe = options.queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === sessionHash) followSession();
  });
  cleanups.push(unsubscribe);
  // Signing out: the session ends while the server still knows whose it is (useLogout waits for it).
  const signingOut = (event: Event) =>
    (event as CustomEvent<SigningOutDetail>).detail?.waitUntil(tracker.endSession('signed-out'));
  view.addEventListener(SIGNING_OUT_EVENT, signingOut);
  cleanups.push(() => view.removeEventListener(SIGNING_OUT_EVENT, signingOut));

  tracker.start();
  cleanups.push(() => tracker.stop());
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
