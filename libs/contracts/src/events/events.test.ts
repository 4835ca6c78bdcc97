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
  it('reads invitation-sent v1 as v2: the channel flags dropped, no expiry', () => {
    const v1 = {
      invitationId: 'inv-1',
      type: 'client-to-agent',
      inviterUserId: 'u-1',
      inviteeEmail: 'agent@example.com',
      inviteeName: 'Alex Agent',
      inviteePhone: '+15550100',
      emailSent: true,
      smsSent: false,
    };
    expect(eventDataSchema('invitation-sent', 1)?.parse(v1)).toEqual({
      invitationId: 'inv-1',
      type: 'client-to-agent',
      inviterUserId: 'u-1',
      inviteeEmail: 'agent@example.com',
      inviteeName: 'Alex Agent',
      inviteePhone: '+15550100',
      expiresAt: null,
    });
    expect(currentEventVersion['invitation-sent']).toBe(2);
  });

  it('validates each event type with its own data schema', () => {
    expect(
      eventSchemas['invitation-sent'].safeParse({
        invitationId: 'inv-1',
        type: 'agent-to-client',
        inviterUserId: 'u-1',
        inviteeEmail: 'seller@example.com',
        inviteeName: 'Sam Seller',
        inviteePhone: null,
        expiresAt: '2026-12-23T09:00:00.000Z',
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

describe('task-completed v1 and v2', () => {
  const v1 = {
    clientId: 'c',
    taskId: 'declutter-closets',
    title: 'Declutter closets',
    stageId: 'declutter',
    stageName: 'Declutter',
    completedAt: '2025-05-01T10:00:00Z',
  };
  const v2 = {
    clientId: 'c',
    taskId: 'custom-7',
    kind: 'custom',
    templateId: null,
    title: 'Paint the fence',
    stageId: null,
    stageName: null,
    actorUserId: 'member-1',
    completedAt: '2025-05-01T10:00:00Z',
  };

  it('producers write v2: the changed task, its kind, the actor, a stage only when there is one', () => {
    expect(currentEventVersion['task-completed']).toBe(2);
    expect(eventSchemas['task-completed'].parse(v2)).toEqual(v2);
    expect(eventSchemas['task-completed'].safeParse({ ...v2, kind: 'sideways' }).success).toBe(false);
    expect(eventSchemas['task-completed'].safeParse(v1).success).toBe(false);
  });

  it('consumers read a v1 event as v2, with what v1 did not say left null', () => {
    expect(eventDataSchema('task-completed', 1)?.parse(v1)).toEqual({
      ...v1,
      kind: null,
      templateId: null,
      actorUserId: null,
    });
    expect(eventDataSchema('task-completed', 2)?.parse(v2)).toEqual(v2);
    expect(eventDataSchema('task-completed', 1)?.safeParse({ ...v1, stageId: null }).success).toBe(false);
  });

  it('a whole v1 message from an old producer reaches a consumer as v2', () => {
    const message = JSON.stringify({ ...envelope, version: 1, data: v1 });
    const parsed = eventEnvelopeSchema.parse(JSON.parse(message));
    expect(eventDataSchema(parsed.type, parsed.version)?.parse(parsed.data)).toMatchObject({
      taskId: 'declutter-closets',
      actorUserId: null,
    });
  });
});

describe('task-updated v1 and v2', () => {
  const v1 = {
    clientId: 'client-1',
    taskId: 'task-1',
    kind: 'standard',
    fields: ['notes'],
    actorUserId: 'u-1',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };

  it('reads v1 as an update; producers write v2', () => {
    expect(eventDataSchema('task-updated', 1)?.parse(v1)).toEqual({ ...v1, change: 'updated' });
    expect(currentEventVersion['task-updated']).toBe(2);
  });

  it('v2 tells a custom task created or deleted (no fields) from an update (at least one field)', () => {
    const custom = { ...v1, kind: 'custom' };
    expect(eventSchemas['task-updated'].safeParse({ ...custom, change: 'created', fields: [] }).success).toBe(
      true,
    );
    expect(eventSchemas['task-updated'].safeParse({ ...custom, change: 'deleted', fields: [] }).success).toBe(
      true,
    );
    expect(
      eventSchemas['task-updated'].safeParse({ ...custom, change: 'updated', fields: ['title', 'stage'] })
        .success,
    ).toBe(true);
    expect(eventSchemas['task-updated'].safeParse({ ...custom, change: 'updated', fields: [] }).success).toBe(
      false,
    );
  });
});
