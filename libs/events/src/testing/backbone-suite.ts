import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@listready/contracts';
import {
  analyticsDeadLetters,
  analyticsProcessedEvents,
  invitationDeadLetters,
  invitationProcessedEvents,
  journeyOutbox,
} from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import type { ConsumerFaults, Transaction } from '../consumer.ts';
import { createEventBus, type EventBus } from '../event-bus.ts';
import type { IncomingMessage, Transport } from '../transport.ts';
import { installTestTelemetry } from './otel.ts';

/** One engine the backbone suite runs on. */
export interface BackboneTarget {
  /** Longest wait for a delivery (Kafka group joins and broker restarts take seconds). */
  waitMs: number;
  /** Timeout of each test, and of the one that restarts the engine. */
  testMs: number;
  outageTestMs: number;
  /** A fresh, isolated transport for one test. */
  setup(logger: Logger): Promise<BackboneEnvironment>;
}

export interface BackboneEnvironment {
  transport: Transport;
  /** Makes the engine unavailable (Kafka: stops the broker), and back. */
  takeDown(): Promise<void>;
  bringUp(): Promise<void>;
  close(): Promise<void>;
}

type ConsumerService = 'analytics' | 'invitation';
const consumerTables = {
  analytics: { processedEvents: analyticsProcessedEvents, deadLetters: analyticsDeadLetters },
  invitation: { processedEvents: invitationProcessedEvents, deadLetters: invitationDeadLetters },
} as const;

const topics = ['task-completed', 'task-completed.dlq'];

interface Effect {
  /** The transaction that applied it (txid_current()). */
  tx: string;
  consumer: string;
  eventId: string;
  key: string;
  n: number;
}

