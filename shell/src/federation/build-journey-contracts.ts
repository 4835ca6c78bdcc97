import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '@listready/web-client';

/**
 * The journey contracts' schemas (`@listready/contracts/journey`, a shared module: about 240 zod
 * schemas) are built when a module first imports the area: on a signed-in user's home page, inside
 * the long task that runs the seller's or the agent's remote (about 50 of its 80–170 ms at
 * Lighthouse's 4× CPU, docs/performance.md). Once the session says someone is signed in — both
 * roles' home pages and most of their screens read through that area — this builds them in a task
 * of their own, while the remote's files are still on their way, so the remote finds them built.
 * A visitor never needs them here. Whichever comes first does the work; the other finds it done.
 */
export function buildJourneyContractsWhenSignedIn(
  queryClient: QueryClient,
  options: {
    /** Runs a callback in a task of its own (setTimeout). */
    schedule?: (callback: () => void) => void;
    /** Imports the area (evaluating it, the first time). */
    load?: () => Promise<unknown>;
  } = {},
): Promise<void> {
  const schedule = options.schedule ?? ((callback) => void setTimeout(callback, 0));
  const load = options.load ?? (() => import('@listready/contracts/journey'));
  return queryClient.ensureQueryData(sessionQuery).then(
    (session) => {
      if (session) schedule(() => void load().catch(() => undefined));
    },
    // The session's own error is the page's to show; nothing to build ahead then.
    () => undefined,
  );
}
