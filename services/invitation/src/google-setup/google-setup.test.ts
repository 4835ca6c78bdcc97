import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  GMAIL_SEND_SCOPE,
  googleOAuthSetupResponseSchema,
  googleSetupMessages,
  type GoogleOAuthSetupResponse,
} from '@listready/contracts';
import { startFakeHttpServer, type FakeResponse, type RecordedRequest } from '@listready/messaging/testing';
import { createLogger } from '@listready/service-kit';
import { testAccounts } from '@listready/service-kit/testing';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestInvitationService,
  type TestInvitationService,
  type TestUser,
} from '../testing/test-invitation-service.ts';
import { CALLBACK_PAGE_CSP } from './callback-page.ts';

/**
 * The operator's Google mail setup through googleapis' real OAuth2 client, Google's token endpoint
 * played by a local fake: the consent URL, the state bound to the agent's sign-in, the exact code
 * exchange, and the page each return ends on — the refresh token shown once, never logged.
 */
const database = useTestDatabase();
const ORIGIN = 'https://listready.example.com';
const CALLBACK = `${ORIGIN}/api/google-oauth-callback`;
const CLIENT_ID = 'client-id-123.apps.googleusercontent.com';
const CLIENT_SECRET = 'GOCSPX-client-secret-456';
const REFRESH_TOKEN = '1//0refresh-token-789';
const ACCESS_TOKEN = 'ya29.access-token-000';

const tokenAnswer = (extra: Record<string, unknown> = {}): FakeResponse => ({
  status: 200,
  body: {
    access_token: ACCESS_TOKEN,
    expires_in: 3599,
    refresh_token: REFRESH_TOKEN,
    scope: GMAIL_SEND_SCOPE,
    token_type: 'Bearer',
    ...extra,
  },
});

