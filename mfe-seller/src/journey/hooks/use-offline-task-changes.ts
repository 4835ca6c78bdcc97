import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { customTaskSchema, taskEntrySchema } from '@listready/contracts/journey';
import { toast } from '@listready/ui';
import { apiClient, useSession } from '@listready/web-client';
import { pendingTaskChanges, type PendingTaskChange } from '../utils/pending-task-changes.ts';
import { syncPendingChanges } from '../utils/sync-pending-changes.ts';
import { liveReads } from './use-live-journey.ts';
import { useJourneyChoice } from './use-household.ts';

/** What the seller reads beside a change kept on this device (spelled out, not colour alone). */
export const PENDING_CHANGE_TEXT = "Saved on this device — will sync when you're back online";

export function useSignedInUserId(): string | undefined {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.id : undefined;
}

/** The signed-in user's changes waiting on this device (re-rendering when they change). */
export function usePendingTaskChanges(): readonly PendingTaskChange[] {
  const userId = useSignedInUserId();
  const all = useSyncExternalStore(
    pendingTaskChanges.subscribe,
    pendingTaskChanges.snapshot,
    pendingTaskChanges.snapshot,
  );
  return useMemo(() => (userId ? all.filter((change) => change.userId === userId) : []), [all, userId]);
}

/**
 * Sends the changes kept on this device when the journey opens and whenever the browser comes
 * back online, then reads the journey again; says so in a toast, and names what the server refused.
 */
export function useOfflineSync(): void {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const { clientId } = useJourneyChoice();
  useEffect(() => {
    if (!userId) return undefined;
    let running: Promise<void> | undefined;
    const sync = () => {
      running ??= syncPendingChanges({
        store: pendingTaskChanges,
        userId,
        send: (change) =>
          apiClient.request(
            'PUT',
            change.url,
            change.source === 'custom' ? customTaskSchema : taskEntrySchema,
            { body: change.patch },
          ),
        afterSent: () =>
          Promise.all(liveReads(clientId).map((url) => queryClient.invalidateQueries({ queryKey: [url] }))),
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
        });
    };
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [queryClient, userId, clientId]);
}
