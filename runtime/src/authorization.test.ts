import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, invitations } from '@listready/db';
import { buildGateway, gatewayConfigFromEnv } from '@listready/gateway';
import { createLogger } from '@listready/service-kit';
import {
  AUTHORIZATION_TABLE,
  CALLERS,
  authorizationFailures,
  gatewayAuthorizationRows,
  kindOf,
  registeredApiRoutes,
  routesOf,
  type AuthorizationAttempt,
  type AuthorizationRow,
  type Person,
  type PlatformAuthorizationWorld,
  type SendAttempt,
  type SignedInCaller,
} from '@listready/service-kit/testing';
import { startPlatform, type RunningPlatform } from './platform.ts';

/**
 * The authorization table (libs/service-kit/src/testing/authorization-table.ts) over the running
 * platform: every `/api` route of every service, as the gateway exposes it, tried by nobody, the
 * seller (A), a member of A's household, another seller (B), A's agent and another agent, each
 * read and write with the expected status. The people are set up as users do it: they sign up,
 * A opens a household the member joins by its code, A invites the agent who accepts, the other
 * agent invites B who accepts. Requests carry the headers a browser's same-origin fetch does;
 * every write is also tried cross-site, which the gateway refuses for everyone.
 */

const SESSION_COOKIE = 'listready_session';
const PASSWORD = 'correct horse battery';
// A 1×1 PNG (the logo upload rows; the picture's content does not matter here).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-authorization-'));
const env = {
  // As every service's own tests run it (load shedding off: this machine's load is not the subject).
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  SHELL_DIR: path.join(dataDir, 'no-shell'),
  REMOTES_ROOT: dataDir,
  // The Google mail setup's routes answer only with a Google client configured (none is called:
  // the callback rows carry Google's refusal).
  GOOGLE_CLIENT_ID: 'authorization-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'authorization-test-secret',
  // Every request here comes from one address; the per-IP sign-up limit (30 an hour) is for people.
  AUTH_SIGNUPS_PER_IP_PER_HOUR: '1000',
};
const logger = createLogger('authorization-test', 'silent');

