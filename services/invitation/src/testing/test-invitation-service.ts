import pino from 'pino';
import type { EventType } from '@listready/contracts';
import {
  agents,
  clients,
  invitationDeadLetters,
  invitationProcessedEvents,
  sessions,
  users,
  type Database,
} from '@listready/db';
import { startEventProbe as startProbe } from '@listready/events/testing';
import { eventually, must } from '@listready/testing';
import { createInProcessTransport, InProcessBus, type Transport } from '@listready/events';
import {
  createMemoryCache,
  createSessionCodec,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '@listready/service-kit';
import { buildInvitationService, type InvitationServiceDeps } from '../app.ts';
import { loadInvitationConfig } from '../config.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');
const silent = pino({ level: 'silent' });

export interface TestUser {
  userId: string;
  email: string;
  role: 'agent' | 'client';
  /** The signed session cookie's value. */
  cookie: string;
  /** For agents: their auth.agents id. */
  agentId: string | null;
}

let counter = 0;

/**
 * services/invitation on a test database with its own in-process bus and memory cache, the dev
 * mailbox as both channels unless `deps` says otherwise, and a clock the test sets. Users are made
 * as services/auth makes them (auth.users, auth.agents for agents, an auth.sessions row and a
 * signed token); services/invitation never imports services/auth.
 */
export async function startTestInvitationService(
  database: Database,
  options: { env?: Record<string, string>; deps?: Partial<InvitationServiceDeps> } = {},
) {
  let now: Date | null = null;
  // Its own in-process bus unless the test brings a transport (a real broker).
  const transport: Transport =
    options.deps?.transport ??
    createInProcessTransport({ bus: new InProcessBus(), deliveryTimeoutMs: 10_000 });
  const service = await buildInvitationService({
    config: loadInvitationConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    database,
    logger: silent,
    sessionSecret: TEST_SESSION_SECRET,
    cache: createMemoryCache(),
    transport,
    clock: () => now ?? new Date(),
    ...options.deps,
  });
  await service.start();
  const codec = createSessionCodec(TEST_SESSION_SECRET);

  return {
    service,
    app: service.app,
    transport,
    /** Fixes the service's clock (null: the real time). */
    setNow(date: Date | null) {
      now = date;
    },
    /** A signed-in user of `role`; agents get their auth.agents row (`agent` overrides it). */
    async signUp(
      role: 'agent' | 'client',
      overrides: { email?: string; agent?: Partial<typeof agents.$inferInsert>; linkedAgentId?: string } = {},
    ): Promise<TestUser> {
      counter += 1;
      const email = overrides.email ?? `invitation-${Date.now()}-${counter}@example.com`;
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          password: 'not-a-real-hash',
          firstName: 'Ann',
          lastName: 'Lee',
          phone: '555-0100',
          role,
        })
        .returning();
      const userId = must(user).id;
      let agentId: string | null = null;
      if (role === 'agent') {
        const [agent] = await database.db
          .insert(agents)
          .values({ userId, phone: '555-0199', ...overrides.agent })
          .returning();
        agentId = must(agent).id;
      } else {
        // journey's side of a seller's sign-up: the clients row (linked when asked).
        await database.db.insert(clients).values({ userId, agentId: overrides.linkedAgentId ?? null });
      }
      const sessionId = crypto.randomUUID();
      await database.db.insert(sessions).values({
        sid: sessionId,
        sess: { userId, role },
        userId,
        expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      });
      return { userId, email, role, cookie: await codec.sign({ id: userId, role, sessionId }), agentId };
    },
    stop: () => service.stop(),
  };
}
export type TestInvitationService = Awaited<ReturnType<typeof startTestInvitationService>>;

/** Request options carrying `user`'s session cookie. */
export const as = (user: TestUser) => ({ cookies: { [SESSION_COOKIE]: user.cookie } });

/** A consumer group of its own on the service's transport (see libs/events' `startEventProbe`). */
export const startEventProbe = (database: Database, transport: Transport, types: EventType[]) =>
  startProbe(database, transport, types, {
    processedEvents: invitationProcessedEvents,
    deadLetters: invitationDeadLetters,
  });

export { eventually, must };
