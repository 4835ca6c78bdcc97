import { and, count, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import {
  agents,
  brandingConfigs,
  clients,
  invitations,
  users,
  type Executor,
  type InvitationType,
} from '@listready/db';

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * services/invitation's data: its own `invitation.invitations` (written), and read-only looks at
 * auth (users, agents), journey (clients) and branding (DESIGN.md §3: reads across schemas only).
 */
export function createInvitationRepository() {
  return {
    /**
     * Serializes one key's writers for the rest of the transaction (an inviter's invitations, a
     * seller's link). Raw SQL: drizzle's builder has no advisory locks.
     */
    async lockKey(tx: Executor, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    /** Pending invitations of `inviterUserId` whose time has passed become `expired`. */
    async expireLapsed(tx: Executor, inviterUserId: string, now: Date): Promise<void> {
      await tx
        .update(invitations)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(invitations.inviterUserId, inviterUserId),
            eq(invitations.status, 'pending'),
            lte(invitations.expiresAt, now),
          ),
        );
    },

    async findPendingTo(tx: Executor, inviterUserId: string, email: string, now: Date) {
      const [row] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.inviterUserId, inviterUserId),
            sql`lower(${invitations.inviteeEmail}) = lower(${email})`,
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Invitations an agent has sent to clients: what the trial allowance counts. */
    async countSentToClients(tx: Executor, inviterUserId: string): Promise<number> {
      const [row] = await tx
        .select({ sent: count() })
        .from(invitations)
        .where(and(eq(invitations.inviterUserId, inviterUserId), eq(invitations.type, 'agent-to-client')));
      return row?.sent ?? 0;
    },

    async insert(
      tx: Executor,
      values: {
        type: InvitationType;
        inviterUserId: string;
        inviteeEmail: string;
        inviteeName: string;
        inviteePhone: string | null;
        expiresAt: Date;
        now: Date;
      },
    ): Promise<InvitationRow> {
      const { now, ...row } = values;
      const [inserted] = await tx
        .insert(invitations)
        .values({ ...row, createdAt: now, updatedAt: now })
        .returning();
      if (!inserted) throw new Error('The invitation was not stored');
      return inserted;
    },

    /** The newest `limit` invitations `inviterUserId` sent, newest first. */
    async listSentBy(executor: Executor, inviterUserId: string, limit: number): Promise<InvitationRow[]> {
      return executor
        .select()
        .from(invitations)
        .where(eq(invitations.inviterUserId, inviterUserId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(limit);
    },

    async recordDelivery(
      tx: Executor,
      id: string,
      delivered: { emailSent: boolean; smsSent: boolean },
    ): Promise<void> {
      // Whether a channel has ever taken it: a resend that fails does not undo an earlier success.
      await tx
        .update(invitations)
        .set({
          emailSent: sql`${invitations.emailSent} or ${delivered.emailSent}`,
          smsSent: sql`${invitations.smsSent} or ${delivered.smsSent}`,
          updatedAt: sql`now()`,
        })
        .where(eq(invitations.id, id));
    },

    /** A pending invitation's link works until `expiresAt` (a resend starts its lifetime again). */
    async extendExpiry(tx: Executor, id: string, expiresAt: Date, now: Date): Promise<void> {
      await tx.update(invitations).set({ expiresAt, updatedAt: now }).where(eq(invitations.id, id));
    },

    /** The invitation, locked for the rest of the transaction. */
    async findForUpdate(tx: Executor, id: string): Promise<InvitationRow | undefined> {
      const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
      return row;
    },

    async markExpired(tx: Executor, id: string, now: Date): Promise<void> {
      await tx.update(invitations).set({ status: 'expired', updatedAt: now }).where(eq(invitations.id, id));
    },

    async markAccepted(tx: Executor, id: string, acceptedByUserId: string, now: Date) {
      const [row] = await tx
        .update(invitations)
        .set({ status: 'accepted', acceptedAt: now, acceptedByUserId, updatedAt: now })
        .where(eq(invitations.id, id))
        .returning();
      if (!row) throw new Error('The invitation vanished while it was accepted');
      return row;
    },

    /**
     * Another accepted invitation linking `sellerUserId` to an agent other than `agentUserId`
     * (either direction): the link this service already made, before journey has applied it.
     */
    async acceptedWithOtherAgent(tx: Executor, sellerUserId: string, agentUserId: string) {
      const [row] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.status, 'accepted'),
            or(
              and(
                eq(invitations.type, 'client-to-agent'),
                eq(invitations.inviterUserId, sellerUserId),
                ne(invitations.acceptedByUserId, agentUserId),
              ),
              and(
                eq(invitations.type, 'agent-to-client'),
                eq(invitations.acceptedByUserId, sellerUserId),
                ne(invitations.inviterUserId, agentUserId),
              ),
            ),
          ),
        )
        .limit(1);
      return row;
    },

    async findUser(executor: Executor, userId: string) {
      const [row] = await executor
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async findAgentByUserId(executor: Executor, userId: string) {
      const [row] = await executor
        .select({
          id: agents.id,
          companyName: agents.companyName,
          subscriptionType: agents.subscriptionType,
          inviteLimit: agents.inviteLimit,
        })
        .from(agents)
        .where(eq(agents.userId, userId))
        .limit(1);
      return row;
    },

    /** The seller's current agent (auth.agents id) in journey, or null; undefined: no clients row yet. */
    async linkedAgentOf(executor: Executor, sellerUserId: string): Promise<string | null | undefined> {
      const [row] = await executor
        .select({ agentId: clients.agentId })
        .from(clients)
        .where(eq(clients.userId, sellerUserId))
        .limit(1);
      return row ? row.agentId : undefined;
    },

    /** The agent's company name and colours for the e-mail, when branding is set. */
    async brandingOf(executor: Executor, agentId: string) {
      const [row] = await executor
        .select({
          companyName: brandingConfigs.companyName,
          primaryColor: brandingConfigs.primaryColor,
          headerBackgroundColor: brandingConfigs.headerBackgroundColor,
        })
        .from(brandingConfigs)
        .where(eq(brandingConfigs.agentId, agentId))
        .limit(1);
      return row;
    },
  };
}
export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
