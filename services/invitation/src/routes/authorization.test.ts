import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GMAIL_SEND_SCOPE, invitationResponseSchema } from '@listready/contracts';
import { invitations, userGroupMemberships, userGroups } from '@listready/db';
import { startFakeHttpServer } from '@listready/messaging/testing';
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
  startTestInvitationService,
  type TestInvitationService,
  type TestUser,
} from '../testing/test-invitation-service.ts';

/**
 * Who may call every route of the invitation service, as data: a seller (A), a member of A's
 * household, a seller outside it (B), A's agent, another agent, and nobody signed in. A route the
 * service registers without a row here fails the test.
 */
describe('authorization on every invitation route', () => {
  const database = useTestDatabase();
  let service: TestInvitationService;
  let google: Awaited<ReturnType<typeof startFakeHttpServer>>;
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
    google = await startFakeHttpServer(() => ({
      status: 200,
      body: { access_token: 'a', expires_in: 3599, refresh_token: 'r', scope: GMAIL_SEND_SCOPE },
    }));
    service = await startTestInvitationService(database.current, {
      env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' },
      deps: { googleOAuth: { tokenUrl: `${google.url}/token` } },
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
  afterAll(async () => {
    await service.stop();
    await google.close();
  });

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
  /** The state of a consent `users.agent` started. */
  const agentsState = async () => {
    const response = await call('agent', 'GET', '/api/google-oauth-setup');
    return must(new URL(response.json<{ authUrl: string }>().authUrl).searchParams.get('state'));
  };

  const rows = (): AuthorizationRow[] => [
    {
      route: 'POST /api/invitations',
      what: 'an agent invites a client',
      request: async () => ({
        url: '/api/invitations',
        payload: { name: 'New Client', email: newAddress(), type: 'agent-to-client' },
      }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'POST /api/invitations',
      what: 'a seller invites an agent',
      request: async () => ({
        url: '/api/invitations',
        payload: { name: 'New Agent', email: newAddress(), type: 'client-to-agent' },
      }),
      expected: statuses(401, 200, 200, 200, 403, 403),
    },
    {
      route: 'POST /api/accept-invitation',
      what: "a seller's invitation to an agent (any agent may accept it)",
      request: async () => ({
        url: '/api/accept-invitation',
        payload: {
          invitationId: await invitation(await service.signUp('client'), newAddress(), 'client-to-agent'),
        },
      }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'POST /api/accept-invitation',
      what: "the agent's invitation to the seller (only the invited address)",
      request: async () => ({
        url: '/api/accept-invitation',
        payload: { invitationId: await invitation(users.agent, users.seller.email, 'agent-to-client') },
      }),
      expected: statuses(401, 200, 403, 403, 403, 403),
    },
    {
      route: 'GET /api/google-oauth-setup',
      what: 'the consent URL',
      request: async () => ({ url: '/api/google-oauth-setup' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'GET /api/google-oauth-callback',
      what: "the return from a consent the seller's agent started",
      request: async () => ({ url: `/api/google-oauth-callback?code=c&state=${await agentsState()}` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
  ];

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(service.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(service.app, users, rows())).toEqual([]);
  });
});
