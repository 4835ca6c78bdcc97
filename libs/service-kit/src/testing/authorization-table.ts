import { statuses, type AuthorizationRow, type Caller, type SignedInCaller } from './authorization-matrix.ts';

/**
 * The platform's authorization table: who may call every `/api` route of every service, once. Each
 * service's own authorization test runs its part against the service alone (`app.inject`); the
 * runtime's runs all of them through the gateway of the running platform. A row's requests come
 * from a *world*: the people and the things the rows act on, which each test sets up its own way
 * (a service's test inserts accounts; the platform's signs them up and links them for real).
 */

/** The person behind a caller (a service test's `TestUser` is one). */
export interface Person {
  userId: string;
  email: string;
  /** For agents: their auth.agents id. */
  agentId: string | null;
}
export interface AuthorizationWorld {
  people: Record<SignedInCaller, Person>;
}

export interface AuthAuthorizationWorld extends AuthorizationWorld {
  /** An e-mail address nobody uses yet. */
  newAddress(): string;
  /** A second session of `caller` (its cookie value): signing out ends it. */
  newSession(caller: SignedInCaller): Promise<string>;
  /** A new session of `caller`, by the id their list of sessions gives it (GET /api/auth/user/sessions). */
  newSessionIdOf(caller: SignedInCaller): Promise<string>;
  /** The e-mail and password of an account kept for signing in. */
  signInAccount: { email: string; password: string };
  /** The names a person signed up with (an unchanged profile to save). */
  namesOf(caller: SignedInCaller): { firstName: string; lastName: string };
}

export interface JourneyAuthorizationWorld extends AuthorizationWorld {
  /** The seller's (A's) client id. */
  sellerClientId: string;
  /** One of the seller's predefined tasks. */
  sellerTaskId: string;
  /** The seller's household: a group the seller owns and the member joined. */
  householdId: string;
  /** A new custom task on the seller's journey. */
  newCustomTaskOfTheSeller(): Promise<string>;
  /** The user id of a new account that joined the seller's household. */
  newHouseholdMember(): Promise<string>;
  /** The invite code of a new group that a new account owns. */
  newGroupInviteCode(): Promise<string>;
  /** The id of a new group the seller owns and the member joined (the household's rows need theirs kept). */
  newGroupOfTheSeller(): Promise<string>;
  /** The path of a new calendar feed of the seller's (each new one revokes the one before). */
  newFeedPathOfTheSeller(): Promise<string>;
}

export interface InvitationAuthorizationWorld extends AuthorizationWorld {
  newAddress(): string;
  /** A pending invitation from a new seller to an agent not signed up yet (any agent may accept it). */
  newSellersInvitationToAnAgent(): Promise<string>;
  /** A pending invitation from A's agent to the seller's address. */
  newAgentsInvitationToTheSeller(): Promise<string>;
  /** The `state` of a Google consent A's agent started (GET /api/google-oauth-setup). */
  agentsConsentState(): Promise<string>;
}

export interface BrandingAuthorizationWorld extends AuthorizationWorld {
  /** The address of a logo A's agent uploaded. */
  logoUrl: string;
  /** A logo upload's body and headers (multipart/form-data, a small PNG). */
  newLogoUpload(): { payload: Buffer; headers: Record<string, string> };
}

export interface AnalyticsAuthorizationWorld extends AuthorizationWorld {
  /** A usage event as the browser's tracker sends it. */
  newUsageEvent(): unknown;
}

const PASSWORD = 'correct horse battery';

