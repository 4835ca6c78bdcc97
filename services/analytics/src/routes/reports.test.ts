import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsRealtimeSchema,
  analyticsStatsSchema,
  type AnalyticsRealtime,
  type AnalyticsStats,
  type UsageEvent,
} from '@listready/contracts';
import { analyticsEvents, analyticsProcessedEvents, analyticsSessions } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  aUsageEvent,
  as,
  startTestAnalyticsService,
  type TestAnalyticsService,
  type TestUser,
} from '../testing/test-analytics-service.ts';

/** "Now" of every test here: the service's clock is fixed to it. */
const NOW = new Date('2026-03-10T15:20:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('the agent’s stats and realtime views', () => {
  const database = useTestDatabase();
  let analytics: TestAnalyticsService;
  /** Agent A with sellers A1 and A2; agent B with seller B1; a seller with no agent. */
  const people = {} as Record<
    'agentA' | 'sellerA1' | 'sellerA2' | 'agentB' | 'sellerB1' | 'loneSeller',
    TestUser
  >;

  const send = (user: TestUser | null, events: UsageEvent[]) =>
    analytics.app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: events,
      ...(user ? as(user) : {}),
    });
  const stats = async (user: TestUser): Promise<AnalyticsStats> => {
    const response = await analytics.app.inject({ url: '/api/analytics/stats', ...as(user) });
    expect(response.statusCode).toBe(200);
    return analyticsStatsSchema.parse(response.json());
  };
  const realtime = async (user: TestUser): Promise<AnalyticsRealtime> => {
    const response = await analytics.app.inject({ url: '/api/analytics/realtime', ...as(user) });
    expect(response.statusCode).toBe(200);
    return analyticsRealtimeSchema.parse(response.json());
  };
  const events = (sessionId: string, ...items: [event: string, minutesBefore: number][]) =>
    items.map(([event, minutes]) =>
      aUsageEvent({
        sessionId,
        event,
        timestamp: minutesAgo(minutes),
        properties: { url: `http://listready.test/${event}` },
      }),
    );

  beforeAll(async () => {
    analytics = await startTestAnalyticsService(database.current);
    analytics.setNow(NOW);
    people.agentA = await analytics.signUp('agent', { name: ['Rita', 'Agent'] });
    people.sellerA1 = await analytics.signUp('client', { agentOf: people.agentA, name: ['Maya', 'Ortiz'] });
    people.sellerA2 = await analytics.signUp('client', { agentOf: people.agentA });
    people.agentB = await analytics.signUp('agent');
    people.sellerB1 = await analytics.signUp('client', { agentOf: people.agentB });
    people.loneSeller = await analytics.signUp('client');

    // Agent A's own session, still going.
    await send(people.agentA, events('agent-a-session-0001', ['page_view', 5], ['click', 4]));
    // Seller A1: an old session (two days ago) and one that ended a minute ago.
    await send(
      people.sellerA1,
      events('seller-a1-old-00001', ['page_view', 2 * 24 * 60], ['click', 2 * 24 * 60 - 1]),
    );
    await send(
      people.sellerA1,
      events('seller-a1-recent-0001', ['page_view', 10], ['click', 9], ['click', 8], ['session_end', 1]),
    );
    // Seller A2: active 40 minutes ago (outside the realtime window), within the last day.
    await send(people.sellerA2, events('seller-a2-session-01', ['page_view', 45], ['task_action', 40]));
    // Agent B's world, the lone seller and a visitor: never in A's figures.
    await send(people.agentB, events('agent-b-session-0001', ['page_view', 3]));
    await send(people.sellerB1, events('seller-b1-session-01', ['page_view', 2], ['click', 2], ['click', 1]));
    await send(people.loneSeller, events('lone-seller-session1', ['page_view', 2]));
    await send(null, events('visitor-session-00001', ['page_view', 1], ['click', 1]));
  });
  afterAll(() => analytics.stop());

  it('counts agent A’s own usage and their clients’, nobody else’s', async () => {
    const figures = await stats(people.agentA);
    expect(figures).toMatchObject({ totalEvents: 10, totalSessions: 4, uniqueUsers: 3 });
    expect(figures.topEvents).toEqual([
      { event: 'click', count: 4 },
      { event: 'page_view', count: 4 },
      { event: 'session_end', count: 1 },
      { event: 'task_action', count: 1 },
    ]);
  });

  it('counts events per hour over the last day, oldest first, the current hour last', async () => {
    const { eventsPerHour } = await stats(people.agentA);
    expect(eventsPerHour).toHaveLength(24);
    expect(eventsPerHour[0]?.hour).toBe('2026-03-09T16:00:00.000Z');
    expect(eventsPerHour.at(-1)?.hour).toBe('2026-03-10T15:00:00.000Z');
    // 15:20 now: A's and A1's six events fall in the 15:00 hour, A2's two (14:35, 14:40) in 14:00;
    // A1's old session is two days back.
    expect(eventsPerHour.at(-1)?.count).toBe(6);
    expect(eventsPerHour.at(-2)).toEqual({ hour: '2026-03-10T14:00:00.000Z', count: 2 });
    expect(eventsPerHour.reduce((sum, hour) => sum + hour.count, 0)).toBe(8);
  });

  it('gives agent B only B’s world', async () => {
    expect(await stats(people.agentB)).toMatchObject({
      totalEvents: 4,
      totalSessions: 2,
      uniqueUsers: 2,
      topEvents: [
        { event: 'page_view', count: 2 },
        { event: 'click', count: 2 },
      ].sort((a, b) => (a.event < b.event ? -1 : 1)),
    });
    const view = await realtime(people.agentB);
    expect(new Set(view.recentEvents.map((event) => event.userId))).toEqual(
      new Set([people.agentB.userId, people.sellerB1.userId]),
    );
  });

  it('lists the last day’s newest events with their page, newest first', async () => {
    const view = await realtime(people.agentA);
    expect(view.recentEvents.map((event) => [event.event, event.timestamp])).toEqual([
      ['session_end', minutesAgo(1)],
      ['click', minutesAgo(4)],
      ['page_view', minutesAgo(5)],
      ['click', minutesAgo(8)],
      ['click', minutesAgo(9)],
      ['page_view', minutesAgo(10)],
      ['task_action', minutesAgo(40)],
      ['page_view', minutesAgo(45)],
    ]);
    expect(view.recentEvents[0]).toMatchObject({
      pageUrl: 'http://listready.test/session_end',
      userId: people.sellerA1.userId,
      userName: 'Maya Ortiz',
    });
    expect(view.recentEvents[1]).toMatchObject({ userId: people.agentA.userId, userName: 'Rita Agent' });
  });

  it('shows at most 20 recent events', async () => {
    const busy = await analytics.signUp('client', { agentOf: people.agentB });
    await send(
      busy,
      Array.from({ length: 30 }, (_, index) =>
        aUsageEvent({ sessionId: 'busy-seller-session-1', event: 'click', timestamp: minutesAgo(index + 1) }),
      ),
    );
    const view = await realtime(people.agentB);
    expect(view.recentEvents).toHaveLength(20);
    expect(view.recentEvents[0]?.timestamp).toBe(minutesAgo(1));
  });

  it('lists the sessions seen in the last 30 minutes, ended ones as ended, by their last 8 characters', async () => {
    const view = await realtime(people.agentA);
    expect(view.activeSessions).toEqual([
      {
        sessionId: 'ent-0001',
        userId: people.sellerA1.userId,
        userName: 'Maya Ortiz',
        pageViews: 1,
        events: 4,
        startTime: minutesAgo(10),
        endTime: minutesAgo(1),
        lastEventAt: minutesAgo(1),
      },
      {
        sessionId: 'ion-0001',
        userId: people.agentA.userId,
        userName: 'Rita Agent',
        pageViews: 1,
        events: 2,
        startTime: minutesAgo(5),
        endTime: null,
        lastEventAt: minutesAgo(4),
      },
    ]);
    // Only the agent's own session is open: seller A1's ended, A2's is 40 minutes quiet.
    expect(view.activeUsers).toBe(1);
  });

  it('keeps agents’ views to agents: 401 signed out, 403 for sellers', async () => {
    for (const url of ['/api/analytics/stats', '/api/analytics/realtime']) {
      expect((await analytics.app.inject({ url })).statusCode).toBe(401);
      const seller = await analytics.app.inject({ url, ...as(people.sellerA1) });
      expect(seller.statusCode).toBe(403);
      expect(seller.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('changes nothing by reading (STYLE.md: reads never write)', async () => {
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          database.current.db.select().from(analyticsEvents).orderBy(analyticsEvents.id),
          database.current.db.select().from(analyticsSessions).orderBy(analyticsSessions.sessionId),
          database.current.db.select().from(analyticsProcessedEvents),
        ]),
      );
    const before = await snapshot();
    await stats(people.agentA);
    await realtime(people.agentA);
    expect(await snapshot()).toBe(before);
  });

  it('answers an agent with no clients and no usage with zeros', async () => {
    const newcomer = await analytics.signUp('agent');
    const figures = await stats(newcomer);
    expect(figures).toMatchObject({ totalEvents: 0, totalSessions: 0, uniqueUsers: 0, topEvents: [] });
    expect(figures.eventsPerHour.every((hour) => hour.count === 0)).toBe(true);
    expect(await realtime(newcomer)).toEqual({ activeUsers: 0, recentEvents: [], activeSessions: [] });
  });
});
