import { eq, sql } from 'drizzle-orm';
import { agents, clients, properties, users, type Db, type Executor } from '@listready/db';

export type ClientRow = typeof clients.$inferSelect;

/**
 * The seller's `clients` row: one per seller account (unique user id). It is created by whichever
 * comes first, the `user-registered` event or the seller's first journey call; both insert with
 * ON CONFLICT DO NOTHING, so neither a race nor a redelivered event makes a second row. The phone
 * is copied from the account (auth.users is read, never written).
 */
export function createClientRepository(db: Db) {
  async function insertIfMissing(executor: Executor, userId: string): Promise<void> {
    await executor.execute(sql`
      insert into ${clients} (id, user_id, phone)
      select ${crypto.randomUUID()}, ${userId}, account.phone
      from (select 1) as one left join ${users} as account on account.id = ${userId}
      on conflict (user_id) do nothing`);
  }

  return {
    insertIfMissing,

    async findByUserId(executor: Executor, userId: string): Promise<ClientRow | undefined> {
      const [row] = await executor.select().from(clients).where(eq(clients.userId, userId)).limit(1);
      return row;
    },

    /** The seller's row, created on first use. */
    async getOrCreate(userId: string): Promise<ClientRow> {
      const existing = await this.findByUserId(db, userId);
      if (existing) return existing;
      await insertIfMissing(db, userId);
      // A separate statement: it sees a row a concurrent request committed meanwhile.
      const created = await this.findByUserId(db, userId);
      if (!created) throw new Error(`clients row for ${userId} vanished after insert`);
      return created;
    },

    /** Client, property and linked agent (its user read from auth) for GET /api/clients/current/profile. */
    async profile(clientId: string) {
      const [row] = await db
        .select({
          client: clients,
          property: properties,
          agent: { id: agents.id, phone: agents.phone },
          agentUser: {
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
          },
        })
        .from(clients)
        .leftJoin(properties, eq(properties.id, clients.propertyId))
        .leftJoin(agents, eq(agents.id, clients.agentId))
        .leftJoin(users, eq(users.id, agents.userId))
        .where(eq(clients.id, clientId))
        .limit(1);
      return row;
    },

    /** Takes the seller's row lock: one seller's task writes and progress updates run one at a time. */
    async lock(tx: Executor, clientId: string): Promise<void> {
      await tx.execute(sql`select 1 from ${clients} where id = ${clientId} for update`);
    },

    /** Last activity (the agent's clients tab); also takes the seller's row lock. */
    async touch(tx: Executor, clientId: string): Promise<void> {
      await tx
        .update(clients)
        .set({ updatedAt: sql`clock_timestamp()` })
        .where(eq(clients.id, clientId));
    },
  };
}
export type ClientRepository = ReturnType<typeof createClientRepository>;
