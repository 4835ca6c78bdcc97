import { describe, expect, it } from 'vitest';
import { buildEnvelope, parseEvent } from './envelope.ts';
import { EventValidationError } from './errors.ts';
import { taskCompletedData as data } from './testing/task-completed-data.ts';

describe('buildEnvelope', () => {
  it('wraps valid data with a fresh id, the current version, the time and the producer', () => {
    const event = buildEnvelope({ type: 'task-completed', key: 'client-1', data }, 'journey');
    expect(event).toMatchObject({
      type: 'task-completed',
      version: 2,
      producer: 'journey',
      key: 'client-1',
      data,
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(event.occurredAt)).not.toBeNaN();
  });

  it('refuses data that breaks the contract, naming the field', () => {
    const broken = { ...data, completedAt: 'soon' };
    const build = () => buildEnvelope({ type: 'task-completed', key: 'client-1', data: broken }, 'journey');
    expect(build).toThrow(EventValidationError);
    expect(build).toThrow(
      expect.objectContaining({ code: 'EVENT_INVALID', message: expect.stringMatching(/at completedAt$/) }),
    );
  });

  it('refuses an empty key and an unknown type', () => {
    expect(() => buildEnvelope({ type: 'task-completed', key: '', data }, 'journey')).toThrow(
      EventValidationError,
    );
    const unknown = { type: 'task-deleted', key: 'k', data } as unknown as Parameters<
      typeof buildEnvelope
    >[0];
    expect(() => buildEnvelope(unknown, 'journey')).toThrow('Unknown event type "task-deleted"');
  });
});

describe('parseEvent', () => {
  const valid = JSON.stringify(buildEnvelope({ type: 'task-completed', key: 'client-1', data }, 'journey'));

  it('returns the validated event', () => {
    expect(parseEvent(valid, 'task-completed').data).toEqual(data);
  });

  it.each([
    ['not JSON', '{oops', undefined, 'not valid JSON'],
    ['a broken envelope', JSON.stringify({ id: 'x' }), undefined, 'Invalid event envelope'],
    ['an event on the wrong topic', valid, 'stage-completed', 'arrived on the stage-completed topic'],
    [
      'an unknown version',
      valid.replace('"version":2', '"version":9'),
      undefined,
      'Unknown event task-completed v9',
    ],
    [
      'data that breaks the contract',
      valid.replace('"Clean gutters"', '42'),
      undefined,
      'Invalid task-completed v2 event data',
    ],
  ])('rejects %s', (_, value, expectedType, message) => {
    expect(() => parseEvent(value, expectedType)).toThrow(message);
  });
});