export const taskCompleted = (key: string, n: number, title = `task ${n}`) => ({
  type: 'task-completed' as const,
  key,
  data: {
    clientId: key,
    taskId: `t${n}`,
    title,
    stageId: 'stage-1',
    stageName: 'Declutter',
    kind: 'predefined' as const,
    templateId: 'declutter-closets',
    actorUserId: 'user-1',
    completedAt: new Date().toISOString(),
  },
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The delivery guarantees of DESIGN.md §4, written once and run on every transport
 * (in-process always; Kafka when a broker is available).
 */
export function describeEventBackbone(target: BackboneTarget): void {
  const database = useTestDatabase();
  const telemetry = installTestTelemetry();
  const logger = pino({ level: 'silent' });
  let environment: BackboneEnvironment;
  let buses: EventBus[] = [];

  beforeAll(async () => {
    await database.current.db.execute(sql`
      create table if not exists public.test_event_effects (
        id bigserial primary key, consumer text not null, event_id text not null, key text not null, n int not null,
        tx bigint not null default txid_current()
      )`);
  });

  beforeEach(async () => {
    await database.current.db.execute(sql`
      truncate journey.outbox, analytics.processed_events, analytics.dead_letters,
        invitation.processed_events, invitation.dead_letters, public.test_event_effects`);
    environment = await target.setup(logger);
    buses = [];
  });

  afterEach(async () => {
    for (const bus of buses.reverse()) await bus.stop();
    await environment.close();
  });

  const track = (bus: EventBus): EventBus => {
    buses.push(bus);
    return bus;
  };

  const producer = (options: { batchSize?: number } = {}) =>
    track(
      createEventBus({
        database: database.current,
        transport: environment.transport,
        service: 'journey',
        outbox: journeyOutbox,
        logger,
        topics,
        relay: { batchSize: options.batchSize },
      }),
    );

  /** A consuming service whose effect is a row in test_event_effects (no unique key: duplicates would show). */
  const consumer = (
    service: ConsumerService,
    options: {
      faults?: ConsumerFaults;
      before?: (event: DomainEvent<'task-completed'>) => Promise<void>;
    } = {},
  ) => {
    const bus = track(
      createEventBus({
        database: database.current,
        transport: environment.transport,
        service,
        ...consumerTables[service],
        logger,
        topics,
        ...(options.faults ? { faults: options.faults } : {}),
      }),
    );
    bus.subscribe('task-completed', async (event: DomainEvent<'task-completed'>, tx: Transaction) => {
      await options.before?.(event);
      if (event.data.title === 'explode') throw new Error(`cannot apply task ${event.data.taskId}: explode`);
      await tx.execute(sql`
        insert into public.test_event_effects (consumer, event_id, key, n)
        values (${service}, ${event.id}, ${event.key}, ${Number(event.data.taskId.slice(1))})`);
    });
    return bus;
  };

  const publishAll = async (bus: EventBus, events: ReturnType<typeof taskCompleted>[]) => {
    const ids: string[] = [];
    await database.current.db.transaction(async (tx) => {
      for (const event of events) ids.push((await bus.publish(tx, event)).id);
    });
    return ids;
  };

  const effects = async (service?: ConsumerService): Promise<Effect[]> => {
    const result = await database.current.pool.query<Effect>(
      `select consumer, event_id as "eventId", key, n, tx from public.test_event_effects
       where $1::text is null or consumer = $1 order by id`,
      [service ?? null],
    );
    return result.rows;
  };

  const waitForEffects = (service: ConsumerService, count: number, timeout = target.waitMs) =>
    vi.waitFor(
      async () => {
        const rows = await effects(service);
        expect(rows.length, `effects of ${service}`).toBeGreaterThanOrEqual(count);
        return rows;
      },
      { timeout, interval: 50 },
    );

  /** Each key's numbers in the order the consumer applied them. */
  const sequencesByKey = (rows: Effect[]) => {
    const byKey = new Map<string, number[]>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.n]);
    return byKey;
  };

  it(
    'end to end: the change and its event commit together, each consumer applies it once, a rolled-back event never leaves',
    async () => {
      const journey = producer();
      const analytics = consumer('analytics');
      const invitation = consumer('invitation');
      await Promise.all([journey.start(), analytics.start(), invitation.start()]);

      const clientId = randomUUID();
      const [committed] = await publishAll(journey, [taskCompleted(clientId, 1)]);
      let rolledBackId: string | undefined;
      await expect(
        database.current.db.transaction(async (tx) => {
          rolledBackId = (await journey.publish(tx, taskCompleted(clientId, 2))).id;
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      // Published after the rolled-back one on the same key: once it is applied, the other would have been too.
      const [marker] = await publishAll(journey, [taskCompleted(clientId, 3)]);

      for (const service of ['analytics', 'invitation'] as const) {
        const rows = await waitForEffects(service, 2);
        expect(rows.map((row) => row.eventId)).toEqual([committed, marker]);
      }
      await sleep(300);
      const all = await effects();
      expect(all).toHaveLength(4);
      expect(all.some((row) => row.eventId === rolledBackId)).toBe(false);
      const outbox = await database.current.db.select().from(journeyOutbox);
      expect(outbox.map((row) => row.id).sort()).toEqual([committed, marker].sort());
      expect(outbox.every((row) => row.publishedAt !== null)).toBe(true);
    },
    target.testMs,
  );

  it(
    'consumer crash after the effect and before the acknowledgement: redelivered, applied once',
    async () => {
      const deliveries = new Map<string, number>();
      let crashes = 0;
      const crashOnFirstDelivery: ConsumerFaults = {
        afterEffect: (event) => {
          const count = (deliveries.get(event.id) ?? 0) + 1;
          deliveries.set(event.id, count);
          if (count === 1) {
            crashes += 1;
            throw new Error('simulated consumer crash before the offset commit');
          }
        },
      };
      const journey = producer();
      const analytics = consumer('analytics', { faults: crashOnFirstDelivery });
      await Promise.all([journey.start(), analytics.start()]);

      const key = randomUUID();
      const ids = await publishAll(
        journey,
        [1, 2, 3].map((n) => taskCompleted(key, n)),
      );
      await expect
        .poll(() => ids.every((id) => (deliveries.get(id) ?? 0) >= 2), { timeout: target.waitMs })
        .toBe(true);

      const rows = await effects('analytics');
      expect(rows.map((row) => row.eventId)).toEqual(ids);
      expect(crashes).toBe(3);
      // Lag 0: the redelivered messages were acknowledged (Kafka: their offsets committed).
      await expect
        .poll(async () => (await analytics.health()).consumers?.lag, { timeout: target.waitMs })
        .toBe(0);
    },
    target.testMs,
  );

  it(
    'two relays on one outbox: one is active at a time, order per key holds across a failover',
    async () => {
      const first = producer({ batchSize: 5 });
      const second = producer({ batchSize: 5 });
      // A slow consumer keeps the relays busy long enough to fail over in the middle of the stream.
      const analytics = consumer('analytics', { before: () => sleep(3) });
      await analytics.start();

      const keys = Array.from({ length: 6 }, (_, index) => `client-${index}`);
      const perKey = 20;
      const total = keys.length * perKey;
      for (let n = 0; n < perKey; n++)
        await publishAll(
          first,
          keys.map((key) => taskCompleted(key, n)),
        );
      // Both relays compete for the same backlog from the same instant.
      await Promise.all([first.start(), second.start()]);

      let maxActive = 0;
      let failedOver = false;
      const deadline = Date.now() + target.waitMs;
      while (Date.now() < deadline) {
        const statuses = await Promise.all([first.health(), second.health()]);
        maxActive = Math.max(maxActive, statuses.filter((status) => status.relay?.active).length);
        const applied = (await effects('analytics')).length;
        if (!failedOver && applied >= total / 3) {
          // Fail over: stop whichever relay holds the lock; the standby must carry on in order.
          await (statuses[0]?.relay?.active ? first : second).stop();
          failedOver = true;
        }
        if (applied >= total) break;
        await sleep(10);
      }

      const rows = await waitForEffects('analytics', total);
      expect(failedOver).toBe(true);
      expect(maxActive).toBe(1);
      expect(rows).toHaveLength(total);
      for (const sequence of sequencesByKey(rows).values()) {
        expect(sequence).toEqual(Array.from({ length: perKey }, (_, n) => n));
      }
    },
    target.testMs,
  );

  /**
   * Commits `events` while `analytics` is declared but not started, and waits until they wait for
   * it (Kafka: on the topic; in-process: in its group's queue), so that it finds them all at once.
   */
  const publishWhileStopped = async (journey: EventBus, events: ReturnType<typeof taskCompleted>[]) => {
    await journey.start();
    const ids = await publishAll(journey, events);
    if (environment.transport.kind === 'kafka')
      await expect
        .poll(async () => (await journey.health()).relay?.unpublished, { timeout: target.waitMs })
        .toBe(0);
    // In-process, the relay's send waits for the group: its batch is queued for it a moment after commit.
    else await sleep(500);
    return ids;
  };

  it(
    'events waiting for a consumer are applied together, in fewer transactions than events: each once, in order per key',
    async () => {
      const journey = producer();
      const analytics = consumer('analytics');
      const keys = [randomUUID(), randomUUID()];
      const ids = await publishWhileStopped(
        journey,
        keys.flatMap((key) => Array.from({ length: 10 }, (_, index) => taskCompleted(key, index + 1))),
      );
      await analytics.start();

      const rows = await waitForEffects('analytics', ids.length);
      expect(rows.map((row) => row.eventId).sort()).toEqual([...ids].sort());
      for (const key of keys)
        expect(sequencesByKey(rows).get(key)).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
      // One transaction per event would be 20; in-process takes the 20 at once, Kafka a fetch per partition.
      const transactions = new Set(rows.map((row) => row.tx));
      expect(transactions.size).toBeLessThanOrEqual(ids.length / 2);
      const processed = await database.current.db.select().from(analyticsProcessedEvents);
      expect(processed.map((row) => row.eventId).sort()).toEqual([...ids].sort());
    },
    target.testMs,
  );

  it(
    'a poison event among waiting ones is dead-lettered alone: the others of its batch are applied once, in order',
    async () => {
      const journey = producer();
      const analytics = consumer('analytics');
      const key = randomUUID();
      const ids = await publishWhileStopped(
        journey,
        [1, 2, 3, 4, 5].map((n) => taskCompleted(key, n, n === 3 ? 'explode' : `task ${n}`)),
      );
      await analytics.start();

      const rows = await waitForEffects('analytics', 4);
      expect(rows.map((row) => row.n)).toEqual([1, 2, 4, 5]);
      const letters = await vi.waitFor(
        async () => {
          const found = await database.current.db.select().from(analyticsDeadLetters);
          expect(found.length, 'dead letters').toBe(1);
          return found;
        },
        { timeout: target.waitMs, interval: 50 },
      );
      expect([letters[0]?.eventId, letters[0]?.attempts]).toEqual([ids[2], 5]);
      await sleep(300);
      expect(await effects('analytics')).toHaveLength(4);
    },
    target.testMs,
  );

  it(
    'a poison message goes to the dead-letter topic with its error and does not block the ones behind it',
    async () => {
      const parked: IncomingMessage[] = [];
      await environment.transport.ensureTopics(topics);
      const observer = await environment.transport.subscribe({
        groupId: 'dlq-observer',
        topics: ['task-completed.dlq'],
        handle: async (message) => {
          parked.push(message);
        },
      });
      try {
        const journey = producer();
        const analytics = consumer('analytics');
        await Promise.all([journey.start(), analytics.start()]);

        const key = randomUUID();
        const [before] = await publishAll(journey, [taskCompleted(key, 1)]);
        // Breaks the contract: written around `publish`, as a buggy or older producer might.
        const invalidId = randomUUID();
        await database.current.db.insert(journeyOutbox).values({
          id: invalidId,
          type: 'task-completed',
          key,
          envelope: {
            id: invalidId,
            type: 'task-completed',
            version: 1,
            occurredAt: new Date().toISOString(),
            producer: 'journey',
            key,
            data: { clientId: key },
          },
        });
        const [exploding] = await publishAll(journey, [taskCompleted(key, 2, 'explode')]);
        const [after] = await publishAll(journey, [taskCompleted(key, 3)]);

        const rows = await waitForEffects('analytics', 2);
        expect(rows.map((row) => row.eventId)).toEqual([before, after]);

        const letters = await vi.waitFor(
          async () => {
            const found = await database.current.db.select().from(analyticsDeadLetters);
            expect(found.length, 'dead letters').toBeGreaterThanOrEqual(2);
            return found;
          },
          { timeout: target.waitMs, interval: 50 },
        );
        const invalid = letters.find((letter) => letter.eventId === invalidId);
        expect(invalid?.error).toContain('Invalid task-completed v1 event data');
        expect(invalid?.attempts).toBe(1);
        expect(invalid?.topic).toBe('task-completed');
        const thrown = letters.find((letter) => letter.eventId === exploding);
        expect(thrown?.error).toContain('cannot apply task t2: explode');
        expect(thrown?.attempts).toBe(5);

        await expect.poll(() => parked.length, { timeout: target.waitMs }).toBeGreaterThanOrEqual(2);
        const parkedInvalid = parked.find((message) => message.headers['event-id'] === invalidId);
        expect(parkedInvalid?.headers['dlq-error']).toContain('Invalid task-completed v1 event data');
        expect(parkedInvalid?.headers['dlq-consumer']).toBe('analytics');
        const parkedThrown = parked.find((message) => message.headers['event-id'] === exploding);
        expect(parkedThrown?.headers['dlq-error']).toContain('explode');
        expect(parkedThrown?.key).toBe(key);
        // The dead-lettered event counts as processed: a redelivery would not retry it.
        const processed = await database.current.db.select().from(analyticsProcessedEvents);
        expect(processed.map((row) => row.eventId)).toContain(exploding);
      } finally {
        await observer.stop();
      }
    },
    target.testMs,
  );

  it(
    'engine down: 100 events committed meanwhile all arrive after it returns, none applied twice; backlog is reported',
    async () => {
      const journey = producer();
      const analytics = consumer('analytics');
      const invitation = consumer('invitation');
      await Promise.all([journey.start(), analytics.start(), invitation.start()]);
      await publishAll(journey, [taskCompleted('warm-up', 0)]);
      await waitForEffects('analytics', 1);
      await waitForEffects('invitation', 1);

      await environment.takeDown();
      try {
        for (let batch = 0; batch < 10; batch++) {
          await publishAll(
            journey,
            Array.from({ length: 10 }, (_, index) => taskCompleted(`client-${index}`, batch + 1)),
          );
        }
        await sleep(500);
        const health = await journey.health();
        expect(health.ok).toBe(true);
        expect(health.relay?.unpublished).toBe(100);
        expect(health.relay?.oldestAgeMs).toBeGreaterThan(0);
        await expect
          .poll(() => telemetry.gauge('listready.events.outbox.unpublished', { 'db.namespace': 'journey' }), {
            timeout: 5_000,
          })
          .toBe(100);
        expect((await effects()).length).toBe(2);
      } finally {
        await environment.bringUp();
      }

      for (const service of ['analytics', 'invitation'] as const) {
        // Consumers reconnect with back-off and wait for the group coordinator to load: give it time.
        const rows = await waitForEffects(service, 101, target.waitMs * 2);
        expect(new Set(rows.map((row) => row.eventId)).size).toBe(rows.length);
        for (const [key, sequence] of sequencesByKey(rows)) {
          if (key !== 'warm-up') expect(sequence).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
        }
      }
      await sleep(500);
      expect((await effects()).length).toBe(202);
      await expect
        .poll(async () => (await journey.health()).relay?.unpublished, { timeout: target.waitMs })
        .toBe(0);
    },
    target.outageTestMs,
  );

  it(
    'reports consumer lag in health and as a metric while a consumer is behind',
    async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const journey = producer();
      const analytics = consumer('analytics', { before: () => gate });
      await Promise.all([journey.start(), analytics.start()]);

      const key = randomUUID();
      await publishAll(
        journey,
        [1, 2, 3].map((n) => taskCompleted(key, n)),
      );
      await expect
        .poll(async () => (await analytics.health()).consumers?.lag ?? 0, { timeout: target.waitMs })
        .toBeGreaterThanOrEqual(1);
      await expect
        .poll(
          () =>
            telemetry.gauge('listready.events.consumer.lag', {
              'messaging.consumer.group.name': 'analytics',
            }),
          { timeout: 5_000 },
        )
        .toBeGreaterThanOrEqual(1);

      release();
      await waitForEffects('analytics', 3);
      await expect
        .poll(async () => (await analytics.health()).consumers?.lag, { timeout: target.waitMs })
        .toBe(0);
      const health = await analytics.health();
      expect(health.ok).toBe(true);
    },
    target.testMs,
  );
}
