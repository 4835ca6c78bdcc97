import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarFeedSchema,
  customTaskSchema,
  taskEntriesSchema,
  userGroupSchema,
} from '@listready/contracts';
import { clients } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  authorizationFailures,
  registeredApiRoutes,
  routesOf,
  statuses,
  type AuthorizationRow,
  type Caller,
} from '@listready/service-kit/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

/**
 * Who may do what on every route of the journey service, as data: the seller (A), a member of A's
 * household, a seller outside it (B), A's agent, another agent, and nobody signed in. A route the
 * service registers without a row here fails the test.
 */
describe('authorization on every journey route', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
  let sellerClientId = '';
  let taskId = '';
  let groupId = '';
  let inviteCode = '';

  const call = (caller: Caller, method: string, url: string, payload?: object) =>
    journey.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      ...(caller === 'anonymous' ? {} : as(users[caller])),
    });
  const customTask = async () => {
    const response = await call('seller', 'POST', '/api/clients/current/custom-tasks', {
      title: 'Fix the gate',
    });
    return customTaskSchema.parse(response.json()).id;
  };
  const freshMember = async () => {
    const member = await journey.signUp('client');
    await journey.app.inject({
      method: 'POST',
      url: '/api/user-groups/join',
      payload: { inviteCode },
      ...as(member),
    });
    return member.userId;
  };

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    users.seller = await journey.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
    users.member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    users.otherSeller = await journey.signUp('client');
    users.agent = await journey.signUp('agent');
    users.otherAgent = await journey.signUp('agent');
    sellerClientId = must(await journey.clientOf(users.seller.userId)).id;
    await database.current.db
      .update(clients)
      .set({ agentId: users.agent.agentId })
      .where(eq(clients.id, sellerClientId));
    const group = userGroupSchema.parse(
      (await call('seller', 'POST', '/api/user-groups', { name: 'Household' })).json(),
    );
    groupId = group.id;
    inviteCode = group.inviteCode;
    await call('member', 'POST', '/api/user-groups/join', { inviteCode });
    const tasks = taskEntriesSchema.parse((await call('seller', 'GET', '/api/clients/current/tasks')).json());
    taskId = must(tasks[0]).id;
  });
  afterAll(() => journey.stop());

  /** A new feed address of the seller's, as a path (each call revokes the one before). */
  const sellerFeedPath = async () => {
    const feed = calendarFeedSchema.parse((await call('seller', 'POST', '/api/calendar/feed')).json());
    return new URL(must(feed.url)).pathname;
  };

  const ofSeller = (path: string) => `${path}?clientId=${sellerClientId}`;
  const fixed = (url: string, payload?: object) => async () => ({ url, ...(payload ? { payload } : {}) });

  const rows = (): AuthorizationRow[] => [
    // The seller's journey, named by ?clientId=: the household works it, the agent reads it.
    {
      route: 'GET /api/clients/current/profile',
      request: fixed(ofSeller('/api/clients/current/profile')),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/journey',
      request: fixed(ofSeller('/api/clients/current/journey')),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/tasks',
      request: fixed(ofSeller('/api/clients/current/tasks')),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/households',
      request: fixed('/api/clients/current/households'),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'GET /api/clients/current/custom-tasks',
      request: fixed(ofSeller('/api/clients/current/custom-tasks')),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'POST /api/clients/current/custom-tasks',
      request: fixed(ofSeller('/api/clients/current/custom-tasks'), { title: 'Call the stager' }),
      expected: statuses(401, 201, 201, 404, 403, 404),
    },
    {
      route: 'PUT /api/clients/current/custom-tasks/:id',
      request: async () => ({
        url: ofSeller(`/api/clients/current/custom-tasks/${await customTask()}`),
        payload: { status: 'completed' },
      }),
      expected: statuses(401, 200, 200, 404, 403, 404),
    },
    {
      route: 'DELETE /api/clients/current/custom-tasks/:id',
      request: async () => ({ url: ofSeller(`/api/clients/current/custom-tasks/${await customTask()}`) }),
      expected: statuses(401, 204, 403, 404, 403, 404),
    },
    {
      route: 'PUT /api/client-tasks/:id',
      request: async () => ({ url: `/api/client-tasks/${taskId}`, payload: { notes: 'Checked' } }),
      expected: statuses(401, 200, 200, 404, 403, 404),
    },
    // Each person's own calendar feed; the feed itself opens with its token alone (no session).
    {
      route: 'GET /api/calendar/feed',
      request: fixed('/api/calendar/feed'),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/calendar/feed',
      request: fixed('/api/calendar/feed'),
      expected: statuses(401, 201, 201, 201, 201, 201),
    },
    {
      route: 'DELETE /api/calendar/feed',
      request: fixed('/api/calendar/feed'),
      expected: statuses(401, 204, 204, 204, 204, 204),
    },
    {
      route: 'GET /api/calendar/:file',
      what: "the seller's feed",
      request: async () => ({ url: await sellerFeedPath() }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      route: 'GET /api/calendar/:file',
      what: 'a revoked feed',
      request: async () => {
        const revoked = await sellerFeedPath();
        await sellerFeedPath();
        return { url: revoked };
      },
      expected: statuses(404, 404, 404, 404, 404, 404),
    },
    // The agent's own dashboard data.
    {
      route: 'GET /api/agents/:agentId/stats',
      request: async () => ({ url: `/api/agents/${users.agent.agentId}/stats` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'GET /api/agents/:agentId/clients',
      request: async () => ({ url: `/api/agents/${users.agent.agentId}/clients` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'GET /api/agents/:agentId/insights',
      request: async () => ({ url: `/api/agents/${users.agent.agentId}/insights` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    // Groups: anyone signed in; the seller's group is edited by its owner and admins only.
    {
      route: 'GET /api/user-groups',
      request: fixed('/api/user-groups'),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/user-groups',
      request: fixed('/api/user-groups', { name: 'Another' }),
      expected: statuses(401, 201, 201, 201, 201, 201),
    },
    {
      route: 'POST /api/user-groups/join',
      request: async () => {
        const owner = await journey.signUp('client');
        const group = userGroupSchema.parse(
          (
            await journey.app.inject({
              method: 'POST',
              url: '/api/user-groups',
              payload: { name: 'Open' },
              ...as(owner),
            })
          ).json(),
        );
        return { url: '/api/user-groups/join', payload: { inviteCode: group.inviteCode } };
      },
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'PUT /api/user-groups/:id',
      request: async () => ({ url: `/api/user-groups/${groupId}`, payload: { name: 'Renamed' } }),
      expected: statuses(401, 200, 403, 404, 404, 404),
    },
    {
      route: 'PUT /api/user-groups/:id/members/:userId',
      request: async () => ({
        url: `/api/user-groups/${groupId}/members/${await freshMember()}`,
        payload: { role: 'admin' },
      }),
      expected: statuses(401, 200, 403, 404, 404, 404),
    },
    {
      route: 'DELETE /api/user-groups/:id/members/:userId',
      request: async () => ({ url: `/api/user-groups/${groupId}/members/${await freshMember()}` }),
      expected: statuses(401, 204, 403, 404, 404, 404),
    },
  ];

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(journey.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(journey.app, users, rows())).toEqual([]);
  });

  it('without ?clientId= sellers get their own journey and agents are told it is for sellers', async () => {
    for (const [caller, status] of [
      ['anonymous', 401],
      ['seller', 200],
      ['member', 200],
      ['otherSeller', 200],
      ['agent', 403],
      ['otherAgent', 403],
    ] as const) {
      expect((await call(caller, 'GET', '/api/clients/current/tasks')).statusCode, caller).toBe(status);
    }
  });
});
