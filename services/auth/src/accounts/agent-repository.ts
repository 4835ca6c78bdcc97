import { eq } from 'drizzle-orm';
import type { AgentAccount } from '@listready/contracts';
import { agents, type Db, type Executor } from '@listready/db';

type AgentRow = typeof agents.$inferSelect;

export function toAgentAccount(row: AgentRow): AgentAccount {
  return {
    id: row.id,
    userId: row.userId,
    companyName: row.companyName,
    phone: row.phone,
    licenseNumber: row.licenseNumber,
    subscriptionType: row.subscriptionType,
    subscriptionStatus: row.subscriptionStatus,
    billingCycleStart: row.billingCycleStart?.toISOString() ?? null,
    billingCycleEnd: row.billingCycleEnd?.toISOString() ?? null,
    inviteLimit: row.inviteLimit,
    invitesUsed: row.invitesUsed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createAgentRepository(db: Db) {
  return {
    /** A new agent starts on the trial: subscription trial/trial, 5 invitations (the column defaults). */
    async createTrial(tx: Executor, userId: string, phone: string | null): Promise<AgentRow> {
      const [row] = await tx.insert(agents).values({ userId, phone }).returning();
      if (!row) throw new Error('The agent insert returned no row');
      return row;
    },
    async findByUserId(userId: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(agents).where(eq(agents.userId, userId)).limit(1);
      return row;
    },
  };
}
export type AgentRepository = ReturnType<typeof createAgentRepository>;
