import { sql } from 'drizzle-orm';
import pino from 'pino';
import { analyticsDeadLetters, analyticsProcessedEvents, journeyOutbox, type Database } from '@listready/db';
import type { ConsumerFaults } from '../consumer.ts';
import { createEventBus } from '../event-bus.ts';
import type { Transport } from '../transport.ts';

/**
 * The two sides of the process-crash suite, built alike in the test and in the process it kills
 * (crashing-consumer.ts): journey's relay, and analytics applying `task-completed` as a
 * `public.crash_effects` row (no unique key, so an effect applied twice would show).
 */
const logger = pino({ level: 'silent' });
const topics = ['task-completed', 'task-completed.dlq'];

export const crashProducer = (database: Database, transport: Transport) =>
  createEventBus({ database, transport, service: 'journey', outbox: journeyOutbox, logger, topics });

export function crashConsumer(database: Database, transport: Transport, faults: ConsumerFaults) {
  const bus = createEventBus({
    database,
    transport,
    service: 'analytics',
    processedEvents: analyticsProcessedEvents,
    deadLetters: analyticsDeadLetters,
    logger,
    topics,
    faults,
  });
  bus.subscribe('task-completed', async (event, tx) => {
    await tx.execute(
      sql`insert into public.crash_effects (event_id, pid) values (${event.id}, ${process.pid})`,
    );
  });
  return bus;
}
