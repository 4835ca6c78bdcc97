import { eq } from 'drizzle-orm';
import type { AgentBrandingUpdateParsed } from '@listready/contracts';
import { agents, brandingConfigs, clients, type Db } from '@listready/db';

export type BrandingRow = typeof brandingConfigs.$inferSelect;

/**
 * The branding schema's table, and the two reads of other schemas this service needs (read-only,
 * DESIGN.md §3): which agent a user is (auth.agents) and which agent a seller is linked to
 * (journey.clients.agent_id, set when the seller accepts the agent's invitation).
 */
export function createBrandingRepository(db: Db) {
  return {
    async findByAgentId(agentId: string): Promise<BrandingRow | null> {
      const [row] = await db.select().from(brandingConfigs).where(eq(brandingConfigs.agentId, agentId));
      return row ?? null;
    },

    /** One row per agent: inserted on the first save, replaced on the next ones. */
    async save(agentId: string, branding: Omit<AgentBrandingUpdateParsed, 'agentId'>): Promise<BrandingRow> {
      const values = { ...branding, agentName: branding.agentName ?? branding.companyName };
      const [row] = await db
        .insert(brandingConfigs)
        .values({ agentId, ...values })
        .onConflictDoUpdate({
          target: brandingConfigs.agentId,
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('no branding row returned');
      return row;
    },

    /** The auth.agents id of this user, if they have an agent account. */
    async agentIdOfUser(userId: string): Promise<string | null> {
      const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId));
      return row?.id ?? null;
    },

    /** The agent a seller is linked to, if any. */
    async linkedAgentIdOfSeller(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ agentId: clients.agentId })
        .from(clients)
        .where(eq(clients.userId, userId));
      return row?.agentId ?? null;
    },
  };
}
export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
