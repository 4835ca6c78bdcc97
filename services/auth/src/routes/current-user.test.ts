import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentAccountSchema, authMessages } from '@listready/contracts';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

async function registered(auth: Auth, overrides: Record<string, unknown> = {}) {
  const body = newRegistration(overrides);
  const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json<{ id: string }>().id, cookie: sessionCookieOf(response) };
}

describe('current user and profile', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  const updateProfile = (cookie: string | undefined, payload: Record<string, unknown>) =>
    auth.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      payload,
      ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
    });

  it('GET /api/auth/user is always fresh', async () => {
    const user = await registered(auth);
    const response = await auth.app.inject({
      url: '/api/auth/user',
      cookies: { [SESSION_COOKIE]: user.cookie },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      id: user.id,
      firstName: 'Ann',
      timezone: 'America/New_York',
      preferredContact: 'email',
    });
  });

  it('GET /api/auth/session answers 200 with the user, or with no user for a visitor', async () => {
    const user = await registered(auth);
    const signedIn = await auth.app.inject({
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: user.cookie },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.json()).toEqual({ user: expect.objectContaining({ id: user.id, email: user.email }) });
    expect(signedIn.json<{ user: Record<string, unknown> }>().user).not.toHaveProperty('passwordHash');

    const visitor = await auth.app.inject({ url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect(visitor.json()).toEqual({ user: null });
    // API clients keep their 401 on the user resource itself.
    expect((await auth.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);

    const forged = await auth.app.inject({
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: `${user.cookie}x` },
    });
    expect(forged.json()).toEqual({ user: null });
    const logout = await auth.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: user.cookie },
    });
    expect(logout.statusCode).toBe(200);
    const revoked = await auth.app.inject({
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: user.cookie },
    });
    expect(revoked.json()).toEqual({ user: null });
  });

  it('PUT /api/auth/user updates names and e-mail', async () => {
    const user = await registered(auth);
    const email = `renamed-${user.email}`;
    const response = await updateProfile(user.cookie, {
      firstName: ' Annie ',
      lastName: 'Leigh',
      email,
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, firstName: 'Annie', lastName: 'Leigh', email });
    const me = await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: user.cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Annie', email });
    const login = await auth.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    // Both addresses are told: the old one where the account went, the new one that it signs in.
    const mails = async (to: string) =>
      (await auth.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json<
        Array<{ subject: string; text: string }>
      >();
    const [toOld] = await mails(user.email);
    expect(toOld?.subject).toBe('Your ListReady email was changed');
    expect(toOld?.text).toContain(`changed from ${user.email} to ${email}`);
    // (The sign-in above, from no known browser, was told about too.)
    const toNew = (await mails(email)).find((mail) => mail.subject === 'Your ListReady email was changed');
    expect(toNew?.text).toContain(`This address (${email}) now signs in`);
  });

  it('PUT /api/auth/user changes the phone (an agent’s agent account with it); absent, it is kept', async () => {
    const agent = await registered(auth, { role: 'agent' });
    const cookies = { [SESSION_COOKIE]: agent.cookie };
    const names = { firstName: 'Ann', lastName: 'Lee', email: agent.email };
    const changed = await updateProfile(agent.cookie, { ...names, phone: ' (212) 555-0111 ' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ phone: '(212) 555-0111' });
    const account = async () =>
      agentAccountSchema.parse((await auth.app.inject({ url: '/api/agents/current', cookies })).json());
    // The number the agent's clients' banner calls.
    expect((await account()).phone).toBe('(212) 555-0111');
    expect((await updateProfile(agent.cookie, names)).json()).toMatchObject({ phone: '(212) 555-0111' });
    expect((await account()).phone).toBe('(212) 555-0111');

    const invalid = await updateProfile(agent.cookie, { ...names, phone: 'call me' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toContainEqual({ path: 'phone', message: authMessages.invalidPhone });
    expect((await account()).phone).toBe('(212) 555-0111');
    // Empty removes it (the banner then names the agent without Call).
    expect((await updateProfile(agent.cookie, { ...names, phone: '' })).json()).toMatchObject({
      phone: null,
    });
    expect((await account()).phone).toBeNull();
  });

  it('PUT /api/auth/user: with text reminders on, the phone must be international (stored as E.164)', async () => {
    const seller = await registered(auth);
    const cookies = { [SESSION_COOKIE]: seller.cookie };
    const names = { firstName: 'Ann', lastName: 'Lee', email: seller.email };
    const reminders = await auth.app.inject({
      method: 'PUT',
      url: '/api/auth/user/notifications',
      cookies,
      payload: { email: true, sms: true, phone: '+1 212 555 0100' },
    });
    expect(reminders.statusCode).toBe(200);
    const local = await updateProfile(seller.cookie, { ...names, phone: '212-555-0199' });
    expect(local.statusCode).toBe(400);
    expect(local.json().issues).toEqual([{ path: 'phone', message: authMessages.phoneNotInternational }]);
    const removed = await updateProfile(seller.cookie, { ...names, phone: '' });
    expect(removed.json().issues).toEqual([{ path: 'phone', message: authMessages.phoneNeededForTexts }]);
    // The number on file, sent back unchanged with the names, is no change.
    expect((await updateProfile(seller.cookie, { ...names, phone: '+12125550100' })).statusCode).toBe(200);
    const international = await updateProfile(seller.cookie, { ...names, phone: '+1 (212) 555-0199' });
    expect(international.statusCode).toBe(200);
    expect(international.json()).toMatchObject({
      phone: '+12125550199',
      notificationPreferences: { sms: true },
    });
  });

  it('PUT /api/auth/user: a new e-mail needs the current password; names alone do not', async () => {
    const user = await registered(auth);
    const email = `moved-${user.email}`;
    const missing = await updateProfile(user.cookie, { firstName: 'A', lastName: 'B', email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: 'currentPassword', message: 'Enter your current password to change your email' },
    ]);
    const wrong = await updateProfile(user.cookie, {
      firstName: 'A',
      lastName: 'B',
      email,
      currentPassword: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'currentPassword', message: 'Your current password is not correct' },
    ]);
    const me = await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: user.cookie } });
    expect(me.json()).toMatchObject({ email: user.email, firstName: 'Ann' });
    const names = await updateProfile(user.cookie, { firstName: 'Annie', lastName: 'B', email: user.email });
    expect(names.statusCode).toBe(200);
  });

  it('PUT /api/auth/user: 409 for an e-mail someone else has, 401 signed out, spec messages', async () => {
    const [first, second] = [await registered(auth), await registered(auth)];
    const taken = await updateProfile(second.cookie, {
      firstName: 'B',
      lastName: 'C',
      email: first.email.toUpperCase(),
      currentPassword: second.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
    // Keeping one's own address is no conflict.
    expect(
      (await updateProfile(first.cookie, { firstName: 'A', lastName: 'B', email: first.email })).statusCode,
    ).toBe(200);

    expect(
      (await updateProfile(undefined, { firstName: 'A', lastName: 'B', email: first.email })).statusCode,
    ).toBe(401);
    const invalid = await updateProfile(first.cookie, { firstName: '', lastName: '', email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ issues: unknown[] }>().issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('GET /api/agents/current: the agent row for agents, 403 for home sellers, 401 signed out', async () => {
    const agent = await registered(auth, { role: 'agent' });
    const seller = await registered(auth, { role: 'client' });
    const ok = await auth.app.inject({
      url: '/api/agents/current',
      cookies: { [SESSION_COOKIE]: agent.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      userId: agent.id,
      subscriptionStatus: 'trial',
      inviteLimit: 5,
      invitesUsed: 0,
    });
    const forbidden = await auth.app.inject({
      url: '/api/agents/current',
      cookies: { [SESSION_COOKIE]: seller.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await auth.app.inject({ url: '/api/agents/current' })).statusCode).toBe(401);
  });

  it('dev mailbox needs ?to=', async () => {
    const response = await auth.app.inject({ url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'to', message: 'Query parameter to is required' }],
    });
  });
});
