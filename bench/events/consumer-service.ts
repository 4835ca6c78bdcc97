import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DomainEvent } from '@listready/contracts';
import { analyticsDeadLetters, analyticsProcessedEvents, type Database } from '@listready/db';
import { createEventBus, type EventBus, type Transport } from '@listready/events';

export const benchTopics = ['task-completed', 'task-completed.dlq'];

/**
 * The benchmark's consuming service: its effect is one row per event. `onApplied` gets the
 * end-to-end latency (effect time − the event's occurredAt) and the effect time.
 */
export function createBenchConsumer(options: {
  database: Database;
  transport: Transport;
  logger: Logger;
  onApplied: (latencyMs: number, at: number) => void;
}): EventBus {
  const consumer = createEventBus({
    database: options.database,
    transport: options.transport,
    service: 'analytics',
    processedEvents: analyticsProcessedEvents,
    deadLetters: analyticsDeadLetters,
    logger: options.logger,
    topics: benchTopics,
  });
  consumer.subscribe('task-completed', async (event: DomainEvent<'task-completed'>, tx) => {
    await tx.execute(
      sql`insert into public.bench_effects (event_id, key) values (${event.id}, ${event.key})`,
    );
    const now = Date.now();
    options.onApplied(now - Date.parse(event.occurredAt), now);
  });
  return consumer;
}
