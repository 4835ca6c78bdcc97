import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@listready/db';
import { createCache, createSessionCodec, SESSION_COOKIE, type Cache } from '@listready/service-kit';
import { describeWithEngine, testRedisUrl, useTestDatabase } from '@listready/testing';
import { KNOWN_DEVICE_COOKIE } from '../rate-limit/known-devices.ts';
import {
  newRegistration,
  sessionCookieOf,
  startTestAuthService,
  TEST_SESSION_SECRET,
} from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

const UNAUTHORIZED = { message: 'Unauthorized', code: 'UNAUTHORIZED' };
const INVALID = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const tooMany = (minutes: number) => ({
  message: `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
  code: 'RATE_LIMITED',
});
const deviceCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)?.value ?? '';

async function registered(auth: Auth, overrides: Record<string, unknown> = {}) {
  const body = newRegistration(overrides);
  const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json<{ id: string }>().id };
}

const login = (auth: Auth, email: string, password: string, ip = '203.0.113.7', device = '') =>
  auth.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(device ? { cookies: { [KNOWN_DEVICE_COOKIE]: device } } : {}),
  });
const currentUser = (auth: Auth, cookie?: string) =>
  auth.app.inject({ url: '/api/auth/user', ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}) });

describe('sign-in and sessions', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  it('signs in with the right password, whatever the e-mail case, and answers the user', async () => {
    const user = await registered(auth);
    const response = await login(auth, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, role: 'client' });
    expect((await currentUser(auth, sessionCookieOf(response))).json()).toMatchObject({ id: user.id });
  });

  it('answers 401 Unauthorized without a session, or with a forged or foreign one', async () => {
    const none = await currentUser(auth);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTHORIZED);
    expect((await currentUser(auth, 'not-a-token')).statusCode).toBe(401);
    const forged = await createSessionCodec('another-secret'.padEnd(48, 'y')).sign({
      id: 'u',
      role: 'agent',
      sessionId: 's',
    });
    expect((await currentUser(auth, forged)).statusCode).toBe(401);
    // Well signed, but the session id was never issued by the store.
    const unknown = await createSessionCodec(TEST_SESSION_SECRET).sign({
      id: 'u',
      role: 'client',
      sessionId: 'never-issued',
    });
    expect((await currentUser(auth, unknown)).statusCode).toBe(401);
  });

  it('logout revokes the session: the replayed old cookie gets 401, other sessions live on', async () => {
    const user = await registered(auth);
    const first = sessionCookieOf(await login(auth, user.email, user.password));
    const second = sessionCookieOf(await login(auth, user.email, user.password));
    expect((await currentUser(auth, first)).statusCode).toBe(200);

    const logout = await auth.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: first },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');

    const replay = await currentUser(auth, first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(UNAUTHORIZED);
    expect((await currentUser(auth, second)).statusCode).toBe(200);
    const rows = await database.current.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.filter((row) => row.revokedAt !== null)).toHaveLength(1);
  });

  it('logout without a session still answers 200 and clears the cookie', async () => {
    const response = await auth.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const user = await registered(auth);
    const wrongPassword = await login(auth, user.email, 'wrong-password', '198.51.100.1');
    const unknownEmail = await login(auth, `nobody-${user.email}`, 'wrong-password', '198.51.100.1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(INVALID);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.cookies).toEqual([]);
  });

  it.each([
    [{ email: 'nope', password: 'x' }, [{ path: 'email', message: 'Please enter a valid email address' }]],
    [{ email: 'a@example.com', password: '' }, [{ path: 'password', message: 'Password is required' }]],
    [{ email: 'a@example.com' }, [{ path: 'password', message: 'Password is required' }]],
  ])('validates the login body %j', async (payload, issues) => {
    const response = await auth.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: issues[0]?.message, issues });
  });

  it('GET /api/login redirects to the sign-in screen', async () => {
    const response = await auth.app.inject({ url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });

  it('blocks one IP guessing at one account after 5 failures, even the right password from there; not the owner elsewhere', async () => {
    const user = await registered(auth);
    const ip = '192.0.2.10';
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await login(auth, user.email, 'wrong-password', ip)).statusCode).toBe(401);
    const locked = await login(auth, user.email, user.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await login(auth, user.email, user.password, '192.0.2.11')).statusCode).toBe(200);
  });

  it('one office behind one NAT: a colleague’s failures lock neither the others nor, later, themselves', async () => {
    const office = '198.51.100.50';
    const guesser = await registered(auth);
    const colleague = await registered(auth);
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(auth, guesser.email, 'wrong', office);
    expect((await login(auth, colleague.email, colleague.password, office)).statusCode).toBe(200);
    // Successes give their count back: a busy office never fills the IP's ceiling by signing in.
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(auth, colleague.email, 'typo', office);
    expect((await login(auth, colleague.email, colleague.password, office)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(auth, colleague.email, 'typo', office);
    expect((await login(auth, colleague.email, colleague.password, office)).statusCode).toBe(200);
  });

  it('counts parallel guesses atomically: of 20 at once on one pair, 5 are checked and 15 refused', async () => {
    const user = await registered(auth);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(auth, user.email, 'wrong', '203.0.113.99')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('sets a Secure cookie in production', async () => {
    const production = await startTestAuthService(database.current, { env: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: newRegistration(),
      });
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await production.stop();
    }
  });
});

describe('sign-in ceilings per IP and per account, growing blocks, known devices', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current, {
      deps: {
        loginLimits: {
          pairFailures: 2,
          windowSeconds: 1,
          maxBlockSeconds: 60,
          ipFailures: 6,
          accountFailures: 6,
        },
      },
    });
  });
  afterAll(async () => auth.stop());

  it('blocks a pair again after each window, twice as long each time', async () => {
    const user = await registered(auth);
    const ip = '192.0.2.200';
    const blockAfterTwoFailures = async () => {
      expect((await login(auth, user.email, 'wrong', ip)).statusCode).toBe(401);
      expect((await login(auth, user.email, 'wrong', ip)).statusCode).toBe(401);
      const blocked = await login(auth, user.email, 'wrong', ip);
      expect(blocked.statusCode).toBe(429);
      return Number(blocked.headers['retry-after']);
    };
    expect(await blockAfterTwoFailures()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await blockAfterTwoFailures()).toBe(2);
  });

  it('an IP failing across many accounts meets its ceiling; a device that signed in before still gets in', async () => {
    const user = await registered(auth);
    const ip = '198.51.100.77';
    const device = deviceCookieOf(await login(auth, user.email, user.password, ip));
    expect(device).not.toBe('');
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await login(auth, `stranger-${attempt}@example.com`, 'guess', ip)).statusCode).toBe(401);
    expect((await login(auth, user.email, user.password, ip)).statusCode).toBe(429);
    expect((await login(auth, user.email, user.password, ip, device)).statusCode).toBe(200);
  });

  it('an account guessed at from many IPs is closed to new devices, open to the owner’s known one', async () => {
    const user = await registered(auth);
    const device = deviceCookieOf(await login(auth, user.email, user.password, '10.9.0.1'));
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await login(auth, user.email, 'guess', `10.9.1.${attempt}`)).statusCode).toBe(401);
    expect((await login(auth, user.email, user.password, '10.9.2.1')).statusCode).toBe(429);
    expect((await login(auth, user.email, user.password, '10.9.2.1', device)).statusCode).toBe(200);
    // Another account's device cookie, or a forged one, is no key.
    const other = await registered(auth);
    const otherDevice = deviceCookieOf(await login(auth, other.email, other.password, '10.9.3.1'));
    expect((await login(auth, user.email, user.password, '10.9.2.2', otherDevice)).statusCode).toBe(429);
    expect((await login(auth, user.email, user.password, '10.9.2.3', 'abc.def')).statusCode).toBe(429);
  });
});

describeWithEngine('redis', 'sessions and limits on Redis, shared by two replicas', () => {
  const database = useTestDatabase();
  const caches: Cache[] = [];
  let first: Auth;
  let second: Auth;
  beforeAll(async () => {
    const prefix = `listready-test:${Date.now()}:`;
    const cache = () => {
      const made = createCache({ redisUrl: testRedisUrl() ?? undefined, keyPrefix: prefix });
      caches.push(made);
      return made;
    };
    first = await startTestAuthService(database.current, { deps: { cache: cache() } });
    second = await startTestAuthService(database.current, { deps: { cache: cache() } });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    for (const cache of caches) await cache.close();
  });

  it('a logout on one replica ends the session on the other at once', async () => {
    const user = await registered(first);
    const cookie = sessionCookieOf(await login(first, user.email, user.password));
    expect((await currentUser(second, cookie)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/logout', cookies: { [SESSION_COOKIE]: cookie } });
    expect((await currentUser(second, cookie)).statusCode).toBe(401);
  });

  it('failed sign-ins count across replicas', async () => {
    const user = await registered(first);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const replica = attempt % 2 === 0 ? first : second;
      expect((await login(replica, user.email, 'wrong', '172.16.0.1')).statusCode).toBe(401);
    }
    expect((await login(first, user.email, user.password, '172.16.0.1')).statusCode).toBe(429);
    expect((await login(second, user.email, user.password, '172.16.0.1')).statusCode).toBe(429);
  });
});
