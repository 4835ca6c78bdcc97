import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '@listready/db';
import { startFakeHttpServer } from '@listready/messaging/testing';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { createPasswordHasher } from '../users/password-hashing.ts';
import {
  newRegistration,
  sessionCookieOf,
  startTestAuthService,
  TEST_PUBLIC_URL,
} from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;
type Mail = {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
};

const HOUR = 60 * 60 * 1000;
const INVALID_LINK = {
  message: 'This reset link is invalid or has expired. Please request a new one.',
  code: 'RESET_TOKEN_INVALID',
  issues: [
    { path: 'token', message: 'This reset link is invalid or has expired. Please request a new one.' },
  ],
};

async function registered(auth: Auth) {
  const body = newRegistration();
  const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json<{ id: string }>().id, cookie: sessionCookieOf(response) };
}

const requestReset = (auth: Auth, email: string, headers: Record<string, string> = {}) =>
  auth.app.inject({ method: 'POST', url: '/api/auth/password-reset-request', payload: { email }, headers });
const confirmReset = (auth: Auth, payload: Record<string, unknown>) =>
  auth.app.inject({ method: 'POST', url: '/api/auth/password-reset-confirm', payload });
const mailbox = async (auth: Auth, to: string) => {
  await auth.service.settled();
  const response = await auth.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  expect(response.statusCode).toBe(200);
  return response.json<Mail[]>();
};
const tokenFrom = (mail: Mail | undefined): string => {
  const match = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No reset link in ${mail?.text}`);
  return match[1];
};

describe('password reset', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  it('answers known and unknown addresses identically, and mails only the known one', async () => {
    const user = await registered(auth);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await requestReset(auth, user.email);
    const stranger = await requestReset(auth, unknown);
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe(known.body);
    expect(known.json()).toEqual({
      message: 'If an account exists for that email, we have sent a link to reset your password.',
    });
    const headersOf = (response: typeof known) => {
      const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
      return rest;
    };
    expect(headersOf(stranger)).toEqual(headersOf(known));

    expect(await mailbox(auth, unknown)).toEqual([]);
    const [mail, ...others] = await mailbox(auth, user.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      channel: 'email',
      to: user.email,
      subject: 'Reset your ListReady password',
    });
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
    expect(mail?.html).toContain(`href="${TEST_PUBLIC_URL}/reset-password?token=${tokenFrom(mail)}"`);
  });

  it('stores only a hash of the token, expiring in one hour', async () => {
    const user = await registered(auth);
    await requestReset(auth, user.email);
    const token = tokenFrom((await mailbox(auth, user.email))[0]);
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await database.current.db.select().from(passwordResetTokens);
    const row = rows.find((candidate) => candidate.userId === user.id);
    expect(row?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.some((candidate) => candidate.token === token)).toBe(false);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(HOUR);
  });

  it('sets the new password, revokes every session of the user, and works only once', async () => {
    const user = await registered(auth);
    const otherDevice = sessionCookieOf(
      await auth.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      }),
    );
    // Both sessions live (and their answers now sit in the session cache).
    for (const cookie of [user.cookie, otherDevice]) {
      expect(
        (await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookie } })).statusCode,
      ).toBe(200);
    }
    await requestReset(auth, user.email);
    const token = tokenFrom((await mailbox(auth, user.email))[0]);

    const confirmed = await confirmReset(auth, {
      token,
      password: 'brand-new-pass-2',
      confirmPassword: 'brand-new-pass-2',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
    });

    for (const cookie of [user.cookie, otherDevice]) {
      expect(
        (await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookie } })).statusCode,
      ).toBe(401);
    }
    const oldPassword = await auth.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await auth.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'brand-new-pass-2' },
    });
    expect(newPassword.statusCode).toBe(200);

    const reuse = await confirmReset(auth, {
      token,
      password: 'third-password-3',
      confirmPassword: 'third-password-3',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(INVALID_LINK);
  });

  it('lets the owner in at once after guessing themselves into a block; a guesser elsewhere stays blocked', async () => {
    const user = await registered(auth);
    const signIn = (password: string, ip: string) =>
      auth.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    const owner = '198.51.100.20';
    const guesser = '203.0.113.99';
    for (const ip of [owner, guesser]) {
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await signIn('wrong', ip)).statusCode).toBe(401);
      expect((await signIn('wrong', ip)).statusCode).toBe(429);
    }
    await requestReset(auth, user.email);
    const token = tokenFrom((await mailbox(auth, user.email))[0]);
    const confirmed = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-confirm',
      payload: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' },
      remoteAddress: owner,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await signIn('brand-new-pass-2', owner)).statusCode).toBe(200);
    expect((await signIn('brand-new-pass-2', guesser)).statusCode).toBe(429);
  });

  it('refuses a link older than one hour (clock moved), accepts it just before', async () => {
    const user = await registered(auth);
    await requestReset(auth, user.email);
    const expiring = tokenFrom((await mailbox(auth, user.email))[0]);
    await requestReset(auth, user.email);
    const [newest] = await mailbox(auth, user.email);
    const fresh = tokenFrom(newest);
    expect(fresh).not.toBe(expiring);

    auth.advance(HOUR - 60_000);
    try {
      // The first link is used just before its hour is up: it works, and the other one dies with it.
      expect(
        (
          await confirmReset(auth, {
            token: expiring,
            password: 'still-valid-1',
            confirmPassword: 'still-valid-1',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await confirmReset(auth, {
            token: fresh,
            password: 'another-one-2',
            confirmPassword: 'another-one-2',
          })
        ).json(),
      ).toEqual(INVALID_LINK);

      await requestReset(auth, user.email);
      const later = tokenFrom((await mailbox(auth, user.email))[0]);
      auth.advance(HOUR + 1_000);
      const expired = await confirmReset(auth, {
        token: later,
        password: 'too-late-123',
        confirmPassword: 'too-late-123',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(INVALID_LINK);
    } finally {
      auth.advance(-(2 * HOUR + 1_000 - 60_000));
    }
  });

  it('refuses an unknown token', async () => {
    const response = await confirmReset(auth, {
      token: 'made-up-token',
      password: 'whatever-123',
      confirmPassword: 'whatever-123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it.each([
    ['token', { token: '' }, 'Reset token is required'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: '' }, 'Please confirm your password'],
    ['confirmPassword', { confirmPassword: 'different-pass' }, "Passwords don't match"],
  ])('validates the confirm body: %s → %s', async (path, change, message) => {
    const response = await confirmReset(auth, {
      token: 'some-token',
      password: 'longenough1',
      confirmPassword: 'longenough1',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
  });

  it('validates the request body', async () => {
    const response = await requestReset(auth, 'not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please enter a valid email address',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('sends at most 5 mails an hour to one account, answering the same', async () => {
    const user = await registered(auth);
    for (let attempt = 0; attempt < 7; attempt += 1)
      expect((await requestReset(auth, user.email)).statusCode).toBe(200);
    expect(await mailbox(auth, user.email)).toHaveLength(5);
  });
});

describe('reset links without PUBLIC_URL (development)', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current, { env: { PUBLIC_URL: '' } });
  });
  afterAll(async () => auth.stop());

  it('use the browser origin (the gateway rewrites Host)', async () => {
    const user = await registered(auth);
    await requestReset(auth, user.email, { origin: 'http://localhost:8080' });
    expect((await mailbox(auth, user.email))[0]?.text).toContain(
      'http://localhost:8080/reset-password?token=',
    );
  });
});

describe('dev mailbox in production', () => {
  const database = useTestDatabase();

  it('answers 404', async () => {
    const auth = await startTestAuthService(database.current, { env: { NODE_ENV: 'production' } });
    try {
      const response = await auth.app.inject({ url: '/api/dev/mailbox?to=a@example.com' });
      expect(response.statusCode).toBe(404);
    } finally {
      await auth.stop();
    }
  });

  it('needs PUBLIC_URL to start', async () => {
    await expect(
      startTestAuthService(database.current, { env: { NODE_ENV: 'production', PUBLIC_URL: '' } }),
    ).rejects.toThrow(/PUBLIC_URL/);
  });
});

describe('reset mail through the Gmail API', () => {
  const database = useTestDatabase();
  let google: Awaited<ReturnType<typeof startFakeHttpServer>>;
  let auth: Auth;
  beforeAll(async () => {
    google = await startFakeHttpServer((request) =>
      request.url.startsWith('/token')
        ? { status: 200, body: { access_token: 'ya29.fake-access', expires_in: 3599, token_type: 'Bearer' } }
        : { status: 200, body: { id: '18c0ffee', threadId: '18c0ffee', labelIds: ['SENT'] } },
    );
    const { createMailer } = await import('@listready/messaging');
    const env = {
      GOOGLE_CLIENT_ID: '1234.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'gmail-client-secret',
      GOOGLE_REFRESH_TOKEN: '1//refresh-token',
      MAIL_FROM: 'ListReady <homes@listready.test>',
    };
    const { loadAuthConfig } = await import('../config.ts');
    const mailer = createMailer({
      config: loadAuthConfig({ ...env, NODE_ENV: 'test' }),
      database: database.current,
      gmail: { rootUrl: google.url, tokenUrl: `${google.url}/token` },
    });
    auth = await startTestAuthService(database.current, { env, deps: { mailer } });
  });
  afterEach(() => {
    google.requests.length = 0;
  });
  afterAll(async () => {
    await auth.stop();
    await google.close();
  });

  it('refreshes the OAuth token, then sends users.messages.send with the link in a base64url RFC 2822 raw', async () => {
    const user = await registered(auth);
    await requestReset(auth, user.email);
    await auth.service.settled();

    expect(google.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'POST /token',
      'POST /gmail/v1/users/me/messages/send',
    ]);
    const [tokenRequest, sendRequest] = google.requests;
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: '1//refresh-token',
      client_id: '1234.apps.googleusercontent.com',
      client_secret: 'gmail-client-secret',
    });
    expect(sendRequest?.headers.authorization).toBe('Bearer ya29.fake-access');
    const body = JSON.parse(sendRequest?.body ?? '{}') as { raw?: string };
    expect(Object.keys(body)).toEqual(['raw']);
    expect(body.raw).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = Buffer.from(body.raw ?? '', 'base64url').toString('utf8');
    // Long lines go quoted-printable (soft breaks, =XX): decoded as a mail client would.
    const message = raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    expect(message).toContain('From: ListReady <homes@listready.test>\r\n');
    expect(message).toContain(`To: ${user.email}\r\n`);
    expect(message).toContain('Subject: Reset your ListReady password\r\n');
    const link = new RegExp(
      `${TEST_PUBLIC_URL.replaceAll('.', '\\.')}/reset-password\\?token=([\\w-]{43})`,
    ).exec(message);
    expect(link).not.toBeNull();

    // The mailed token really resets the password.
    const confirmed = await confirmReset(auth, {
      token: link?.[1],
      password: 'from-gmail-123',
      confirmPassword: 'from-gmail-123',
    });
    expect(confirmed.statusCode).toBe(200);
    // Nothing went to the dev mailbox.
    expect(await mailbox(auth, user.email)).toEqual([]);
  });

  it('sends nothing for an unknown address', async () => {
    await requestReset(auth, `ghost-${Date.now()}@example.com`);
    await auth.service.settled();
    expect(google.requests).toEqual([]);
  });
});

describe('cheap checks before scrypt (unauthenticated callers must not buy CPU)', () => {
  const database = useTestDatabase();
  let auth: Auth;
  let hashes = 0;
  beforeAll(async () => {
    const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    auth = await startTestAuthService(database.current, {
      deps: {
        hasher: {
          ...hasher,
          hash: (password) => {
            hashes += 1;
            return hasher.hash(password);
          },
        },
      },
    });
  });
  afterAll(async () => auth.stop());

  it('refuses a bogus reset token without hashing the new password', async () => {
    hashes = 0;
    const response = await confirmReset(auth, {
      token: 'made-up-token',
      password: 'whatever-123',
      confirmPassword: 'whatever-123',
    });
    expect(response.statusCode).toBe(400);
    expect(hashes).toBe(0);
  });

  it('answers 409 for a taken e-mail without hashing the password', async () => {
    const user = await registered(auth);
    hashes = 0;
    const again = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newRegistration({ email: user.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(hashes).toBe(0);
  });
});
