import type { z } from 'zod';
import {
  currentEventVersion,
  deadLetterTopicFor,
  eventEnvelopeSchema,
  eventTypes,
  eventVersions,
  topicFor,
  type EventType,
} from '@listready/contracts';
import { zodJsonSchema, type JsonObject } from './openapi.ts';

/**
 * Who publishes each event type (the `producer` of its envelope) and who consumes it, for a team
 * reading the document without the source. A new event type without a line here fails the
 * AsyncAPI test, so the list cannot fall behind the contracts.
 */
export const EVENT_PARTIES: Record<EventType, { producer: string; consumers: string[] }> = {
  'user-registered': { producer: 'auth', consumers: ['journey', 'analytics'] },
  'task-completed': { producer: 'journey', consumers: ['analytics'] },
  'stage-completed': { producer: 'journey', consumers: ['analytics'] },
  'task-updated': { producer: 'journey', consumers: ['journey (live feed, a group per replica)'] },
  'invitation-sent': { producer: 'invitation', consumers: ['analytics'] },
  'invitation-accepted': { producer: 'invitation', consumers: ['journey', 'analytics'] },
};

export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  info: { title: string; version: string; description: string };
  defaultContentType: 'application/json';
  channels: Record<string, JsonObject>;
  operations: Record<string, JsonObject>;
  components: { messages: Record<string, JsonObject>; schemas: Record<string, JsonObject> };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const camel = (type: string) => type.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The envelope (DESIGN.md §4) with `type`, `version` and `data` pinned to one event version. */
function envelopeOf(type: EventType, version: number, data: JsonObject): JsonObject {
  const envelope = zodJsonSchema(eventEnvelopeSchema, 'output');
  const properties = envelope.properties as Record<string, JsonObject>;
  return {
    ...envelope,
    properties: {
      ...properties,
      type: { type: 'string', const: type },
      version: { type: 'integer', const: version },
      data,
    },
  };
}

/**
 * AsyncAPI 3.0 of every domain event, from the same zod contracts the producers and consumers
 * validate with: one channel per Kafka topic (and its dead-letter topic), one message per version
 * still readable (older versions stay in outboxes and topics until upcast), keyed by aggregate id.
 */
export function asyncApiDocument(version = '1'): AsyncApiDocument {
  const channels: AsyncApiDocument['channels'] = {};
  const operations: AsyncApiDocument['operations'] = {};
  const messages: AsyncApiDocument['components']['messages'] = {};
  for (const type of eventTypes) {
    const parties = EVENT_PARTIES[type];
    const channelId = camel(type);
    const versions: Record<number, z.ZodType> = eventVersions[type];
    const channelMessages: Record<string, { $ref: string }> = {};
    for (const [versionKey, schema] of Object.entries(versions)) {
      const eventVersion = Number(versionKey);
      const messageId = `${channelId}V${eventVersion}`;
      // What is on the wire: the producer's shape of that version (`input`, before any upcast).
      const data = zodJsonSchema(schema, 'input');
      messages[messageId] = {
        name: `${type} v${eventVersion}`,
        title: `${type}, version ${eventVersion}${eventVersion === currentEventVersion[type] ? ' (current)' : ' (older, upcast by consumers)'}`,
        contentType: 'application/json',
        headers: {
          type: 'object',
          description:
            'Kafka headers: none are needed to read the event; the envelope carries type and version.',
        },
        bindings: { kafka: { key: { type: 'string', description: 'The aggregate id (envelope `key`)' } } },
        payload: envelopeOf(type, eventVersion, data),
      };
      channelMessages[messageId] = { $ref: `#/components/messages/${messageId}` };
    }
    channels[channelId] = {
      address: topicFor(type),
      title: type,
      description: `Published by ${parties.producer} through its outbox; consumed by ${parties.consumers.join(', ')}. One aggregate's events keep their order (the Kafka key is the aggregate id).`,
      messages: channelMessages,
    };
    channels[`${channelId}DeadLetters`] = {
      address: deadLetterTopicFor(topicFor(type)),
      title: `${type} dead letters`,
      description: 'Events a consumer could not apply after its retries, copied with the error in a header.',
      messages: channelMessages,
    };
    operations[`publish${capitalized(channelId)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${channelId}` },
      summary: `${parties.producer} publishes ${type} v${currentEventVersion[type]}`,
      messages: [{ $ref: `#/channels/${channelId}/messages/${channelId}V${currentEventVersion[type]}` }],
    };
    for (const consumer of parties.consumers) {
      operations[`${consumer}Consumes${capitalized(channelId)}`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${channelId}` },
        summary: `${consumer} consumes ${type} (every version)`,
        messages: Object.values(channelMessages).map((message) => ({
          $ref: message.$ref.replace('#/components/messages/', `#/channels/${channelId}/messages/`),
        })),
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'ListReady domain events',
      version,
      description:
        'Every event travels in the envelope { id, type, version, occurredAt, producer, key, data }; each topic is the event type. Consumers record (consumer, event id), so a redelivery does nothing twice.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages, schemas: { EventEnvelope: zodJsonSchema(eventEnvelopeSchema, 'output') } },
  };
}
