import type { EventBus } from '@listready/events';
import type { ClientRepository } from './client-repository.ts';

/**
 * `user-registered` (from services/auth): a new home seller gets their `clients` row. The event
 * bus records the event id in the same transaction (a redelivery does nothing), and the insert
 * does nothing when the seller's first journey call already created the row.
 */
export function consumeUserRegistered(events: EventBus, clients: ClientRepository): void {
  events.subscribe('user-registered', async (event, tx) => {
    if (event.data.role !== 'client') return;
    await clients.insertIfMissing(tx, event.data.userId);
  });
}