export function authAuthorizationRows(world: AuthAuthorizationWorld): AuthorizationRow[] {
  const someone = (caller: Caller) => (caller === 'anonymous' ? 'seller' : caller);
  // Signing up, in or out on a browser that holds a session ends that session: each signed-in
  // attempt spends a session of its own.
  const spareSession = async (caller: Caller) =>
    caller === 'anonymous' ? {} : { session: await world.newSession(caller) };
  return [
    {
      route: 'POST /api/register',
      request: async (caller) => ({
        ...(await spareSession(caller)),
        url: '/api/register',
        payload: {
          email: world.newAddress(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName: 'New',
          lastName: 'Account',
          phone: '555-0100',
          role: 'client',
        },
      }),
      expected: statuses(201, 201, 201, 201, 201, 201),
    },
    {
      route: 'POST /api/login',
      request: async (caller) => ({
        ...(await spareSession(caller)),
        url: '/api/login',
        payload: world.signInAccount,
      }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      // The browser's "log in again" target: the sign-in screen.
      route: 'GET /api/login',
      request: () => ({ url: '/api/login' }),
      expected: statuses(302, 302, 302, 302, 302, 302),
    },
    {
      route: 'POST /api/logout',
      request: async (caller) => ({ ...(await spareSession(caller)), url: '/api/logout' }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      route: 'GET /api/auth/user',
      request: () => ({ url: '/api/auth/user' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // The session probe every signed-out page makes: `{ user: null }` for a visitor.
      route: 'GET /api/auth/session',
      request: () => ({ url: '/api/auth/session' }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      // Everyone edits their own profile only (no id in the path); the same names and address here.
      route: 'PUT /api/auth/user',
      request: (caller) => ({
        url: '/api/auth/user',
        payload: { ...world.namesOf(someone(caller)), email: world.people[someone(caller)].email },
      }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // Everyone sets their own reminder channels, phone and zone (no id in the path).
      route: 'PUT /api/auth/user/notifications',
      request: () => ({ url: '/api/auth/user/notifications', payload: { email: true, sms: false } }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // Everyone changes their own password only (no id in the path): here with a wrong current
      // one, which every signed-in caller is told about on the field, and nobody's password moves.
      route: 'PUT /api/auth/user/password',
      what: 'a wrong current password',
      request: () => ({
        url: '/api/auth/user/password',
        payload: {
          currentPassword: 'not the password',
          password: 'a new password 1',
          confirmPassword: 'a new password 1',
        },
      }),
      expected: statuses(401, 400, 400, 400, 400, 400),
    },
    {
      // Everyone lists their own sessions only (no id in the path).
      route: 'GET /api/auth/user/sessions',
      request: () => ({ url: '/api/auth/user/sessions' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'DELETE /api/auth/user/sessions/:id',
      what: 'another session of their own',
      request: async (caller) => ({
        url: `/api/auth/user/sessions/${await world.newSessionIdOf(someone(caller))}`,
      }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // Nobody signs out someone else's device: a session that is not theirs is not found.
      route: 'DELETE /api/auth/user/sessions/:id',
      what: 'a session of the seller’s',
      request: async () => ({ url: `/api/auth/user/sessions/${await world.newSessionIdOf('seller')}` }),
      expected: statuses(401, 200, 404, 404, 404, 404),
    },
    {
      // From the caller's usual session, which stays: it ends only their other sessions.
      route: 'POST /api/auth/user/sessions/sign-out-others',
      request: () => ({ url: '/api/auth/user/sessions/sign-out-others' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // The same answer whether or not the address exists.
      route: 'POST /api/auth/password-reset-request',
      request: () => ({ url: '/api/auth/password-reset-request', payload: { email: world.newAddress() } }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/auth/password-reset-confirm',
      what: 'a made-up token',
      request: () => ({
        url: '/api/auth/password-reset-confirm',
        payload: { token: 'not-a-token', password: PASSWORD, confirmPassword: PASSWORD },
      }),
      expected: statuses(400, 400, 400, 400, 400, 400),
    },
    {
      route: 'GET /api/agents/current',
      request: () => ({ url: '/api/agents/current' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      // A development tool (404 under NODE_ENV=production): open, like the mail catcher it stands for.
      route: 'GET /api/dev/mailbox',
      request: () => ({ url: `/api/dev/mailbox?to=${encodeURIComponent(world.people.seller.email)}` }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
  ];
}

export function journeyAuthorizationRows(world: JourneyAuthorizationWorld): AuthorizationRow[] {
  const ofSeller = (path: string) => `${path}?clientId=${world.sellerClientId}`;
  const agentId = () => world.people.agent.agentId ?? 'no-agent-id';
  return [
    // The seller's journey, named by ?clientId=: the household works it, the agent reads it.
    {
      route: 'GET /api/clients/current/profile',
      request: () => ({ url: ofSeller('/api/clients/current/profile') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/journey',
      request: () => ({ url: ofSeller('/api/clients/current/journey') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/tasks',
      request: () => ({ url: ofSeller('/api/clients/current/tasks') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      // The live household (its JSON form: the stream's checks are the same, and a stream never ends).
      route: 'GET /api/clients/current/live',
      request: () => ({ url: ofSeller('/api/clients/current/live') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'GET /api/clients/current/households',
      request: () => ({ url: '/api/clients/current/households' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'GET /api/clients/current/custom-tasks',
      request: () => ({ url: ofSeller('/api/clients/current/custom-tasks') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      route: 'POST /api/clients/current/custom-tasks',
      request: () => ({
        url: ofSeller('/api/clients/current/custom-tasks'),
        payload: { title: 'Call the stager' },
      }),
      expected: statuses(401, 201, 201, 404, 403, 404),
    },
    {
      route: 'PUT /api/clients/current/custom-tasks/:id',
      request: async () => ({
        url: ofSeller(`/api/clients/current/custom-tasks/${await world.newCustomTaskOfTheSeller()}`),
        payload: { status: 'completed' },
      }),
      expected: statuses(401, 200, 200, 404, 403, 404),
    },
    {
      // Each person's own reminder times on the journey: its agent reads none of theirs.
      route: 'GET /api/clients/current/task-reminders',
      request: () => ({ url: ofSeller('/api/clients/current/task-reminders') }),
      expected: statuses(401, 200, 200, 404, 200, 404),
    },
    {
      // Chosen by those who work the journey (reminders go to them), not by its agent.
      route: 'PUT /api/clients/current/task-reminders',
      request: () => ({
        url: ofSeller('/api/clients/current/task-reminders'),
        payload: { source: 'journey', taskId: world.sellerTaskId, minutes: 960 },
      }),
      expected: statuses(401, 200, 200, 404, 403, 404),
    },
    {
      route: 'DELETE /api/clients/current/custom-tasks/:id',
      request: async () => ({
        url: ofSeller(`/api/clients/current/custom-tasks/${await world.newCustomTaskOfTheSeller()}`),
      }),
      expected: statuses(401, 204, 403, 404, 403, 404),
    },
    {
      route: 'PUT /api/client-tasks/:id',
      request: () => ({ url: `/api/client-tasks/${world.sellerTaskId}`, payload: { notes: 'Checked' } }),
      expected: statuses(401, 200, 200, 404, 403, 404),
    },
    // Each person's own calendar feed; the feed itself opens with its token alone (no session).
    {
      route: 'GET /api/calendar/feed',
      request: () => ({ url: '/api/calendar/feed' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/calendar/feed',
      request: () => ({ url: '/api/calendar/feed' }),
      expected: statuses(401, 201, 201, 201, 201, 201),
    },
    {
      route: 'DELETE /api/calendar/feed',
      request: () => ({ url: '/api/calendar/feed' }),
      expected: statuses(401, 204, 204, 204, 204, 204),
    },
    {
      route: 'GET /api/calendar/:file',
      what: "the seller's feed",
      request: async () => ({ url: await world.newFeedPathOfTheSeller() }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
    {
      route: 'GET /api/calendar/:file',
      what: 'a revoked feed',
      request: async () => {
        const revoked = await world.newFeedPathOfTheSeller();
        await world.newFeedPathOfTheSeller();
        return { url: revoked };
      },
      expected: statuses(404, 404, 404, 404, 404, 404),
    },
    // Twilio's webhook for SMS replies: public, but only a request signed with the Twilio account's
    // auth token gets past the check — a session opens nothing.
    {
      route: 'POST /api/sms/inbound',
      what: 'a reply without a Twilio signature',
      request: () => ({
        url: '/api/sms/inbound',
        payload: Buffer.from('MessageSid=SMunsigned&From=%2B15550100000&Body=DONE'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      expected: statuses(403, 403, 403, 403, 403, 403),
    },
    // The agent's own dashboard data.
    {
      route: 'GET /api/agents/:agentId/stats',
      request: () => ({ url: `/api/agents/${agentId()}/stats` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'GET /api/agents/:agentId/clients',
      request: () => ({ url: `/api/agents/${agentId()}/clients` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'GET /api/agents/:agentId/insights',
      request: () => ({ url: `/api/agents/${agentId()}/insights` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'GET /api/agents/:agentId/live',
      request: () => ({ url: `/api/agents/${agentId()}/live` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    // The same with `current` (CURRENT_AGENT_ID): each agent's own, so the other agent gets theirs.
    ...(['stats', 'clients', 'insights', 'live'] as const).map((part) => ({
      route: `GET /api/agents/:agentId/${part}`,
      what: '`current`: the caller’s own agent account',
      request: () => ({ url: `/api/agents/current/${part}` }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    })),
    // Groups: anyone signed in; the seller's group is edited by its owner and admins only.
    {
      route: 'GET /api/user-groups',
      request: () => ({ url: '/api/user-groups' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/user-groups',
      request: () => ({ url: '/api/user-groups', payload: { name: 'Another' } }),
      expected: statuses(401, 201, 201, 201, 201, 201),
    },
    {
      route: 'POST /api/user-groups/join',
      request: async () => ({
        url: '/api/user-groups/join',
        payload: { inviteCode: await world.newGroupInviteCode() },
      }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'PUT /api/user-groups/:id',
      request: () => ({ url: `/api/user-groups/${world.householdId}`, payload: { name: 'Renamed' } }),
      expected: statuses(401, 200, 403, 404, 404, 404),
    },
    {
      route: 'DELETE /api/user-groups/:id',
      what: 'the owner deletes a group; a member may not, outsiders do not see it',
      request: async () => ({ url: `/api/user-groups/${await world.newGroupOfTheSeller()}` }),
      expected: statuses(401, 204, 403, 404, 404, 404),
    },
    {
      route: 'POST /api/user-groups/:id/invite-code',
      what: 'owners and admins replace the code; a member may not, outsiders do not see the group',
      request: async () => ({ url: `/api/user-groups/${await world.newGroupOfTheSeller()}/invite-code` }),
      expected: statuses(401, 200, 403, 404, 404, 404),
    },
    {
      route: 'PUT /api/user-groups/:id/members/:userId',
      request: async () => ({
        url: `/api/user-groups/${world.householdId}/members/${await world.newHouseholdMember()}`,
        payload: { role: 'admin' },
      }),
      expected: statuses(401, 200, 403, 404, 404, 404),
    },
    {
      route: 'DELETE /api/user-groups/:id/members/:userId',
      request: async () => ({
        url: `/api/user-groups/${world.householdId}/members/${await world.newHouseholdMember()}`,
      }),
      expected: statuses(401, 204, 403, 404, 404, 404),
    },
  ];
}

export function invitationAuthorizationRows(world: InvitationAuthorizationWorld): AuthorizationRow[] {
  return [
    {
      route: 'POST /api/invitations',
      what: 'an agent invites a client',
      request: () => ({
        url: '/api/invitations',
        payload: { name: 'New Client', email: world.newAddress(), type: 'agent-to-client' },
      }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'POST /api/invitations',
      what: 'a seller invites an agent',
      request: () => ({
        url: '/api/invitations',
        payload: { name: 'New Agent', email: world.newAddress(), type: 'client-to-agent' },
      }),
      expected: statuses(401, 200, 200, 200, 403, 403),
    },
    {
      // Each caller's own sent invitations (scope: services/invitation's invitations.test.ts).
      route: 'GET /api/invitations',
      what: 'the invitations the caller sent',
      request: () => ({ url: '/api/invitations' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      // Someone else's invitation is not found; only its sender sends it again.
      route: 'POST /api/invitations/:invitationId/resend',
      what: "A's agent's invitation to the seller, sent again",
      request: async () => ({
        url: `/api/invitations/${await world.newAgentsInvitationToTheSeller()}/resend`,
      }),
      expected: statuses(401, 404, 404, 404, 200, 404),
    },
    {
      route: 'POST /api/accept-invitation',
      what: "a seller's invitation to an agent (any agent may accept it)",
      request: async () => ({
        url: '/api/accept-invitation',
        payload: { invitationId: await world.newSellersInvitationToAnAgent() },
      }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'POST /api/accept-invitation',
      what: "the agent's invitation to the seller (only the invited address)",
      request: async () => ({
        url: '/api/accept-invitation',
        payload: { invitationId: await world.newAgentsInvitationToTheSeller() },
      }),
      expected: statuses(401, 200, 403, 403, 403, 403),
    },
    {
      route: 'GET /api/google-oauth-setup',
      what: 'the consent URL',
      request: () => ({ url: '/api/google-oauth-setup' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      // Past the state check only the agent who started the consent gets Google's answer (here a
      // refusal: the "Access Denied" page, 400); a seller or the other agent get 403.
      route: 'GET /api/google-oauth-callback',
      what: "Google's return, declined, from a consent A's agent started",
      request: async () => ({
        url: `/api/google-oauth-callback?error=access_denied&state=${await world.agentsConsentState()}`,
      }),
      expected: statuses(401, 403, 403, 403, 400, 403),
    },
  ];
}

export function brandingAuthorizationRows(world: BrandingAuthorizationWorld): AuthorizationRow[] {
  const agentId = () => world.people.agent.agentId ?? 'no-agent-id';
  return [
    {
      route: 'GET /api/agents/:agentId/branding',
      request: () => ({ url: `/api/agents/${agentId()}/branding` }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    {
      route: 'PUT /api/agents/:agentId/branding',
      request: () => ({
        url: `/api/agents/${agentId()}/branding`,
        payload: { companyName: 'Owned Realty', brokerageLogo: world.logoUrl },
      }),
      expected: statuses(401, 403, 403, 403, 200, 403),
    },
    // The same with `current` (CURRENT_AGENT_ID): each agent's own, so the other agent gets theirs.
    {
      route: 'GET /api/agents/:agentId/branding',
      what: '`current`: the caller’s own agent account',
      request: () => ({ url: '/api/agents/current/branding' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'PUT /api/agents/:agentId/branding',
      what: '`current`: the caller’s own agent account',
      request: () => ({
        url: '/api/agents/current/branding',
        payload: { companyName: 'Owned Realty', brokerageLogo: world.logoUrl },
      }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'GET /api/branding/current',
      request: () => ({ url: '/api/branding/current' }),
      expected: statuses(401, 200, 200, 200, 200, 200),
    },
    {
      route: 'POST /api/branding/logos',
      request: () => ({ url: '/api/branding/logos', ...world.newLogoUpload() }),
      expected: statuses(401, 403, 403, 403, 201, 201),
    },
    {
      // Logos are public pictures (pages, e-mails): anyone may fetch one by its address.
      route: 'GET /api/branding/logos/:file',
      request: () => ({ url: world.logoUrl }),
      expected: statuses(200, 200, 200, 200, 200, 200),
    },
  ];
}

export function analyticsAuthorizationRows(world: AnalyticsAuthorizationWorld): AuthorizationRow[] {
  return [
    {
      route: 'POST /api/analytics',
      request: () => ({ url: '/api/analytics', payload: [world.newUsageEvent()] }),
      expected: statuses(202, 202, 202, 202, 202, 202),
    },
    {
      route: 'GET /api/analytics/stats',
      request: () => ({ url: '/api/analytics/stats' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
    {
      route: 'GET /api/analytics/realtime',
      request: () => ({ url: '/api/analytics/realtime' }),
      expected: statuses(401, 403, 403, 403, 200, 200),
    },
  ];
}

/**
 * The gateway's own `/api` routes (its proxy to the services aside): the platform's health and the
 * API's description — public reads, the same for everyone.
 */
export function gatewayAuthorizationRows(): AuthorizationRow[] {
  const everyone = statuses(200, 200, 200, 200, 200, 200);
  return [
    { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expected: everyone },
    { route: 'GET /api/openapi.json', request: () => ({ url: '/api/openapi.json' }), expected: everyone },
    { route: 'GET /api/asyncapi.json', request: () => ({ url: '/api/asyncapi.json' }), expected: everyone },
    { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expected: everyone },
    {
      route: 'GET /api/docs/reference.css',
      request: () => ({ url: '/api/docs/reference.css' }),
      expected: everyone,
    },
  ];
}

/** Every service's rows, by the name the gateway's routes table gives the service. */
export const AUTHORIZATION_TABLE = {
  auth: authAuthorizationRows,
  journey: journeyAuthorizationRows,
  invitation: invitationAuthorizationRows,
  branding: brandingAuthorizationRows,
  analytics: analyticsAuthorizationRows,
} as const;
export type PlatformAuthorizationWorld = AuthAuthorizationWorld &
  JourneyAuthorizationWorld &
  InvitationAuthorizationWorld &
  BrandingAuthorizationWorld &
  AnalyticsAuthorizationWorld;
