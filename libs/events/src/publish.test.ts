import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { journeyOutbox } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { EventBusStateError } from './errors.ts';
import { createEventBus } from './event-bus.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import { taskCompletedData as data } from './testing/task-completed-data.ts';

describe('publish', () => {
  const database = useTestDatabase();
  const logger = pino({ level: 'silent' });
  /** The journey service's bus, never started: publishing only writes to the outbox. */
  const journeyBus = () =>
    createEventBus({
      database: database.current,
      transport: createInProcessTransport({ bus: new InProcessBus() }),
      service: 'journey',
      outbox: journeyOutbox,
      logger,
    });

  it('writes the envelope to the outbox in the caller transaction, unpublished', async () => {
    const publisher = journeyBus();
    const event = await database.current.db.transaction((tx) =>
      publisher.publish(tx, { type: 'task-completed', key: 'client-1', data }),
    );
    const [row] = await database.current.db
      .select()
      .from(journeyOutbox)
      .where(sql`${journeyOutbox.id} = ${event.id}`);
    expect(row).toMatchObject({ type: 'task-completed', key: 'client-1', publishedAt: null });
    expect(row?.envelope).toEqual(event);
    expect(row?.envelope.producer).toBe('journey');
  });

  it('a bus without an outbox cannot publish, a bus without processed_events cannot subscribe', async () => {
    const bus = createEventBus({
      database: database.current,
      transport: createInProcessTransport({ bus: new InProcessBus() }),
      service: 'gateway',
      logger,
    });
    await expect(
      bus.publish(database.current.db, { type: 'task-completed', key: 'k', data }),
    ).rejects.toThrow(EventBusStateError);
    expect(() => bus.subscribe('task-completed', async () => undefined)).toThrow(EventBusStateError);
  });
});
