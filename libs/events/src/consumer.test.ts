import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsDeadLetters, analyticsProcessedEvents, journeyOutbox } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import type { EventHandler } from './consumer.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';

const logger = pino({ level: 'silent' });
const topics = ['task-completed', 'task-completed.dlq'];

describe('event consumer failures', () => {
  const database = useTestDatabase();
  let buses: EventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.reverse()) await bus.stop();
    buses = [];
  });

  /** A journey producer and an analytics consumer with `handler`, on a bus of their own. */
  async function start(handler: EventHandler<'task-completed'>) {
    const transport = createInProcessTransport({ bus: new InProcessBus(), logger });
    const common = { database: database.current, transport, logger, topics };
    const analytics = createEventBus({
      ...common,
      service: 'analytics',
      processedEvents: analyticsProcessedEvents,
      deadLetters: analyticsDeadLetters,
    });
    analytics.subscribe('task-completed', handler);
    const journey = createEventBus({ ...common, service: 'journey', outbox: journeyOutbox });
    buses.push(journey, analytics);
    await analytics.start();
    await journey.start();
    const clientId = randomUUID();
    const event = await database.current.db.transaction((tx) =>
      journey.publish(tx, {
        type: 'task-completed',
        key: clientId,
        data: {
          clientId,
          taskId: 't1',
          title: 'Clean gutters',
          stageId: 'stage-3',
          stageName: 'Repairs & Maintenance',
          kind: 'predefined',
          templateId: 'declutter-closets',
          actorUserId: 'user-1',
          completedAt: new Date().toISOString(),
        },
      }),
    );
    return event.id;
  }

  /** Resolves once the relay marked the event published, i.e. once the consumer applied or dead-lettered it. */
  const published = (eventId: string) =>
    expect
      .poll(
        async () => {
          const [row] = await database.current.db
            .select()
            .from(journeyOutbox)
            .where(eq(journeyOutbox.id, eventId));
          return row?.publishedAt ?? null;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();

  it('hands an infrastructure error back to the transport, which delivers again: applied, never dead-lettered', async () => {
    let calls = 0;
    const eventId = await start(async () => {
      calls += 1;
      if (calls <= 2) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await published(eventId);
    expect(calls).toBe(3);
    const processed = await database.current.db
      .select()
      .from(analyticsProcessedEvents)
      .where(eq(analyticsProcessedEvents.eventId, eventId));
    expect(processed).toHaveLength(1);
    const letters = await database.current.db
      .select()
      .from(analyticsDeadLetters)
      .where(eq(analyticsDeadLetters.eventId, eventId));
    expect(letters).toHaveLength(0);
  });

  it('dead-letters an event whose handler throws a TypeError at once: another try cannot fix a bug', async () => {
    let calls = 0;
    const eventId = await start(async (event) => {
      calls += 1;
      (event.data as unknown as { missing: { field: string } }).missing.field.trim();
    });
    await published(eventId);
    expect(calls).toBe(1);
    const [letter] = await database.current.db
      .select()
      .from(analyticsDeadLetters)
      .where(eq(analyticsDeadLetters.eventId, eventId));
    expect(letter?.attempts).toBe(1);
    expect(letter?.error).toContain('TypeError');
  });
});
