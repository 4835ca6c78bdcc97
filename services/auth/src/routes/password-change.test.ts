import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, passwordChangeSchema } from '@listready/contracts';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import {
  newRegistration,
  sessionCookieOf,
  startTestAuthService,
  TEST_PUBLIC_URL,
} from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

describe('PUT /api/auth/user/password', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  async function registered() {
    const body = newRegistration();
    const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(response.statusCode).toBe(201);
    return { ...body, cookie: sessionCookieOf(response) };
  }
  const signIn = (email: string, password: string, ip = '198.51.100.7') =>
    auth.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });
  const change = (cookie: string, payload: Record<string, unknown>, ip = '198.51.100.7') =>
    auth.app.inject({
      method: 'PUT',
      url: '/api/auth/user/password',
      payload,
      cookies: { [SESSION_COOKIE]: cookie },
      remoteAddress: ip,
    });
  const signedIn = async (cookie: string) =>
    (await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookie } })).statusCode;
  const mailbox = async (to: string) => {
    await auth.service.settled();
    return (await auth.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })).json<
      { subject: string | null; text: string; html: string | null }[]
    >();
  };

  it('sets the new password, keeps this session, signs every other device out and says so by e-mail', async () => {
    const user = await registered();
    const otherDevice = sessionCookieOf(await signIn(user.email, user.password));
    expect(await signedIn(otherDevice)).toBe(200);
    // A reset link asked for earlier must not outlive the change.
    await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      payload: { email: user.email },
    });
    const resetMail = (await mailbox(user.email)).find(
      (mail) => mail.subject === 'Reset your ListReady password',
    );
    const token = /\/reset-password\?token=([\w-]+)/.exec(resetMail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const response = await change(user.cookie, {
      currentPassword: user.password,
      password: 'a brand new one 2',
      confirmPassword: 'a brand new one 2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.passwordChanged });

    expect(await signedIn(user.cookie)).toBe(200);
    expect(await signedIn(otherDevice)).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new one 2')).statusCode).toBe(200);
    const reset = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-confirm',
      payload: { token, password: 'someone elses 3', confirmPassword: 'someone elses 3' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(user.email, 'a brand new one 2')).statusCode).toBe(200);

    const notice = (await mailbox(user.email)).find(
      (mail) => mail.subject === 'Your ListReady password was changed',
    );
    expect(notice?.text).toContain('every other device where you were signed in was signed out');
    expect(notice?.text).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(notice?.html).toContain(`href="${TEST_PUBLIC_URL}/forgot-password"`);
  });

  it('refuses a wrong current password on its field, and counts it as a failed sign-in', async () => {
    const user = await registered();
    const wrong = {
      currentPassword: 'not it at all',
      password: 'a brand new one 2',
      confirmPassword: 'a brand new one 2',
    };
    const ip = '203.0.113.40';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await change(user.cookie, wrong, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'currentPassword', message: authMessages.currentPasswordWrong },
      ]);
    }
    // A session left open on a shared computer is no way to guess the password.
    expect((await change(user.cookie, wrong, ip)).statusCode).toBe(429);
    expect((await change(user.cookie, { ...wrong, currentPassword: user.password }, ip)).statusCode).toBe(
      429,
    );
    // Nothing changed; elsewhere the owner signs in as before.
    expect((await signIn(user.email, user.password, '198.51.100.99')).statusCode).toBe(200);
  });

  it('names each field a change cannot be made with', async () => {
    const user = await registered();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password: 'a brand new one 2', confirmPassword: 'a brand new one 2' },
        'currentPassword',
        authMessages.currentPasswordNeeded,
      ],
      [
        { currentPassword: user.password, password: 'short', confirmPassword: 'short' },
        'password',
        authMessages.passwordTooShort,
      ],
      [
        {
          currentPassword: user.password,
          password: 'a brand new one 2',
          confirmPassword: 'a brand new one 3',
        },
        'confirmPassword',
        authMessages.passwordsDontMatch,
      ],
      [
        { currentPassword: user.password, password: user.password, confirmPassword: user.password },
        'password',
        authMessages.newPasswordSameAsCurrent,
      ],
    ];
    for (const [payload, path, message] of cases) {
      const response = await change(user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('says nothing of a new password that is empty but that it is needed (the form shows one message a field)', () => {
    const result = passwordChangeSchema.safeParse({ currentPassword: '', password: '', confirmPassword: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['currentPassword', authMessages.currentPasswordNeeded],
      ['password', authMessages.passwordTooShort],
      ['confirmPassword', authMessages.confirmPasswordRequired],
    ]);
  });
});
