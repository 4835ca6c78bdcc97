import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRealtimeSchema, analyticsStatsSchema } from '@listready/contracts';
import { userGroupMemberships, userGroups } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  analyticsAuthorizationRows,
  authorizationFailures,
  CALLERS,
  registeredApiRoutes,
  routesOf,
  type Caller,
} from '@listready/service-kit/testing';
import {
  aUsageEvent,
  as,
  must,
  startTestAnalyticsService,
  type TestAnalyticsService,
  type TestUser,
} from '../testing/test-analytics-service.ts';

/**
 * Who may do what on every route of the analytics service, as data: the seller (A), a member of
 * A's household, a seller outside it (B), A's agent, another agent, and nobody signed in. A route
 * the service registers without a row in the platform's table fails the test. Every caller gets an
 * answer from the agent routes' status alone; what an agent sees is checked below (their own world
 * only).
 */
describe('authorization on every analytics route', () => {
  const database = useTestDatabase();
  let analytics: TestAnalyticsService;
  const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;

  const call = (caller: Caller, method: string, url: string, payload?: unknown) =>
    analytics.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(caller === 'anonymous' ? {} : as(users[caller])),
    });

  beforeAll(async () => {
    analytics = await startTestAnalyticsService(database.current);
    users.agent = await analytics.signUp('agent');
    users.otherAgent = await analytics.signUp('agent');
    users.seller = await analytics.signUp('client', { agentOf: users.agent });
    users.member = await analytics.signUp('client');
    users.otherSeller = await analytics.signUp('client', { agentOf: users.otherAgent });
    const [group] = await database.current.db
      .insert(userGroups)
      .values({ name: 'Household', ownerId: users.seller.userId, inviteCode: 'HOUSE234' })
      .returning();
    await database.current.db.insert(userGroupMemberships).values([
      { groupId: must(group).id, userId: users.seller.userId, role: 'owner' },
      { groupId: must(group).id, userId: users.member.userId },
    ]);
  });
  afterAll(() => analytics.stop());

  // The analytics part of the platform's one table (libs/service-kit/src/testing/authorization-table.ts).
  const rows = () => analyticsAuthorizationRows({ people: users, newUsageEvent: () => aUsageEvent() });

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(analytics.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(analytics.app, users, rows())).toEqual([]);
  });

  it('shows each agent their own and their clients’ usage, never the other agent’s or the household’s', async () => {
    for (const caller of CALLERS) {
      await call(caller, 'POST', '/api/analytics', [aUsageEvent({ event: `${caller}_was_here` })]);
    }
    const seen = async (agent: 'agent' | 'otherAgent') => {
      const stats = analyticsStatsSchema.parse((await call(agent, 'GET', '/api/analytics/stats')).json());
      const realtime = analyticsRealtimeSchema.parse(
        (await call(agent, 'GET', '/api/analytics/realtime')).json(),
      );
      return {
        events: new Set(
          stats.topEvents.map((top) => top.event).filter((event) => event.endsWith('_was_here')),
        ),
        users: new Set(realtime.recentEvents.map((event) => event.userId)),
      };
    };
    expect(await seen('agent')).toEqual({
      events: new Set(['agent_was_here', 'seller_was_here']),
      users: new Set([users.agent.userId, users.seller.userId]),
    });
    expect(await seen('otherAgent')).toEqual({
      events: new Set(['otherAgent_was_here', 'otherSeller_was_here']),
      users: new Set([users.otherAgent.userId, users.otherSeller.userId]),
    });
  });
});
