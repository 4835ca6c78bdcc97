import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  allEventTopics,
  currentEventVersion,
  deadLetterTopicFor,
  eventDataSchema,
  eventEnvelopeSchema,
  eventSchemas,
  eventTypes,
  topicFor,
} from './index.ts';

const envelope = {
  id: randomUUID(),
  type: 'task-completed',
  version: 1,
  occurredAt: '2025-05-01T10:00:00.000Z',
  producer: 'journey',
  key: 'client-1',
  data: {},
};

describe('event envelope', () => {
  it('accepts a well-formed envelope', () => {
    expect(eventEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it.each([
    ['id', 'not-a-uuid'],
    ['version', 0],
    ['version', 1.5],
    ['occurredAt', 'yesterday'],
    ['key', ''],
    ['producer', ''],
  ])('rejects a bad %s', (field, value) => {
    const result = eventEnvelopeSchema.safeParse({ ...envelope, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('event contracts', () => {
  it('validates each event type with its own data schema', () => {
    expect(
      eventSchemas['invitation-sent'].safeParse({
        invitationId: 'inv-1',
        type: 'agent-to-client',
        inviterUserId: 'u-1',
        inviteeEmail: 'seller@example.com',
        inviteeName: 'Sam Seller',
        inviteePhone: null,
        emailSent: true,
        smsSent: false,
      }).success,
    ).toBe(true);
    expect(
      eventSchemas['invitation-sent'].safeParse({ invitationId: 'inv-1', type: 'sideways' }).success,
    ).toBe(false);
    expect(
      eventSchemas['user-registered'].safeParse({
        userId: 'u',
        email: 'no-at-sign',
        firstName: 'A',
        lastName: 'B',
        role: 'agent',
      }).success,
    ).toBe(false);
    expect(
      eventSchemas['task-completed'].safeParse({
        clientId: 'c',
        taskId: 't',
        title: 'Declutter closets',
        stageId: 's',
        stageName: 'Declutter',
        completedAt: '2025-05-01T10:00:00Z',
      }).success,
    ).toBe(true);
  });

  it('finds the data schema by type and version, and nothing for unknown ones', () => {
    expect(eventDataSchema('stage-completed', 1)).toBe(eventSchemas['stage-completed']);
    expect(eventDataSchema('stage-completed', 2)).toBeUndefined();
    expect(eventDataSchema('constructor', 1)).toBeUndefined();
    for (const type of eventTypes)
      expect(eventDataSchema(type, currentEventVersion[type])).toBe(eventSchemas[type]);
  });

  it('names topics after the event type, with a .dlq topic beside each', () => {
    expect(topicFor('invitation-sent')).toBe('invitation-sent');
    expect(deadLetterTopicFor('invitation-sent')).toBe('invitation-sent.dlq');
    expect(allEventTopics()).toContain('task-completed.dlq');
    expect(allEventTopics()).toHaveLength(eventTypes.length * 2);
  });
});
