import { eq, sql } from 'drizzle-orm';
import { agents } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { Clock } from '../clock.ts';

/**
 * `invitation-sent` (from services/invitation): an agent's invitation to a client counts once in
 * `auth.agents.invitesUsed`, in the event's transaction (the bus records the event id there, so a
 * redelivery counts nothing twice). The allowance itself is enforced by services/invitation from
 * its own rows; this keeps the agent account's figure true for whoever reads it.
 */
export function consumeInvitationSent(events: EventBus, clock: Clock): void {
  events.subscribe('invitation-sent', async (event, tx) => {
    if (event.data.type !== 'agent-to-client') return;
    await tx
      .update(agents)
      .set({ invitesUsed: sql`${agents.invitesUsed} + 1`, updatedAt: clock() })
      .where(eq(agents.userId, event.data.inviterUserId));
  });
}
