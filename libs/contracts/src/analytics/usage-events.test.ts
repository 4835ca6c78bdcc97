import { describe, expect, it } from 'vitest';
import { analyticsMessages, usageEventBatchSchema, usageEventSchema } from './usage-events.ts';

const event = {
  event: 'page_view',
  properties: { url: 'https://listready.test/journey', userAgent: 'Chromium', screenSize: '1920x1080' },
  timestamp: '2030-01-01T10:00:00.000Z',
  userId: null,
  sessionId: 'b7c4f1d2-0000-4000-8000-123456789abc',
};

/** path → message of each issue. */
const issues = (value: unknown) => {
  const result = usageEventBatchSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('usage events', () => {
  it('accepts the tracker’s events, user id or none', () => {
    expect(
      usageEventBatchSchema.parse([event, { ...event, userId: 'u1', event: 'task_action' }]),
    ).toHaveLength(2);
    const { userId: _userId, ...anonymous } = event;
    expect(usageEventSchema.parse(anonymous).userId).toBeUndefined();
  });

  it('names the field of a bad event', () => {
    expect(issues([event, { ...event, event: '' }])).toEqual([
      { path: '1.event', message: analyticsMessages.eventName },
    ]);
    expect(issues([{ ...event, timestamp: 'yesterday' }])).toEqual([
      { path: '0.timestamp', message: analyticsMessages.timestamp },
    ]);
    expect(issues([{ ...event, sessionId: 'short' }])).toEqual([
      { path: '0.sessionId', message: analyticsMessages.sessionId },
    ]);
    expect(issues([{ ...event, properties: 'url' }])).toEqual([
      { path: '0.properties', message: analyticsMessages.properties },
    ]);
    expect(issues([{ ...event, event: 'drop table;' }])[0]?.path).toBe('0.event');
  });

  it('wants a non-empty array', () => {
    expect(issues(event)).toEqual([{ path: '', message: analyticsMessages.notAnArray }]);
    expect(issues([])).toEqual([{ path: '', message: analyticsMessages.emptyBatch }]);
  });
});
