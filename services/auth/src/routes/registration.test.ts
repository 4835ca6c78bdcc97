import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, authOutbox, users } from '@listready/db';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

type Issues = { message: string; code: string; issues: { path: string; message: string }[] };

describe('POST /api/register', () => {
  const database = useTestDatabase();
  let auth: Awaited<ReturnType<typeof startTestAuthService>>;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  const register = (payload: Record<string, unknown>) =>
    auth.app.inject({ method: 'POST', url: '/api/register', payload });

  it('creates a home seller, signs them in and answers 201 with the user', async () => {
    const body = newRegistration({ role: undefined });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const user = response.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email: body.email,
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '555-0100',
      role: 'client',
      profileImageUrl: null,
    });
    expect(user).not.toHaveProperty('password');
    expect(JSON.stringify(user)).not.toContain('scrypt');

    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await auth.app.inject({
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: sessionCookieOf(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: body.email });

    const [stored] = await database.current.db
      .select()
      .from(users)
      .where(eq(users.id, String(user.id)));
    expect(stored?.password).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(
      await database.current.db
        .select()
        .from(agents)
        .where(eq(agents.userId, String(user.id))),
    ).toEqual([]);
  });

  it('gives an agent a trial agent account with 5 invitations', async () => {
    const response = await register(newRegistration({ role: 'agent' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [agent] = await database.current.db.select().from(agents).where(eq(agents.userId, id));
    expect(agent).toMatchObject({
      subscriptionType: 'trial',
      subscriptionStatus: 'trial',
      inviteLimit: 5,
      invitesUsed: 0,
      phone: '555-0100',
    });

    const current = await auth.app.inject({
      url: '/api/agents/current',
      cookies: { [SESSION_COOKIE]: sessionCookieOf(response) },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: agent?.id,
      userId: id,
      inviteLimit: 5,
      subscriptionType: 'trial',
    });
    expect(current.json()).not.toHaveProperty('stripeCustomerId');
  });

  it('publishes user-registered through the outbox in the same transaction', async () => {
    const body = newRegistration({ role: 'client', firstName: 'Zoe' });
    const { id } = (await register(body)).json<{ id: string }>();
    const events = await database.current.db.select().from(authOutbox).where(eq(authOutbox.key, id));
    expect(events).toHaveLength(1);
    expect(events[0]?.envelope).toMatchObject({
      type: 'user-registered',
      version: 1,
      producer: 'auth',
      key: id,
      data: { userId: id, email: body.email, firstName: 'Zoe', lastName: 'Lee', role: 'client' },
    });
  });

  it('answers 409 for an e-mail already registered, whatever its case, and stores nothing', async () => {
    const body = newRegistration();
    expect((await register(body)).statusCode).toBe(201);
    const outboxBefore = (await database.current.db.select().from(authOutbox)).length;
    const again = await register({ ...body, email: body.email.toUpperCase(), firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    expect(again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect((await database.current.db.select().from(authOutbox)).length).toBe(outboxBefore);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      'password',
      { password: '1234567', confirmPassword: '1234567' },
      'Password must be at least 8 characters',
    ],
    ['confirmPassword', { confirmPassword: '' }, 'Please confirm your password'],
    ['confirmPassword', { confirmPassword: 'correct-horse-2' }, "Passwords don't match"],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required'],
    ['phone', { phone: '' }, 'Phone number is required'],
    ['phone', { phone: 'abc' }, 'Phone number must be a valid phone number (7 to 15 digits)'],
    ['role', { role: 'admin' }, 'Please select agent or seller'],
  ])('answers 400 on %s with "%s"', async (path, change, message) => {
    const response = await register(newRegistration(change));
    expect(response.statusCode).toBe(400);
    expect(response.json<Issues>()).toEqual({
      message,
      code: 'VALIDATION_FAILED',
      issues: [{ path, message }],
    });
  });

  it('lists every missing field at once', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    expect(response.json<Issues>().issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'confirmPassword', message: 'Please confirm your password' },
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'phone', message: 'Phone number is required' },
      ]),
    );
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sign-up and password reset limits per IP', () => {
  const database = useTestDatabase();
  let auth: Awaited<ReturnType<typeof startTestAuthService>>;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current, {
      env: { AUTH_SIGNUPS_PER_IP_PER_HOUR: '3', AUTH_RESETS_PER_IP_PER_HOUR: '2' },
    });
  });
  afterAll(async () => auth.stop());

  const register = (ip: string) =>
    auth.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration(), remoteAddress: ip });

  it('lets one IP create 3 accounts an hour, then answers 429 with Retry-After; other IPs are not affected', async () => {
    for (let n = 1; n <= 3; n += 1) expect((await register('192.0.2.30')).statusCode).toBe(201);
    const refused = await register('192.0.2.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many accounts were created from this network. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect((await register('192.0.2.31')).statusCode).toBe(201);
  });

  it('counts reset requests and confirmations of one IP together', async () => {
    const ip = '192.0.2.40';
    const request = () =>
      auth.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset-request',
        payload: { email: 'someone@example.com' },
        remoteAddress: ip,
      });
    const confirm = () =>
      auth.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset-confirm',
        payload: { token: 'bogus', password: 'longenough1', confirmPassword: 'longenough1' },
        remoteAddress: ip,
      });
    expect((await request()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(400);
    expect((await confirm()).statusCode).toBe(429);
    expect((await request()).statusCode).toBe(429);
  });
});