describe('Google mail setup', () => {
  let service: TestInvitationService;
  let google: Awaited<ReturnType<typeof startFakeHttpServer>>;
  let answer: (request: RecordedRequest) => FakeResponse = () => tokenAnswer();
  const logLines: string[] = [];
  let agent: TestUser;
  let otherAgent: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    google = await startFakeHttpServer((request) => answer(request));
    const logger = createLogger(
      'invitation',
      'trace',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    service = await startTestInvitationService(database.current, {
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, PUBLIC_URL: ORIGIN },
      deps: { googleOAuth: { tokenUrl: `${google.url}/token` }, logger },
    });
    agent = await service.signUp('agent');
    otherAgent = await service.signUp('agent');
    seller = await service.signUp('client');
  });
  afterAll(async () => {
    await service.stop();
    await google.close();
  });
  afterEach(() => {
    answer = () => tokenAnswer();
    google.requests.splice(0);
    service.setNow(null);
  });

  const setup = (user: TestUser | null, headers: Record<string, string> = {}) =>
    service.app.inject({ method: 'GET', url: '/api/google-oauth-setup', headers, ...(user ? as(user) : {}) });
  const callback = (user: TestUser | null, query: Record<string, string>) =>
    service.app.inject({
      method: 'GET',
      url: `/api/google-oauth-callback?${new URLSearchParams(query).toString()}`,
      ...(user ? as(user) : {}),
    });
  /** Starts a consent as `user`: the auth URL's parameters. */
  const begin = async (user: TestUser) => {
    const response = await setup(user);
    const body = googleOAuthSetupResponseSchema.parse(response.json());
    if (!('authUrl' in body)) throw new Error(`no authUrl: ${body.error}`);
    const url = new URL(body.authUrl);
    return {
      url,
      state: must(url.searchParams.get('state')),
      challenge: url.searchParams.get('code_challenge'),
    };
  };

  describe('GET /api/google-oauth-setup', () => {
    it('answers 401 signed out and 403 to a home seller', async () => {
      expect((await setup(null)).statusCode).toBe(401);
      const refused = await setup(seller);
      expect(refused.statusCode).toBe(403);
      expect(apiErrorSchema.parse(refused.json()).message).toBe(googleSetupMessages.agentsOnly);
    });

    it("gives an agent Google's consent URL for gmail.send, offline, with consent, back to this site, with a state and PKCE", async () => {
      const response = await setup(agent);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { url, state, challenge } = await begin(agent);
      expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: CLIENT_ID,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: GMAIL_SEND_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      expect(challenge).toMatch(/^[\w-]{43}$/);
      // A new state every time.
      expect((await begin(agent)).state).not.toBe(state);
      expect(google.requests).toEqual([]);
    });

    it('answers 200 {error} when the Google client is not configured (the screen shows it)', async () => {
      const bare = await startTestInvitationService(database.current);
      try {
        const someAgent = await bare.signUp('agent');
        const response = await bare.app.inject({
          method: 'GET',
          url: '/api/google-oauth-setup',
          ...as(someAgent),
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<GoogleOAuthSetupResponse>()).toEqual({
          error: googleSetupMessages.notConfigured,
        });
        const page = await bare.app.inject({
          method: 'GET',
          url: '/api/google-oauth-callback?code=c&state=s',
          ...as(someAgent),
        });
        expect(page.statusCode).toBe(503);
        expect(page.body).toContain('Google OAuth Is Not Configured');
      } finally {
        await bare.stop();
      }
    });

    it('without PUBLIC_URL, sends Google back to the host the browser used (through the gateway)', async () => {
      const behindGateway = await startTestInvitationService(database.current, {
        env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
        deps: { googleOAuth: { tokenUrl: `${google.url}/token` } },
      });
      try {
        const someAgent = await behindGateway.signUp('agent');
        const forwarded = { 'x-forwarded-host': 'homes.example.net:8443', 'x-forwarded-proto': 'https' };
        const response = await behindGateway.app.inject({
          method: 'GET',
          url: '/api/google-oauth-setup',
          headers: forwarded,
          ...as(someAgent),
        });
        const { authUrl } = response.json<{ authUrl: string }>();
        const expected = 'https://homes.example.net:8443/api/google-oauth-callback';
        const url = new URL(authUrl);
        expect(url.searchParams.get('redirect_uri')).toBe(expected);
        const page = await behindGateway.app.inject({
          method: 'GET',
          url: `/api/google-oauth-callback?code=the-code&state=${must(url.searchParams.get('state'))}`,
          headers: forwarded,
          ...as(someAgent),
        });
        expect(page.statusCode).toBe(200);
        expect(new URLSearchParams(must(google.requests[0]).body).get('redirect_uri')).toBe(expected);
      } finally {
        await behindGateway.stop();
      }
    });
  });

  describe('GET /api/google-oauth-callback', () => {
    it('exchanges the code exactly, and shows the refresh token once on a no-store, script-free page; no log holds it', async () => {
      const { state, challenge } = await begin(agent);
      logLines.splice(0);
      const page = await callback(agent, { state, code: '4/0the-code', scope: GMAIL_SEND_SCOPE });

      const [tokenRequest, ...more] = google.requests;
      expect(more).toEqual([]);
      expect(tokenRequest?.method).toBe('POST');
      expect(tokenRequest?.url).toBe('/token');
      expect(tokenRequest?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      const sent = Object.fromEntries(new URLSearchParams(tokenRequest?.body));
      expect(sent).toEqual({
        grant_type: 'authorization_code',
        code: '4/0the-code',
        redirect_uri: CALLBACK,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code_verifier: expect.stringMatching(/^[\w-]{43}$/) as unknown as string,
      });
      expect(createHash('sha256').update(must(sent.code_verifier)).digest('base64url')).toBe(challenge);

      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toBe(CALLBACK_PAGE_CSP);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('Google Mail Authorised');
      expect(page.body).toContain(`GOOGLE_REFRESH_TOKEN=${REFRESH_TOKEN}`);
      expect(page.body).not.toMatch(/<script|\sstyle=|\son\w+=/i);
      expect(page.body).not.toContain(ACCESS_TOKEN);

      const logs = logLines.join('');
      expect(logs).toContain('google mail account authorised');
      for (const secret of [REFRESH_TOKEN, ACCESS_TOKEN, CLIENT_SECRET]) expect(logs).not.toContain(secret);
    });

    it('escapes what it shows', async () => {
      answer = () => tokenAnswer({ refresh_token: '1//<b>"bold"</b>&amp;' });
      const { state } = await begin(agent);
      const page = await callback(agent, { state, code: 'c' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('GOOGLE_REFRESH_TOKEN=1//&lt;b&gt;&quot;bold&quot;&lt;/b&gt;&amp;amp;');
      expect(page.body).not.toContain('<b>');
    });

    it.each([
      ['signed out', null, 401, 'Sign In to Finish'],
      ['a home seller', 'seller', 403, 'Agents Only'],
      ['another agent', 'otherAgent', 403, 'Authorisation Not Yours'],
      ['the same agent, signed in again', 'agentAgain', 403, 'Authorisation Not Yours'],
    ] as const)('refuses %s with a page, exchanging nothing', async (_who, caller, status, title) => {
      const { state } = await begin(agent);
      const users: Record<string, TestUser> = {
        seller,
        otherAgent,
        agentAgain: {
          ...agent,
          cookie: await testAccounts(database.current).signIn(agent.userId, 'agent'),
        },
      };
      const page = await callback(caller ? must(users[caller]) : null, { state, code: 'c' });
      expect(page.statusCode).toBe(status);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain(`<h1>${title}</h1>`);
      expect(google.requests).toEqual([]);
    });

    it.each([
      ['no state', {}, 'Invalid Authorisation'],
      ['a made-up state', { state: 'v1.not-ours' }, 'Invalid Authorisation'],
      ['a repeated state', { state: ['a', 'b'] }, 'Invalid Authorisation'],
    ])('answers 400 to %s', async (_case, query, title) => {
      const search = new URLSearchParams({ code: 'c' });
      for (const [key, value] of Object.entries(query))
        for (const one of [value].flat()) search.append(key, one);
      const page = await service.app.inject({
        method: 'GET',
        url: `/api/google-oauth-callback?${search.toString()}`,
        ...as(agent),
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(`<h1>${title}</h1>`);
      expect(google.requests).toEqual([]);
    });

    it('refuses a state older than 10 minutes', async () => {
      const started = new Date('2030-05-01T10:00:00Z');
      service.setNow(started);
      const { state } = await begin(agent);
      service.setNow(new Date(started.getTime() + 11 * 60 * 1000));
      const page = await callback(agent, { state, code: 'c' });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>Authorisation Expired</h1>');
      expect(google.requests).toEqual([]);
    });

    it("shows Google's access_denied clearly", async () => {
      const { state } = await begin(agent);
      const page = await callback(agent, { state, error: 'access_denied' });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>Access Denied</h1>');
      expect(page.body).toContain('access was denied');
      expect(google.requests).toEqual([]);
    });

    it('reports a refused code (invalid_grant) without logging the request that carried the secret', async () => {
      answer = () => ({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Malformed auth code.' },
      });
      const { state } = await begin(agent);
      logLines.splice(0);
      const page = await callback(agent, { state, code: 'spent-code' });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>Google Refused the Code</h1>');
      expect(page.body).toContain('invalid_grant (Malformed auth code.)');
      const logs = logLines.join('');
      expect(logs).toContain('google token exchange failed');
      expect(logs).not.toContain(CLIENT_SECRET);
    });

    it('answers 502 when Google sends no refresh token, or cannot be reached', async () => {
      answer = () => tokenAnswer({ refresh_token: undefined });
      const first = await begin(agent);
      const noToken = await callback(agent, { state: first.state, code: 'c' });
      expect(noToken.statusCode).toBe(502);
      expect(noToken.body).toContain('<h1>No Refresh Token</h1>');

      const gone = await startFakeHttpServer(() => ({ status: 200, body: {} }));
      await gone.close();
      const unreachable = await startTestInvitationService(database.current, {
        env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, PUBLIC_URL: ORIGIN },
        deps: { googleOAuth: { tokenUrl: `${gone.url}/token` } },
      });
      try {
        const someAgent = await unreachable.signUp('agent');
        const started = await unreachable.app.inject({
          method: 'GET',
          url: '/api/google-oauth-setup',
          ...as(someAgent),
        });
        const state = must(new URL(started.json<{ authUrl: string }>().authUrl).searchParams.get('state'));
        const page = await unreachable.app.inject({
          method: 'GET',
          url: `/api/google-oauth-callback?code=c&state=${state}`,
          ...as(someAgent),
        });
        expect(page.statusCode).toBe(502);
        expect(page.body).toContain('<h1>Google Did Not Answer</h1>');
      } finally {
        await unreachable.stop();
      }
    });

    it('refuses an authorisation without the gmail.send permission (granular consent)', async () => {
      answer = () => tokenAnswer({ scope: 'openid' });
      const { state } = await begin(agent);
      const page = await callback(agent, { state, code: 'c' });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>Permission Not Granted</h1>');
      expect(page.body).not.toContain(REFRESH_TOKEN);
    });
  });
});
