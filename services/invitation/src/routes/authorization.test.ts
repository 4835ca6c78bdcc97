import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationResponseSchema } from '@listready/contracts';
import { invitations, userGroupMemberships, userGroups } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  authorizationFailures,
  invitationAuthorizationRows,
  registeredApiRoutes,
  routesOf,
  type Caller,
} from '@listready/service-kit/testing';
import {
  as,
  must,
  startTestInvitationService,
  type TestInvitationService,
  type TestUser,
} from '../testing/test-invitation-service.ts';

/**
 * Who may call every route of the invitation service, as data: a seller (A), a member of A's
 * household, a seller outside it (B), A's agent, another agent, and nobody signed in. A route the
 * service registers without a row in the platform's table fails the test.
 */
describe('authorization on every invitation route', () => {
  const database = useTestDatabase();
  let service: TestInvitationService;
  const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
  let sequence = 0;
  const newAddress = () => `authz-${Date.now()}-${++sequence}@example.com`;

  const call = (caller: Caller, method: string, url: string, payload?: object) =>
    service.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
      ...(caller === 'anonymous' ? {} : as(users[caller])),
    });

  beforeAll(async () => {
    // A Google client configured; Google itself is never called (the callback row carries its refusal).
    service = await startTestInvitationService(database.current, {
      env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' },
    });
    const unlimited = { agent: { inviteLimit: 1_000 } };
    users.agent = await service.signUp('agent', unlimited);
    users.otherAgent = await service.signUp('agent', unlimited);
    users.seller = await service.signUp('client', { linkedAgentId: must(users.agent.agentId) });
    users.member = await service.signUp('client');
    users.otherSeller = await service.signUp('client');
    const [group] = await database.current.db
      .insert(userGroups)
      .values({ name: 'Household', ownerId: users.seller.userId, inviteCode: 'AUTHZ001' })
      .returning();
    await database.current.db.insert(userGroupMemberships).values([
      { groupId: must(group).id, userId: users.seller.userId, role: 'owner' },
      { groupId: must(group).id, userId: users.member.userId },
    ]);
  });
  afterAll(() => service.stop());

  /** A pending invitation sent by `by`; earlier pending ones to the same address are let lapse. */
  const invitation = async (by: TestUser, email: string, type: 'agent-to-client' | 'client-to-agent') => {
    await database.current.db
      .update(invitations)
      .set({ status: 'expired' })
      .where(and(eq(invitations.inviteeEmail, email), eq(invitations.status, 'pending')));
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { name: 'Authz', email, type },
      ...as(by),
    });
    return invitationResponseSchema.parse(response.json()).invitationId;
  };

  // The invitation part of the platform's one table (libs/service-kit/src/testing/authorization-table.ts).
  const rows = () =>
    invitationAuthorizationRows({
      people: users,
      newAddress,
      newSellersInvitationToAnAgent: async () =>
        invitation(await service.signUp('client'), newAddress(), 'client-to-agent'),
      newAgentsInvitationToTheSeller: () => invitation(users.agent, users.seller.email, 'agent-to-client'),
      agentsConsentState: async () => {
        const response = await call('agent', 'GET', '/api/google-oauth-setup');
        return must(new URL(response.json<{ authUrl: string }>().authUrl).searchParams.get('state'));
      },
    });

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(service.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(service.app, users, rows())).toEqual([]);
  });
});
