import type { z } from 'zod';
import type { EventEnvelope } from './envelope.ts';
import { invitationAcceptedV1 } from './invitation-accepted.v1.ts';
import { invitationSentV1 } from './invitation-sent.v1.ts';
import { invitationSentV2, upcastInvitationSentV1 } from './invitation-sent.v2.ts';
import { stageCompletedV1 } from './stage-completed.v1.ts';
import { taskCompletedV1 } from './task-completed.v1.ts';
import { taskCompletedV2, upcastTaskCompletedV1 } from './task-completed.v2.ts';
import { taskUpdatedV1 } from './task-updated.v1.ts';
import { taskUpdatedV2, upcastTaskUpdatedV1 } from './task-updated.v2.ts';
import { userRegisteredV1 } from './user-registered.v1.ts';

export * from './envelope.ts';
export * from './invitation-accepted.v1.ts';
export * from './invitation-sent.v1.ts';
export * from './invitation-sent.v2.ts';
export * from './stage-completed.v1.ts';
export * from './task-completed.v1.ts';
export * from './task-completed.v2.ts';
export * from './task-updated.v1.ts';
export * from './task-updated.v2.ts';
export * from './user-registered.v1.ts';

/**
 * Every version of every event's `data` schema, each read as the current version. A new version is
 * added beside the old one (never edited in place), and the old one upcasts to it, so consumers
 * keep reading what older producers still have in their outboxes, in one shape.
 */
export const eventVersions = {
  'task-completed': { 1: taskCompletedV1.transform(upcastTaskCompletedV1), 2: taskCompletedV2 },
  'stage-completed': { 1: stageCompletedV1 },
  'task-updated': { 1: taskUpdatedV1.transform(upcastTaskUpdatedV1), 2: taskUpdatedV2 },
  'invitation-sent': { 1: invitationSentV1.transform(upcastInvitationSentV1), 2: invitationSentV2 },
  'invitation-accepted': { 1: invitationAcceptedV1 },
  'user-registered': { 1: userRegisteredV1 },
} as const;

/** Type → the current version's `data` schema: what producers publish today. */
export const eventSchemas = {
  'task-completed': taskCompletedV2,
  'stage-completed': stageCompletedV1,
  'task-updated': taskUpdatedV2,
  'invitation-sent': invitationSentV2,
  'invitation-accepted': invitationAcceptedV1,
  'user-registered': userRegisteredV1,
} as const;

/** Type → the version producers write (the key of `eventSchemas[type]` in `eventVersions`). */
export const currentEventVersion = {
  'task-completed': 2,
  'stage-completed': 1,
  'task-updated': 2,
  'invitation-sent': 2,
  'invitation-accepted': 1,
  'user-registered': 1,
} as const satisfies { [T in EventType]: keyof (typeof eventVersions)[T] };

export type EventType = keyof typeof eventSchemas;
export const eventTypes = Object.keys(eventSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A validated event of type `T` as consumers receive it. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: EventEnvelope<K, EventData<K>>;
}[T];

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

/** The `data` schema for a given type and version, or undefined when this build does not know it. */
export function eventDataSchema(type: string, version: number): z.ZodType | undefined {
  if (!isEventType(type)) return undefined;
  const versions: Partial<Record<number, z.ZodType>> = eventVersions[type];
  return versions[version];
}

/** Kafka topic of an event type: the type's own name (`task-completed`, …). */
export const topicFor = (type: EventType): string => type;
/** Where a consumer parks the messages of `topic` it could not apply. */
export const deadLetterTopicFor = (topic: string): string => `${topic}.dlq`;
/** Every topic the platform uses, dead-letter topics included (for the admin step). */
export const allEventTopics = (): string[] =>
  eventTypes.flatMap((type) => [topicFor(type), deadLetterTopicFor(topicFor(type))]);
