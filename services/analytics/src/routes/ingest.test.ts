import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, analyticsMessages, type UsageEvent } from '@listready/contracts';
import { analyticsEvents, analyticsSessions } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  aUsageEvent,
  as,
  must,
  startTestAnalyticsService,
  type TestAnalyticsService,
  type TestUser,
} from '../testing/test-analytics-service.ts';

describe('POST /api/analytics', () => {
  const database = useTestDatabase();
  let analytics: TestAnalyticsService;
  let seller: TestUser;
  beforeAll(async () => {
    analytics = await startTestAnalyticsService(database.current, {
      env: { ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE: '1000' },
    });
    seller = await analytics.signUp('client');
  });
  afterAll(() => analytics.stop());

  const send = (
    batch: unknown,
    options: { as?: TestUser; contentType?: string; ip?: string; userAgent?: string } = {},
  ) =>
    analytics.app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: {
        'content-type': options.contentType ?? 'application/json',
        'x-forwarded-for': options.ip ?? '203.0.113.77',
        'user-agent': options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140',
      },
      payload: typeof batch === 'string' ? batch : JSON.stringify(batch),
      ...(options.as ? as(options.as) : {}),
    });
  const eventsOf = (sessionId: string) =>
    database.current.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
  const sessionRow = async (sessionId: string) =>
    must(
      (
        await database.current.db
          .select()
          .from(analyticsSessions)
          .where(eq(analyticsSessions.sessionId, sessionId))
      )[0],
      'session row',
    );
  const newSessionId = () => `session-${crypto.randomUUID()}`;

  it('stores a visitor’s batch without a user, and the session with its counts, agent and /24', async () => {
    const sessionId = newSessionId();
    const response = await send([
      aUsageEvent({ sessionId, timestamp: '2020-01-01T10:00:00.000Z' }),
      aUsageEvent({
        sessionId,
        event: 'click',
        timestamp: '2020-01-01T10:00:05.000Z',
        properties: { text: 'Get Started', url: 'http://listready.test/' },
        // Claimed, not believed: a visitor's events belong to nobody.
        userId: seller.userId,
      }),
    ]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await eventsOf(sessionId);
    expect(rows.map((row) => [row.event, row.userId])).toEqual(
      expect.arrayContaining([
        ['page_view', null],
        ['click', null],
      ]),
    );
    expect(await sessionRow(sessionId)).toMatchObject({
      userId: null,
      pageViews: 1,
      events: 2,
      startTime: new Date('2020-01-01T10:00:00.000Z'),
      lastEventAt: new Date('2020-01-01T10:00:05.000Z'),
      endTime: null,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140',
      ipAddress: '203.0.113.0',
    });
  });

  it('records a signed-in user’s events as theirs, whatever the events say', async () => {
    const sessionId = newSessionId();
    const response = await send([aUsageEvent({ sessionId, userId: 'someone-else' })], { as: seller });
    expect(response.statusCode).toBe(202);
    expect((await eventsOf(sessionId)).map((row) => row.userId)).toEqual([seller.userId]);
    expect((await sessionRow(sessionId)).userId).toBe(seller.userId);
  });

  it('reads sendBeacon’s text/plain body as JSON', async () => {
    const sessionId = newSessionId();
    const response = await send(JSON.stringify([aUsageEvent({ sessionId })]), {
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(202);
    expect(await eventsOf(sessionId)).toHaveLength(1);
    const broken = await send('[{"event":', { contentType: 'text/plain;charset=UTF-8' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('answers 413 beyond 100 events or 64 KB, storing nothing', async () => {
    const sessionId = newSessionId();
    const tooMany = Array.from({ length: ANALYTICS_LIMITS.maxEventsPerBatch + 1 }, () =>
      aUsageEvent({ sessionId }),
    );
    const many = await send(tooMany);
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ message: analyticsMessages.tooManyEvents, code: 'PAYLOAD_TOO_LARGE' });
    expect((await send(tooMany.slice(0, 100))).statusCode).toBe(202);

    const bigSession = newSessionId();
    const big = [aUsageEvent({ sessionId: bigSession, properties: { text: 'x'.repeat(70_000) } })];
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await send(big, { contentType });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await eventsOf(bigSession)).toEqual([]);
  });

  it('answers 400 naming the field of a bad event, storing none of the batch', async () => {
    const sessionId = newSessionId();
    const response = await send([aUsageEvent({ sessionId }), { ...aUsageEvent({ sessionId }), event: '' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: analyticsMessages.eventName,
      issues: [{ path: '1.event', message: analyticsMessages.eventName }],
    });
    const noTime = await send([{ ...aUsageEvent({ sessionId }), timestamp: undefined }]);
    expect(noTime.json()).toMatchObject({ issues: [{ path: '0.timestamp' }] });
    expect((await send({ event: 'page_view' })).json()).toMatchObject({
      message: analyticsMessages.notAnArray,
    });
    expect((await send([])).json()).toMatchObject({ message: analyticsMessages.emptyBatch });
    expect((await send('not json')).statusCode).toBe(400);
    expect(await eventsOf(sessionId)).toEqual([]);
  });

  it('keeps secrets out of properties and pins future timestamps to arrival', async () => {
    const sessionId = newSessionId();
    const arrival = new Date('2030-06-01T12:00:00.000Z');
    analytics.setNow(arrival);
    try {
      await send(
        [
          aUsageEvent({
            sessionId,
            event: 'form_submit',
            timestamp: '2099-01-01T00:00:00.000Z',
            properties: {
              url: 'http://listready.test/auth',
              formId: 'sign-in',
              password: 'hunter2',
              fields: { confirmPassword: 'hunter2', count: 3 },
              authToken: 'abc',
            },
          }),
        ],
        { as: seller },
      );
    } finally {
      analytics.setNow(null);
    }
    const [row] = await eventsOf(sessionId);
    expect(row?.properties).toEqual({
      url: 'http://listready.test/auth',
      formId: 'sign-in',
      fields: { count: 3 },
    });
    expect(row?.timestamp).toEqual(arrival);
  });

  describe('sessions across batches', () => {
    const at = (seconds: number) => new Date(Date.UTC(2020, 0, 2, 9, 0, seconds)).toISOString();
    const batch = (sessionId: string, ...items: [string, number][]): UsageEvent[] =>
      items.map(([event, seconds]) => aUsageEvent({ sessionId, event, timestamp: at(seconds) }));

    it('adds up counts, ends on session_end and reopens when events follow', async () => {
      const sessionId = newSessionId();
      await send(batch(sessionId, ['page_view', 10], ['click', 20]), { as: seller });
      await send(batch(sessionId, ['page_view', 30], ['session_end', 40]), { as: seller });
      expect(await sessionRow(sessionId)).toMatchObject({
        pageViews: 2,
        events: 4,
        startTime: new Date(at(10)),
        endTime: new Date(at(40)),
      });
      // A late beacon from before the end does not reopen it…
      await send(batch(sessionId, ['click', 35]), { as: seller });
      expect((await sessionRow(sessionId)).endTime).toEqual(new Date(at(40)));
      // …a reload after it does.
      await send(batch(sessionId, ['page_view', 50]), { as: seller });
      expect(await sessionRow(sessionId)).toMatchObject({ endTime: null, events: 6, pageViews: 3 });
    });

    it('belongs to the first user seen: claimed at sign-in, never changed by someone else', async () => {
      const sessionId = newSessionId();
      await send(batch(sessionId, ['page_view', 1]));
      await send(batch(sessionId, ['app_initialized', 2]), { as: seller });
      expect(await sessionRow(sessionId)).toMatchObject({ userId: seller.userId, events: 2 });

      const intruder = await analytics.signUp('client');
      await send(batch(sessionId, ['page_view', 3], ['session_end', 4]), { as: intruder });
      await send(batch(sessionId, ['page_view', 5], ['session_end', 6]));
      expect(await sessionRow(sessionId)).toMatchObject({ userId: seller.userId, events: 2, endTime: null });
    });

    it('records an event sent again (same session and event id) once, in the events and the counts', async () => {
      const sessionId = newSessionId();
      const first = batch(sessionId, ['page_view', 1], ['click', 2]).map((event) => ({
        ...event,
        eventId: crypto.randomUUID(),
      }));
      expect((await send(first, { as: seller })).statusCode).toBe(202);
      // The answer was lost: the tracker sends the batch again, with one new event, and one twice.
      const [, click] = first;
      const again = [...first, ...batch(sessionId, ['page_view', 3]), must(click, 'click')].map((event) => ({
        ...event,
        eventId: event.eventId ?? crypto.randomUUID(),
      }));
      expect((await send(again, { as: seller })).statusCode).toBe(202);
      expect((await eventsOf(sessionId)).map((row) => row.event).sort()).toEqual([
        'click',
        'page_view',
        'page_view',
      ]);
      expect(await sessionRow(sessionId)).toMatchObject({ pageViews: 2, events: 3 });
      // All of it again: nothing new, nothing counted.
      await send(again, { as: seller });
      expect(await eventsOf(sessionId)).toHaveLength(3);
      expect(await sessionRow(sessionId)).toMatchObject({ pageViews: 2, events: 3 });
      // Another session may use the same ids (they are the tracker's, per session).
      const otherSession = newSessionId();
      await send(
        first.map((event) => ({ ...event, sessionId: otherSession })),
        { as: seller },
      );
      expect(await eventsOf(otherSession)).toHaveLength(2);
    });

    it('refuses an event id that is not a UUID, naming the field', async () => {
      const response = await send([{ ...aUsageEvent({ sessionId: newSessionId() }), eventId: 'twice' }]);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(analyticsMessages.eventId);
    });

    it('is ended by its end alone from a signed-out page (the tracker right after sign-out)', async () => {
      const sessionId = newSessionId();
      await send(batch(sessionId, ['page_view', 1], ['click', 2]), { as: seller });
      await send(batch(sessionId, ['session_end', 3]));
      expect(await sessionRow(sessionId)).toMatchObject({
        userId: seller.userId,
        events: 2,
        endTime: new Date(at(3)),
      });
    });
  });
});

describe('POST /api/analytics rate limit for visitors', () => {
  const database = useTestDatabase();
  let analytics: TestAnalyticsService;
  beforeAll(async () => {
    analytics = await startTestAnalyticsService(database.current, {
      env: { ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE: '2' },
    });
  });
  afterAll(() => analytics.stop());

  const send = (ip: string, user?: TestUser) =>
    analytics.app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: { 'x-forwarded-for': ip },
      payload: [aUsageEvent()],
      ...(user ? as(user) : {}),
    });

  it('counts a visitor’s batches per address; signed-in users are not limited by it', async () => {
    expect((await send('198.51.100.1')).statusCode).toBe(202);
    expect((await send('198.51.100.1')).statusCode).toBe(202);
    const limited = await send('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: analyticsMessages.rateLimited, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('198.51.100.2')).statusCode).toBe(202);
    const seller = await analytics.signUp('client');
    for (let index = 0; index < 3; index += 1)
      expect((await send('198.51.100.1', seller)).statusCode).toBe(202);
  });
});
