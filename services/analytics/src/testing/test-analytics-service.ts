import pino from 'pino';
import type { EventType, UsageEvent } from '@listready/contracts';
import { clients, serviceEventTables, type Database } from '@listready/db';
import {
  createEventBus,
  createInProcessTransport,
  InProcessBus,
  type EventBus,
  type EventInput,
  type Transport,
} from '@listready/events';
import { eventually, must } from '@listready/testing';
import { createMemoryCache } from '@listready/service-kit';
import { as, TEST_SESSION_SECRET, testAccounts, type TestUser } from '@listready/service-kit/testing';
import { buildAnalyticsService, type AnalyticsServiceDeps } from '../app.ts';
import { loadAnalyticsConfig } from '../config.ts';

const silent = pino({ level: 'silent' });

/** The producers of the events analytics consumes (each publishes through its schema's outbox). */
type Producer = 'auth' | 'journey' | 'invitation';
const producerOf: Record<EventType, Producer> = {
  'user-registered': 'auth',
  'task-completed': 'journey',
  'stage-completed': 'journey',
  'task-updated': 'journey',
  'invitation-sent': 'invitation',
  'invitation-accepted': 'invitation',
};

/**
 * services/analytics on a test database with its own in-process bus (unless the test brings a
 * transport) and memory cache, and a clock the test sets. Users come from service-kit's
 * `testAccounts`; the other services' events are published here through their own outboxes and
 * relays on the same transport, as they would be (services never import each other).
 */
export async function startTestAnalyticsService(
  database: Database,
  options: { env?: Record<string, string>; deps?: Partial<AnalyticsServiceDeps> } = {},
) {
  let now: Date | null = null;
  const transport: Transport =
    options.deps?.transport ?? createInProcessTransport({ bus: new InProcessBus() });
  const service = await buildAnalyticsService({
    config: loadAnalyticsConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
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
  const buses = new Map<Producer, EventBus>();

  async function producerBus(name: Producer): Promise<EventBus> {
    const known = buses.get(name);
    if (known) return known;
    const { outbox } = serviceEventTables[name];
    const bus = createEventBus({ database, transport, service: name, logger: silent, outbox });
    buses.set(name, bus);
    await bus.start();
    return bus;
  }

  return {
    service,
    app: service.app,
    transport,
    /** Fixes the service's clock (null: the real time). */
    setNow(date: Date | null) {
      now = date;
    },
    /**
     * A signed-in user of `role` (named `name` when given); a seller gets journey's clients row, linked to
     * `agentOf` when given.
     */
    async signUp(
      role: 'agent' | 'client',
      overrides: { agentOf?: TestUser; name?: [first: string, last: string] } = {},
    ): Promise<TestUser> {
      const [firstName, lastName] = overrides.name ?? [];
      const user = await accounts.create(role, {
        user: {
          email: `analytics-${crypto.randomUUID()}@example.com`,
          ...(firstName === undefined ? {} : { firstName, lastName }),
        },
      });
      if (role === 'client') {
        await database.db
          .insert(clients)
          .values({ userId: user.userId, agentId: overrides.agentOf?.agentId ?? null });
      }
      return user;
    },
    /** journey's clients row of a seller. */
    async clientIdOf(seller: TestUser): Promise<string> {
      const rows = await database.db.select().from(clients);
      return must(rows.find((row) => row.userId === seller.userId)).id;
    },
    /** Publishes `event` the way its producing service does: outbox row in a transaction, relayed. */
    async publish<T extends EventType>(event: EventInput<T>) {
      const bus = await producerBus(producerOf[event.type]);
      return database.db.transaction((tx) => bus.publish(tx, event));
    },
    async stop() {
      for (const bus of buses.values()) await bus.stop();
      await service.stop();
    },
  };
}
export type TestAnalyticsService = Awaited<ReturnType<typeof startTestAnalyticsService>>;

/** A usage event as the tracker sends it, `overrides` on top. */
export function aUsageEvent(overrides: Partial<UsageEvent> = {}): UsageEvent {
  return {
    event: 'page_view',
    properties: {
      url: 'http://listready.test/journey',
      userAgent: 'Chromium',
      screenSize: '1920x1080',
      viewportSize: '1280x800',
    },
    timestamp: new Date().toISOString(),
    userId: null,
    sessionId: `session-${crypto.randomUUID()}`,
    ...overrides,
  };
}

export { as, eventually, must, TEST_SESSION_SECRET, type TestUser };
