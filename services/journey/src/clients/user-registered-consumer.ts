import { ensureClientJourneys } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { syncStageProgress } from '../tasks/stage-progress.ts';
import type { ClientRepository } from './client-repository.ts';

/**
 * `user-registered` (from services/auth): a new home seller comes to exist here, with their
 * `clients` row, a task row per template and their stage progress (the first stage in progress),
 * all in the event's transaction: the bus records the event id in it, so a redelivery does nothing,
 * and reads never have to create anything.
 */
export function consumeUserRegistered(
  events: EventBus,
  deps: { clients: ClientRepository; content: () => Promise<JourneyContent>; clock: Clock },
): void {
  events.subscribe('user-registered', async (event, tx) => {
    if (event.data.role !== 'client') return;
    const content = await deps.content();
    await ensureClientJourneys(tx, { userId: event.data.userId });
    const client = await deps.clients.findByUserId(tx, event.data.userId);
    // No row: the account was deleted before its event arrived; nothing to set up.
    if (!client) return;
    await deps.clients.lock(tx, client.id);
    await syncStageProgress(tx, { clientId: client.id, content, events, now: deps.clock() });
  });
}
