import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { customTaskSchema, taskEntrySchema } from '@listready/contracts/journey';
import { toast } from '@listready/ui';
import { apiClient, useSession } from '@listready/web-client';
import {
  pendingTaskChanges,
  pendingTaskCreations,
  type KeptEntry,
  type KeptStore,
  type PendingTaskChange,
  type PendingTaskCreation,
} from '../utils/pending-task-changes.ts';
import { customTaskUrl } from '../utils/journey-api.ts';
import { hasWorkToSend, syncPendingChanges } from '../utils/sync-pending-changes.ts';

/** Dispatched on the window when the seller asks to send refused work again (Try again): a round starts. */
export const KEPT_WORK_RETRY_EVENT = 'listready:kept-work-retry';

/**
 * While the page stays open and online, a round that left work waiting (a request with no answer,
 * or an answer to try later: busy, signed out, broken) is followed by another this long after it,
 * doubled each time up to `SYNC_RETRY_MAX_MS`; the `online` event and a page load start one at once.
 */
export const SYNC_RETRY_FIRST_MS = 30_000;
export const SYNC_RETRY_MAX_MS = 300_000;

/**
 * What the seller reads beside a change kept on this device (spelled out, not colour alone): kept
 * offline, or online after a request that got no answer in time, so "once the connection is back".
 */
export const PENDING_CHANGE_TEXT = 'Saved on this device — will sync once the connection is back';

/** Work kept on this device: shown as made, sent once the connection is back. */
export const keptOnDeviceToast = () =>
  toast({ title: 'Saved on this device', description: 'It will sync once the connection is back.' });

export function useSignedInUserId(): string | undefined {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.id : undefined;
}

/** The signed-in user's work waiting in a store on this device (re-rendering when it changes). */
function useKeptEntries<Entry extends KeptEntry>(store: KeptStore<Entry>): readonly Entry[] {
  const userId = useSignedInUserId();
  const all = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  return useMemo(() => (userId ? all.filter((entry) => entry.userId === userId) : []), [all, userId]);
}

/** The signed-in user's changes waiting on this device. */
export const usePendingTaskChanges = (): readonly PendingTaskChange[] => useKeptEntries(pendingTaskChanges);
/** The custom tasks the signed-in user made on this device, not on the server yet. */
export const usePendingTaskCreations = (): readonly PendingTaskCreation[] =>
  useKeptEntries(pendingTaskCreations);

/**
 * Sends the work kept on this device (new custom tasks, then changes) when the seller remote opens,
 * whenever the browser comes back online, and again later while some is still waiting online
 * (`SYNC_RETRY_FIRST_MS`), then reads the journeys again; says so in a toast,
 * and names what the server refused. Work another tab keeps, sends or discards shows here as it
 * happens (the stores are read again when that tab says it wrote), after the journeys are read
 * again when it takes back what this tab showed.
 */
export function useOfflineSync(): void {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  useEffect(() => {
    if (!userId) return undefined;
    // Every journey read (whichever household's): the lists, and the progress built from them.
    const readJourneysAgain = () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/clients/current/'),
      });
    let running: Promise<void> | undefined;
    /** Asked for while a round runs: another starts after it (that round may have read the stores already). */
    let again = false;
    let retryTimer: number | undefined;
    let retryDelay = SYNC_RETRY_FIRST_MS;
    let stopped = false;
    const clearRetry = () => {
      window.clearTimeout(retryTimer);
      retryTimer = undefined;
    };
    /** Another round later while work could still be sent (`hasWorkToSend`) and the browser is online. */
    const retryLater = () => {
      clearRetry();
      const waiting = hasWorkToSend(userId, pendingTaskChanges.snapshot(), pendingTaskCreations.snapshot());
      if (!waiting) retryDelay = SYNC_RETRY_FIRST_MS;
      if (stopped || !waiting || !navigator.onLine) return;
      retryTimer = window.setTimeout(sync, retryDelay);
      retryDelay = Math.min(retryDelay * 2, SYNC_RETRY_MAX_MS);
    };
    const sync = () => {
      clearRetry();
      if (running) {
        again = true;
        return;
      }
      running = syncPendingChanges({
        store: pendingTaskChanges,
        userId,
        send: (change) =>
          apiClient.request(
            'PUT',
            change.url,
            change.source === 'custom' ? customTaskSchema : taskEntrySchema,
            { body: change.patch },
          ),
        creations: {
          store: pendingTaskCreations,
          send: (creation) =>
            creation.deleted
              ? apiClient.request('DELETE', customTaskUrl(creation.taskId), customTaskSchema.optional())
              : apiClient.request('POST', creation.url, customTaskSchema, { body: creation.task }),
        },
        afterSent: readJourneysAgain,
      })
        .then(({ sent, refused }) => {
          if (sent.length > 0)
            toast({
              title: 'Changes synced',
              description: `${sent.length === 1 ? 'A change' : `${sent.length} changes`} made offline ${sent.length === 1 ? 'is' : 'are'} saved.`,
            });
          if (refused.length > 0)
            toast({
              title: 'Not synced',
              description: 'A change made offline was refused. It is still shown on its task.',
              variant: 'destructive',
            });
        })
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            sync();
          } else retryLater();
        });
    };
    sync();
    window.addEventListener('online', sync);
    window.addEventListener(KEPT_WORK_RETRY_EVENT, sync);
    const stopHearing = [pendingTaskChanges, pendingTaskCreations].flatMap((store) => [
      store.onWrittenElsewhere(() => void store.refresh(readJourneysAgain)),
      // Work kept while no round runs (a request that got no answer in time): a round follows later.
      store.subscribe(() => {
        if (!running && retryTimer === undefined) retryLater();
      }),
    ]);
    return () => {
      stopped = true;
      clearRetry();
      window.removeEventListener('online', sync);
      window.removeEventListener(KEPT_WORK_RETRY_EVENT, sync);
      for (const stop of stopHearing) stop();
    };
  }, [queryClient, userId]);
}
