import pino from 'pino';
import { eq } from 'drizzle-orm';
import { userGroupSchema, type EventType } from '@listready/contracts';
import {
  authDeadLetters,
  authOutbox,
  authProcessedEvents,
  clients,
  journeyDeadLetters,
  journeyProcessedEvents,
  users,
  type Database,
} from '@listready/db';
import { startEventProbe as startProbe } from '@listready/events/testing';
import { eventually, must } from '@listready/testing';
import { createEventBus, createInProcessTransport, InProcessBus, type Transport } from '@listready/events';
import { createMemoryCache } from '@listready/service-kit';
import { as, TEST_SESSION_SECRET, testAccounts, type TestUser } from '@listready/service-kit/testing';
import { buildJourneyService, type JourneyServiceDeps } from '../app.ts';
import { loadJourneyConfig } from '../config.ts';

const silent = pino({ level: 'silent' });

/**
 * services/journey on a test database with its own in-process bus, memory cache and a clock the
 * test sets. Signed-in users come from service-kit's `testAccounts` (rows and a session as
 * services/auth makes them) and, for sellers, auth's `user-registered`: journey never imports
 * services/auth.
 */
export async function startTestJourneyService(
  database: Database,
  options: { deps?: Partial<JourneyServiceDeps> } = {},
) {
  let now: Date | null = null;
  const bus = new InProcessBus();
  const transport: Transport = createInProcessTransport({ bus });
  const service = await buildJourneyService({
    // Reminders tick only when a test asks (reminders/reminder-scheduler.test.ts).
    config: loadJourneyConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REMINDER_INTERVAL_MS: '0' }),
    database,
    logger: silent,
    sessionSecret: TEST_SESSION_SECRET,
    cache: createMemoryCache(),
    transport,
    clock: () => now ?? new Date(),
    ...options.deps,
  });
  await service.start();
  // services/auth's side of sign-up: the user row and `user-registered` in one transaction.
  const authEvents = createEventBus({
    database,
    transport,
    service: 'auth',
    logger: silent,
    outbox: authOutbox,
    processedEvents: authProcessedEvents,
    deadLetters: authDeadLetters,
  });
  await authEvents.start();
  const accounts = testAccounts(database);

  /** The seller's clients row (undefined before it exists). */
  async function clientOf(userId: string) {
    const [row] = await database.db.select().from(clients).where(eq(clients.userId, userId));
    return row;
  }

  return {
    service,
    app: service.app,
    bus,
    transport,
    /** Fixes the service's clock (null: the real time). */
    setNow(date: Date | null) {
      now = date;
    },
    /**
     * A signed-in user of `role`, registered as services/auth does it (agents also get their
     * auth.agents row); for a seller, returns once journey has applied `user-registered`.
     */
    async signUp(
      role: 'agent' | 'client',
      overrides: Partial<typeof users.$inferInsert> = {},
      /** announce: false leaves out `user-registered`, as if it had not arrived yet. */
      options: { announce?: boolean } = {},
    ): Promise<TestUser> {
      const { user, agentId } = await database.db.transaction(async (tx) => {
        const created = await accounts.insert(tx, role, { user: overrides });
        if (options.announce === false) return created;
        const { id, email, firstName, lastName } = created.user;
        await authEvents.publish(tx, {
          type: 'user-registered',
          key: id,
          data: { userId: id, email, firstName, lastName, role },
        });
        return created;
      });
      if (role === 'client' && options.announce !== false) {
        await eventually(async () => (await clientOf(user.id)) !== undefined);
      }
      const { id, email, firstName } = user;
      return { userId: id, email, firstName, role, cookie: await accounts.signIn(id, role), agentId };
    },
    clientOf,
    /**
     * `owner`'s household: a group they create, which each of `members` joins (each join checked).
     * Returns the owner's client id, the `?clientId=` members work the journey with.
     */
    async household(owner: TestUser, ...members: TestUser[]): Promise<string> {
      const created = await service.app.inject({
        method: 'POST',
        url: '/api/user-groups',
        payload: { name: `${owner.firstName}'s home` },
        ...as(owner),
      });
      const { inviteCode } = userGroupSchema.parse(created.json());
      for (const member of members) {
        const joined = await service.app.inject({
          method: 'POST',
          url: '/api/user-groups/join',
          payload: { inviteCode },
          ...as(member),
        });
        if (joined.statusCode !== 200) throw new Error(`joining the household answered ${joined.statusCode}`);
      }
      return must(await clientOf(owner.userId)).id;
    },
    async stop() {
      await authEvents.stop();
      await service.stop();
    },
  };
}
export type TestJourneyService = Awaited<ReturnType<typeof startTestJourneyService>>;

/** A consumer group of its own on the service's transport (see libs/events' `startEventProbe`). */
export const startEventProbe = (database: Database, transport: Transport, types: EventType[]) =>
  startProbe(database, transport, types, {
    processedEvents: journeyProcessedEvents,
    deadLetters: journeyDeadLetters,
  });

export { as, eventually, must, TEST_SESSION_SECRET, type TestUser };
