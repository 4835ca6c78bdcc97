import pino from 'pino';
import { eq } from 'drizzle-orm';
import type { EventType } from '@listready/contracts';
import {
  agents,
  authDeadLetters,
  authOutbox,
  authProcessedEvents,
  clients,
  journeyDeadLetters,
  journeyProcessedEvents,
  sessions,
  users,
  type Database,
} from '@listready/db';
import { startEventProbe as startProbe } from '@listready/events/testing';
import { eventually, must } from '@listready/testing';
import { createEventBus, createInProcessTransport, InProcessBus, type Transport } from '@listready/events';
import {
  createMemoryCache,
  createSessionCodec,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '@listready/service-kit';
import { buildJourneyService, type JourneyServiceDeps } from '../app.ts';
import { loadJourneyConfig } from '../config.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');
const silent = pino({ level: 'silent' });

export interface TestUser {
  userId: string;
  email: string;
  firstName: string;
  /** The signed session cookie's value. */
  cookie: string;
  /** For agents: their auth.agents id. */
  agentId: string | null;
}

let counter = 0;

/**
 * services/journey on a test database with its own in-process bus, memory cache and a clock the
 * test sets. Signed-in users are made the way services/auth makes them (an auth.users row, an
 * auth.sessions row and a token signed with the session codec): journey code never imports
 * services/auth.
 */
export async function startTestJourneyService(
  database: Database,
  options: { deps?: Partial<JourneyServiceDeps> } = {},
) {
  let now: Date | null = null;
  const bus = new InProcessBus();
  const transport: Transport = createInProcessTransport({ bus, deliveryTimeoutMs: 10_000 });
  const service = await buildJourneyService({
    config: loadJourneyConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
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
  const codec = createSessionCodec(TEST_SESSION_SECRET);

  async function signIn(userId: string, role: 'agent' | 'client'): Promise<string> {
    const sessionId = crypto.randomUUID();
    await database.db.insert(sessions).values({
      sid: sessionId,
      sess: { userId, role },
      userId,
      expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return codec.sign({ id: userId, role, sessionId });
  }

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
      counter += 1;
      const email = `journey-${Date.now()}-${counter}@example.com`;
      const { user, agentId } = await database.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            password: 'not-a-real-hash',
            firstName: 'Ann',
            lastName: 'Lee',
            phone: '555-0100',
            role,
            ...overrides,
          })
          .returning();
        let agentId: string | null = null;
        if (role === 'agent') {
          const [agent] = await tx
            .insert(agents)
            .values({ userId: must(user).id, phone: '555-0199' })
            .returning();
          agentId = must(agent).id;
        }
        if (options.announce === false) return { user, agentId };
        await authEvents.publish(tx, {
          type: 'user-registered',
          key: must(user).id,
          data: {
            userId: must(user).id,
            email,
            firstName: must(user).firstName,
            lastName: must(user).lastName,
            role,
          },
        });
        return { user, agentId };
      });
      if (role === 'client' && options.announce !== false) {
        await eventually(async () => (await clientOf(must(user).id)) !== undefined);
      }
      return {
        userId: must(user).id,
        email,
        firstName: must(user).firstName,
        cookie: await signIn(must(user).id, role),
        agentId,
      };
    },
    clientOf,
    async stop() {
      await authEvents.stop();
      await service.stop();
    },
  };
}
export type TestJourneyService = Awaited<ReturnType<typeof startTestJourneyService>>;

/** Request options carrying `user`'s session cookie. */
export const as = (user: TestUser) => ({ cookies: { [SESSION_COOKIE]: user.cookie } });

/** A consumer group of its own on the service's transport (see libs/events' `startEventProbe`). */
export const startEventProbe = (database: Database, transport: Transport, types: EventType[]) =>
  startProbe(database, transport, types, {
    processedEvents: journeyProcessedEvents,
    deadLetters: journeyDeadLetters,
  });

export { eventually, must };
