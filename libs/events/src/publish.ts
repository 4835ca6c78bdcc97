import type { DomainEvent, EventType } from '@listready/contracts';
import type { Executor } from '@listready/db';
import { buildEnvelope, type EventInput } from './envelope.ts';
import type { OutboxTable } from './tables.ts';
import { traceHeaders } from './tracing.ts';

export interface PublishInput<T extends EventType = EventType> extends EventInput<T> {
  /** The producing service (`journey`, `invitation`…), recorded in the envelope. */
  producer: string;
}

/**
 * Writes an event to `outbox` through `tx`, the caller's transaction: the event exists if and only
 * if the change it describes commits. The relay delivers it afterwards. Throws
 * `EventValidationError` when `data` breaks the event's contract.
 */
export async function publish<T extends EventType>(
  tx: Executor,
  outbox: OutboxTable,
  input: PublishInput<T>,
): Promise<DomainEvent<T>> {
  const envelope = buildEnvelope(input, input.producer);
  await tx.insert(outbox).values({
    id: envelope.id,
    type: envelope.type,
    key: envelope.key,
    envelope,
    // The active span (the producing request) continues in the consumer's span.
    headers: traceHeaders(),
  });
  return envelope;
}

export interface Publisher {
  publish<T extends EventType>(tx: Executor, event: EventInput<T>): Promise<DomainEvent<T>>;
}

/** `publish` bound to one service's outbox and name. */
export function createPublisher(options: { producer: string; outbox: OutboxTable }): Publisher {
  return {
    publish: (tx, event) => publish(tx, options.outbox, { ...event, producer: options.producer }),
  };
}
