import { eq, sql } from 'drizzle-orm';
import { JourneyErrorCode, journeyMessages } from '@listready/contracts';
import { agents, clients, executePrepared, properties, users, type Db, type Executor } from '@listready/db';
import { NotFoundError } from '@listready/service-kit';

/**
 * The signed-in seller has no journey rows: their `user-registered` event has not been applied yet
 * (with Kafka, a moment after sign-up). A read never creates them, so it says so and the screen
 * tries again.
 */
export class JourneyNotReadyError extends NotFoundError {
  constructor() {
    super(journeyMessages.journeyNotReady, JourneyErrorCode.journeyNotReady);
    this.name = 'JourneyNotReadyError';
  }
}

export type ClientRow = typeof clients.$inferSelect;

/**
 * The seller's `clients` row: one per seller account (unique user id), created with the seller's
 * journey rows where the seller comes to exist (`ensureClientJourneys`, from the `user-registered`
 * consumer and the seed), never by a read.
 */
export function createClientRepository(db: Db) {
  // Every task write starts with it: built once (see libs/db `executePrepared`).
  const touchClient = db
    .update(clients)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('journey_touch_client');

  return {
    async findByUserId(executor: Executor, userId: string): Promise<ClientRow | undefined> {
      const [row] = await executor.select().from(clients).where(eq(clients.userId, userId)).limit(1);
      return row;
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
      await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    },

    /** Last activity (the agent's clients tab); also takes the seller's row lock. */
    async touch(tx: Executor, clientId: string): Promise<void> {
      await executePrepared(tx, touchClient, { clientId });
    },
  };
}
export type ClientRepository = ReturnType<typeof createClientRepository>;
