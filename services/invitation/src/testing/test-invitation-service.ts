import pino from 'pino';
import type { EventType } from '@listready/contracts';
import {
  agents,
  clients,
  invitationDeadLetters,
  invitationProcessedEvents,
  type Database,
} from '@listready/db';
import { startEventProbe as startProbe } from '@listready/events/testing';
import { eventually, must } from '@listready/testing';
import { createInProcessTransport, InProcessBus, type Transport } from '@listready/events';
import { createMemoryCache } from '@listready/service-kit';
import { as, TEST_SESSION_SECRET, testAccounts, type TestUser } from '@listready/service-kit/testing';
import { buildInvitationService, type InvitationServiceDeps } from '../app.ts';
import { loadInvitationConfig } from '../config.ts';

const silent = pino({ level: 'silent' });

/**
 * services/invitation on a test database with its own in-process bus and memory cache, the dev
 * mailbox as both channels unless `deps` says otherwise, and a clock the test sets. Users come from
 * service-kit's `testAccounts` (as services/auth makes them); services/invitation never imports
 * services/auth.
 */
export async function startTestInvitationService(
  database: Database,
  options: { env?: Record<string, string>; deps?: Partial<InvitationServiceDeps> } = {},
) {
  let now: Date | null = null;
  // Its own in-process bus unless the test brings a transport (a real broker).
  const transport: Transport =
    options.deps?.transport ?? createInProcessTransport({ bus: new InProcessBus() });
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
  const accounts = testAccounts(database);

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
      const user = await accounts.create(role, {
        user: { email: overrides.email ?? `invitation-${crypto.randomUUID()}@example.com` },
        agent: overrides.agent,
      });
      // journey's side of a seller's sign-up: the clients row (linked when asked).
      if (role === 'client')
        await database.db
          .insert(clients)
          .values({ userId: user.userId, agentId: overrides.linkedAgentId ?? null });
      return user;
    },
    stop: () => service.stop(),
  };
}
export type TestInvitationService = Awaited<ReturnType<typeof startTestInvitationService>>;

/** A consumer group of its own on the service's transport (see libs/events' `startEventProbe`). */
export const startEventProbe = (database: Database, transport: Transport, types: EventType[]) =>
  startProbe(database, transport, types, {
    processedEvents: invitationProcessedEvents,
    deadLetters: invitationDeadLetters,
  });

export { as, eventually, must, TEST_SESSION_SECRET, type TestUser };
