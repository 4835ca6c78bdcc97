import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  currentEventVersion,
  eventDataSchema,
  eventEnvelopeSchema,
  eventSchemas,
  isEventType,
  type DomainEvent,
  type EventData,
  type EventType,
} from '@listready/contracts';
import { EventValidationError } from './errors.ts';

/** What a producer supplies; the library adds id, version, occurredAt and producer. */
export interface EventInput<T extends EventType = EventType> {
  type: T;
  /** The aggregate id (client id, invitation id…): one key's events are delivered in order. */
  key: string;
  data: EventData<T>;
}

/** Validates `data` against the event's contract and wraps it in a fresh envelope. */
export function buildEnvelope<T extends EventType>(input: EventInput<T>, producer: string): DomainEvent<T> {
  if (!isEventType(input.type)) {
    throw new EventValidationError(`Unknown event type "${String(input.type)}"`);
  }
  if (typeof input.key !== 'string' || input.key === '') {
    throw new EventValidationError(`Event ${input.type} needs a non-empty key`);
  }
  const parsed = eventSchemas[input.type].safeParse(input.data);
  if (!parsed.success) {
    throw new EventValidationError(`Invalid ${input.type} event data: ${z.prettifyError(parsed.error)}`);
  }
  const envelope = {
    id: randomUUID(),
    type: input.type,
    version: currentEventVersion[input.type],
    occurredAt: new Date().toISOString(),
    producer,
    key: input.key,
    data: parsed.data,
  };
  // The schema is picked by `T`, but TypeScript widens its output to every type's data: narrowed here.
  return envelope as unknown as DomainEvent<T>;
}

/**
 * Reads a delivered message: JSON, then the envelope, then `data` against the schema of its type
 * and version. `expectedType` guards against an event published to the wrong topic.
 */
export function parseEvent(value: string, expectedType?: string): DomainEvent {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch (error) {
    throw new EventValidationError('Event is not valid JSON', { cause: error });
  }
  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new EventValidationError(`Invalid event envelope: ${z.prettifyError(envelope.error)}`);
  }
  const { type, version } = envelope.data;
  if (expectedType !== undefined && type !== expectedType) {
    throw new EventValidationError(`Event of type ${type} arrived on the ${expectedType} topic`);
  }
  const schema = eventDataSchema(type, version);
  if (!schema) {
    throw new EventValidationError(`Unknown event ${type} v${version}`);
  }
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) {
    throw new EventValidationError(`Invalid ${type} v${version} event data: ${z.prettifyError(data.error)}`);
  }
  return { ...envelope.data, data: data.data } as DomainEvent;
}
