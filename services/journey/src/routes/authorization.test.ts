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
  journeyAuthorizationRows,
  registeredApiRoutes,
  routesOf,
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
 * service registers without a row in the platform's table fails the test.
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

  /** A member of the seller's household who joined for one row; the one before is let go first. */
  let spareMember: string | undefined;
  const newHouseholdMember = async () => {
    // A household holds 10 (owner included): the seller, the member and one spare at most here.
    if (spareMember) await call('seller', 'DELETE', `/api/user-groups/${groupId}/members/${spareMember}`);
    const member = await journey.signUp('client');
    const joined = await journey.app.inject({
      method: 'POST',
      url: '/api/user-groups/join',
      payload: { inviteCode },
      ...as(member),
    });
    expect(joined.statusCode).toBe(200);
    spareMember = member.userId;
    return member.userId;
  };

  // The journey part of the platform's one table (libs/service-kit/src/testing/authorization-table.ts).
  const rows = () =>
    journeyAuthorizationRows({
      people: users,
      sellerClientId,
      sellerTaskId: taskId,
      householdId: groupId,
      newCustomTaskOfTheSeller: async () =>
        customTaskSchema.parse(
          (
            await call('seller', 'POST', '/api/clients/current/custom-tasks', { title: 'Fix the gate' })
          ).json(),
        ).id,
      newHouseholdMember,
      newGroupInviteCode: async () => {
        const owner = await journey.signUp('client');
        const created = await journey.app.inject({
          method: 'POST',
          url: '/api/user-groups',
          payload: { name: 'Open' },
          ...as(owner),
        });
        return userGroupSchema.parse(created.json()).inviteCode;
      },
      newGroupOfTheSeller: async () => {
        const group = userGroupSchema.parse(
          (await call('seller', 'POST', '/api/user-groups', { name: 'To delete' })).json(),
        );
        expect(
          (await call('member', 'POST', '/api/user-groups/join', { inviteCode: group.inviteCode }))
            .statusCode,
        ).toBe(200);
        return group.id;
      },
      newFeedPathOfTheSeller: async () => {
        const feed = calendarFeedSchema.parse((await call('seller', 'POST', '/api/calendar/feed')).json());
        return new URL(must(feed.url)).pathname;
      },
    });

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
