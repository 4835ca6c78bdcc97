import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { agents, clients, ensureClientJourneys, type Executor } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { syncStageProgress } from '../tasks/stage-progress.ts';
import type { ClientRepository } from './client-repository.ts';

/** The agent's auth.agents id (auth's table, read only here). */
async function agentIdOfUser(tx: Executor, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId)).limit(1);
  return row?.id;
}

/**
 * `invitation-accepted` (from services/invitation): the seller is linked to the agent
 * (`clients.agent_id`), in the event's transaction (a redelivery does nothing twice). The seller's
 * journey rows are made here if `user-registered` has not arrived yet (a seller who signed up
 * through the invitation). A seller already linked to another agent is left as is: services/invitation
 * refuses that acceptance with 409, so reaching it here means a race it lost, never a switch.
 */
export function consumeInvitationAccepted(
  events: EventBus,
  deps: { clients: ClientRepository; content: () => Promise<JourneyContent>; clock: Clock; logger: Logger },
): void {
  events.subscribe('invitation-accepted', async (event, tx) => {
    const { type, inviterUserId, acceptedByUserId } = event.data;
    const sellerUserId = type === 'client-to-agent' ? inviterUserId : acceptedByUserId;
    const agentUserId = type === 'client-to-agent' ? acceptedByUserId : inviterUserId;
    const agentId = await agentIdOfUser(tx, agentUserId);
    if (!agentId) {
      deps.logger.warn(
        { invitationId: event.data.invitationId },
        'invitation accepted by a user with no agent account',
      );
      return;
    }
    const content = await deps.content();
    await ensureClientJourneys(tx, { userId: sellerUserId });
    const client = await deps.clients.findByUserId(tx, sellerUserId);
    // No row: the seller's account was deleted before the event arrived.
    if (!client) return;
    await deps.clients.lock(tx, client.id);
    await syncStageProgress(tx, { clientId: client.id, content, events, now: deps.clock() });
    const linked = await tx
      .update(clients)
      .set({ agentId, updatedAt: deps.clock() })
      .where(and(eq(clients.id, client.id), isNull(clients.agentId)))
      .returning({ id: clients.id });
    if (linked.length === 0 && client.agentId !== agentId) {
      deps.logger.warn(
        { invitationId: event.data.invitationId, clientId: client.id },
        'seller already linked to another agent: the link was not switched',
      );
    }
  });
}