describe('the authorization table over the running platform', () => {
  let platform: RunningPlatform;
  let sequence = 0;
  const newAddress = () => `authz-${++sequence}-${Date.now()}@example.com`;

  /** Sends one attempt to the gateway over HTTP, as the page's own fetch would. */
  const sendFrom =
    (site: 'same-origin' | 'cross-site'): SendAttempt =>
    async ({ method, url, payload, headers, session }: AuthorizationAttempt) => {
      const binary = Buffer.isBuffer(payload);
      const response = await fetch(`${platform.url}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          'sec-fetch-site': site,
          'sec-fetch-mode': 'cors',
          // A browser names the page's origin on everything but a same-origin GET or HEAD.
          ...(method === 'GET' && site === 'same-origin'
            ? {}
            : { origin: site === 'same-origin' ? platform.url : 'https://elsewhere.example' }),
          ...(payload === undefined || binary ? {} : { 'content-type': 'application/json' }),
          ...(session === undefined ? {} : { cookie: `${SESSION_COOKIE}=${session}` }),
          ...headers,
        },
        ...(payload === undefined ? {} : { body: binary ? payload : JSON.stringify(payload) }),
      });
      return { status: response.status, body: await response.text() };
    };
  const send = sendFrom('same-origin');

  /** A call of the set-up as someone (their session cookie value) that must succeed; its JSON answer. */
  const call = async <T>(session: string | undefined, method: string, url: string, payload?: unknown) => {
    const answer = await send({ method, url, ...(payload === undefined ? {} : { payload }), session });
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
    return (answer.body ? JSON.parse(answer.body) : undefined) as T;
  };
  /** Signs up or in; answers the new session cookie's value. */
  const sessionOf = async (url: '/api/register' | '/api/login', payload: object) => {
    const response = await fetch(`${platform.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: platform.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(payload),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0]
      ?.slice(SESSION_COOKIE.length + 1);
    if (!response.ok || !cookie) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return cookie;
  };
  const signUp = (role: 'client' | 'agent', email = newAddress(), firstName = 'Pat') =>
    sessionOf('/api/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName,
      lastName: role === 'agent' ? 'Agent' : 'Seller',
      phone: '555-0100',
      role,
    });
  const signIn = (email: string) => sessionOf('/api/login', { email, password: PASSWORD });

  const sessions = {} as Record<SignedInCaller, string>;
  const people = {} as Record<SignedInCaller, Person>;
  const names = {} as Record<SignedInCaller, { firstName: string; lastName: string }>;
  let world: PlatformAuthorizationWorld;
  let rows: AuthorizationRow[] = [];

  /** Waits for the consumers of an accepted invitation to link the seller to their agent. */
  const agentOf = async (session: string) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const profile = await call<{ client: { id: string; agentId: string | null } }>(
        session,
        'GET',
        '/api/clients/current/profile',
      );
      if (profile.client.agentId) return profile.client;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the invitation never linked the seller to the agent');
  };

  beforeAll(async () => {
    platform = await startPlatform(env, logger);

    // The people, signed up as anyone does.
    const addresses = Object.fromEntries(
      ['seller', 'member', 'otherSeller', 'agent', 'otherAgent'].map((caller) => [caller, newAddress()]),
    ) as Record<SignedInCaller, string>;
    sessions.seller = await signUp('client', addresses.seller, 'Sam');
    sessions.member = await signUp('client', addresses.member, 'Max');
    sessions.otherSeller = await signUp('client', addresses.otherSeller, 'Bea');

    // A invites an agent who is not on ListReady yet; the agent signs up and accepts.
    const toAgent = await call<{ invitationId: string }>(sessions.seller, 'POST', '/api/invitations', {
      name: 'Alex Agent',
      email: addresses.agent,
      type: 'client-to-agent',
    });
    sessions.agent = await signUp('agent', addresses.agent, 'Alex');
    await call(sessions.agent, 'POST', '/api/accept-invitation', { invitationId: toAgent.invitationId });
    const sellerClient = await agentOf(sessions.seller);

    // The other agent invites B, who accepts: each agent has a client of their own.
    sessions.otherAgent = await signUp('agent', addresses.otherAgent, 'Olive');
    const toB = await call<{ invitationId: string }>(sessions.otherAgent, 'POST', '/api/invitations', {
      name: 'Bea Seller',
      email: addresses.otherSeller,
      type: 'agent-to-client',
    });
    await call(sessions.otherSeller, 'POST', '/api/accept-invitation', { invitationId: toB.invitationId });
    await agentOf(sessions.otherSeller);

    // A opens a household; the member joins it by its code.
    const household = await call<{ id: string; inviteCode: string }>(
      sessions.seller,
      'POST',
      '/api/user-groups',
      { name: 'Household' },
    );
    await call(sessions.member, 'POST', '/api/user-groups/join', { inviteCode: household.inviteCode });

    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue;
      const user = await call<{ id: string; email: string; firstName: string; lastName: string }>(
        sessions[caller],
        'GET',
        '/api/auth/user',
      );
      const agentId =
        caller === 'agent' || caller === 'otherAgent'
          ? (await call<{ id: string }>(sessions[caller], 'GET', '/api/agents/current')).id
          : null;
      people[caller] = { userId: user.id, email: user.email, agentId };
      names[caller] = { firstName: user.firstName, lastName: user.lastName };
    }
    // A's agent pays: a trial agent may invite 5 clients, and the rows send more (no route sets this).
    await platform.database.db
      .update(agents)
      .set({ subscriptionType: 'monthly' })
      .where(eq(agents.userId, people.agent.userId));

    const tasks = await call<{ id: string }[]>(
      sessions.seller,
      'GET',
      `/api/clients/current/tasks?clientId=${sellerClient.id}`,
    );
    const sellerTaskId = tasks[0]?.id;
    if (!sellerTaskId) throw new Error('the seller has no tasks');
    let spareMember: string | undefined;
    const signInAccount = { email: newAddress(), password: PASSWORD };
    await signUp('client', signInAccount.email);

    const logoUpload = () => {
      const boundary = `----listready${crypto.randomUUID().replaceAll('-', '')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      );
      return {
        payload: Buffer.concat([head, PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const uploaded = await send({
      method: 'POST',
      url: '/api/branding/logos',
      ...logoUpload(),
      session: sessions.agent,
    });
    expect(uploaded.status, uploaded.body).toBe(201);

    world = {
      people,
      newAddress,
      newSession: (caller) => signIn(people[caller].email),
      newSessionIdOf: async (caller) => {
        const listed = await call<{ sessions: { id: string; current: boolean }[] }>(
          await signIn(people[caller].email),
          'GET',
          '/api/auth/user/sessions',
        );
        const current = listed.sessions.find((session) => session.current);
        if (!current) throw new Error('a new session is not in its own list');
        return current.id;
      },
      signInAccount,
      namesOf: (caller) => names[caller],
      sellerClientId: sellerClient.id,
      sellerTaskId,
      householdId: household.id,
      newCustomTaskOfTheSeller: async () =>
        (
          await call<{ id: string }>(
            sessions.seller,
            'POST',
            `/api/clients/current/custom-tasks?clientId=${sellerClient.id}`,
            { title: 'Fix the gate' },
          )
        ).id,
      newHouseholdMember: async () => {
        // A household holds 10: the seller lets the previous spare member go first (when the
        // row's caller did not), so the seller, the member and one spare are all it ever holds.
        if (spareMember) {
          await send({
            method: 'DELETE',
            url: `/api/user-groups/${household.id}/members/${spareMember}`,
            session: sessions.seller,
          });
        }
        const session = await signUp('client');
        await call(session, 'POST', '/api/user-groups/join', { inviteCode: household.inviteCode });
        spareMember = (await call<{ id: string }>(session, 'GET', '/api/auth/user')).id;
        return spareMember;
      },
      newGroupInviteCode: async () =>
        (
          await call<{ inviteCode: string }>(await signUp('client'), 'POST', '/api/user-groups', {
            name: 'Open',
          })
        ).inviteCode,
      newGroupOfTheSeller: async () => {
        const group = await call<{ id: string; inviteCode: string }>(
          sessions.seller,
          'POST',
          '/api/user-groups',
          {
            name: 'To delete',
          },
        );
        await call(sessions.member, 'POST', '/api/user-groups/join', { inviteCode: group.inviteCode });
        return group.id;
      },
      newFeedPathOfTheSeller: async () =>
        new URL((await call<{ url: string }>(sessions.seller, 'POST', '/api/calendar/feed')).url).pathname,
      newSellersInvitationToAnAgent: async () =>
        (
          await call<{ invitationId: string }>(await signUp('client'), 'POST', '/api/invitations', {
            name: 'Any Agent',
            email: newAddress(),
            type: 'client-to-agent',
          })
        ).invitationId,
      newAgentsInvitationToTheSeller: async () => {
        // The one pending invitation a caller was refused is let lapse, so another can be sent.
        await platform.database.db
          .update(invitations)
          .set({ status: 'expired' })
          .where(and(eq(invitations.inviteeEmail, people.seller.email), eq(invitations.status, 'pending')));
        return (
          await call<{ invitationId: string }>(sessions.agent, 'POST', '/api/invitations', {
            name: 'Sam Seller',
            email: people.seller.email,
            type: 'agent-to-client',
          })
        ).invitationId;
      },
      agentsConsentState: async () => {
        const { authUrl } = await call<{ authUrl: string }>(sessions.agent, 'GET', '/api/google-oauth-setup');
        return new URL(authUrl).searchParams.get('state') ?? 'no-state';
      },
      logoUrl: JSON.parse(uploaded.body).url as string,
      newLogoUpload: logoUpload,
      newUsageEvent: () => ({
        event: 'page_view',
        properties: {
          url: `${platform.url}/journey`,
          userAgent: 'Chromium',
          screenSize: '1920x1080',
          viewportSize: '1280x800',
        },
        timestamp: new Date().toISOString(),
        userId: null,
        sessionId: `session-${crypto.randomUUID()}`,
      }),
    };
    rows = [
      ...Object.values(AUTHORIZATION_TABLE).flatMap((rowsOf) => rowsOf(world)),
      ...gatewayAuthorizationRows(),
    ];
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a row for every route of every service the platform runs, and no row for a route it lacks', () => {
    for (const { name, app } of platform.services) {
      const table = AUTHORIZATION_TABLE[name as keyof typeof AUTHORIZATION_TABLE];
      expect(table, `the table has no part for the ${name} service`).toBeDefined();
      expect(routesOf(table(world)), name).toEqual(registeredApiRoutes(app));
    }
    expect(Object.keys(AUTHORIZATION_TABLE).sort()).toEqual(platform.services.map(({ name }) => name).sort());
  });

  it('has a row for every route the gateway answers itself', async () => {
    // A twin of the running gateway (same code and settings; the running one may be on its own
    // thread): its routes, less the proxy's `/api/*` to the services, which their rows cover.
    const twin = await buildGateway({ ...gatewayConfigFromEnv(env), services: {}, logger, readiness: {} });
    try {
      await twin.ready();
      const own = [...registeredApiRoutes(twin)].filter((route) => !route.endsWith(' /api/*'));
      expect(routesOf(gatewayAuthorizationRows())).toEqual(new Set(own));
    } finally {
      await twin.close();
    }
  });

  it('gives each caller exactly its access, reading and writing through the gateway', async () => {
    const started = Date.now();
    const failures = await authorizationFailures(send, sessionsAsUsers(sessions), rows);
    const reads = rows.filter((row) => kindOf(row) === 'read').length;
    // The matrix's size and time, for docs/quality.md.
    console.warn(
      `authorization matrix: ${routesOf(rows).size} routes in ${rows.length} rows (${reads} read, ` +
        `${rows.length - reads} write) × ${CALLERS.length} callers = ${rows.length * CALLERS.length} ` +
        `requests through the gateway in ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses every write from another site, whoever the caller, before it reaches a service', async () => {
    const writes = rows.filter((row) => kindOf(row) === 'write');
    expect(writes.length).toBeGreaterThan(0);
    const crossSite = writes.map((row) => ({ ...row, expected: expectEveryone(403) }));
    const refusals = new Set<string>();
    const crossSiteSend: SendAttempt = async (attempt) => {
      const answer = await sendFrom('cross-site')(attempt);
      refusals.add((JSON.parse(answer.body) as { message: string }).message);
      return answer;
    };
    const started = Date.now();
    expect(await authorizationFailures(crossSiteSend, sessionsAsUsers(sessions), crossSite)).toEqual([]);
    // The gateway's answer, every time: no service saw the request.
    expect(refusals).toEqual(new Set(['Cross-site requests may not change anything']));
    console.warn(
      `authorization matrix, cross-site: ${writes.length} write rows × ${CALLERS.length} callers in ` +
        `${Date.now() - started} ms`,
    );
  }, 120_000);
});

const sessionsAsUsers = (sessions: Record<SignedInCaller, string>) =>
  Object.fromEntries(Object.entries(sessions).map(([caller, cookie]) => [caller, { cookie }])) as Record<
    SignedInCaller,
    { cookie: string }
  >;
const expectEveryone = (status: number) =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<(typeof CALLERS)[number], number>;
