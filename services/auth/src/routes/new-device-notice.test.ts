import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '@listready/messaging';
import { useTestDatabase } from '@listready/testing';
import { users } from '@listready/db';
import { eq } from 'drizzle-orm';
import { KNOWN_DEVICE_COOKIE } from '../rate-limit/known-devices.ts';
import { newRegistration, startTestAuthService, TEST_PUBLIC_URL } from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('a sign-in from a browser new to the account is told by e-mail', () => {
  const database = useTestDatabase();
  let auth: Auth;
  const sent: EmailMessage[] = [];
  let failing = false;
  const mailer: Mailer = {
    engine: 'dev-mailbox',
    send: async (message) => {
      if (failing) throw new Error('the mail engine is down');
      sent.push(message);
      return { id: String(sent.length) };
    },
  };
  beforeAll(async () => {
    auth = await startTestAuthService(database.current, { deps: { mailer } });
  });
  afterAll(async () => auth.stop());

  const deviceCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((cookie) => cookie.name === KNOWN_DEVICE_COOKIE)?.value ?? '';
  const signUp = async () => {
    const body = newRegistration();
    const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(response.statusCode).toBe(201);
    return { ...body, device: deviceCookieOf(response) };
  };
  const signIn = (person: { email: string; password: string }, device = '', userAgent = PHONE) =>
    auth.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: person.password },
      headers: { 'user-agent': userAgent },
      ...(device ? { cookies: { [KNOWN_DEVICE_COOKIE]: device } } : {}),
    });
  const noticesTo = async (to: string) => {
    await auth.service.settled();
    return sent.filter((mail) => mail.to === to && mail.subject === 'New sign-in to your ListReady account');
  };

  it('names the browser and the time in the person’s zone, and links to where they are signed in', async () => {
    const person = await signUp();
    await database.current.db
      .update(users)
      .set({ timezone: 'America/Chicago' })
      .where(eq(users.email, person.email));
    const response = await signIn(person);
    expect(response.statusCode).toBe(200);
    const [notice, ...more] = await noticesTo(person.email);
    expect(more).toEqual([]);
    expect(notice?.text).toMatch(
      /^Hi Ann,\n\nYour ListReady account was signed in to on Chrome on Android, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M CS?T\.\n/,
    );
    expect(notice?.text).toContain('If this was you, there is nothing to do.');
    expect(notice?.text?.endsWith(`\n\n${TEST_PUBLIC_URL}/profile?tab=profile#signed-in-devices`)).toBe(true);
    expect(notice?.html).toContain(
      `<a href="${TEST_PUBLIC_URL}/profile?tab=profile#signed-in-devices">See where you’re signed in</a>`,
    );
  });

  it('says nothing for the browser that signed the account up, nor one that signed in before', async () => {
    const person = await signUp();
    expect(person.device).not.toBe('');
    expect((await signIn(person, person.device)).statusCode).toBe(200);
    expect(await noticesTo(person.email)).toEqual([]);

    const phone = await signIn(person);
    expect(await noticesTo(person.email)).toHaveLength(1);
    expect((await signIn(person, deviceCookieOf(phone))).statusCode).toBe(200);
    expect(await noticesTo(person.email)).toHaveLength(1);
  });

  it('sends nothing for a failed sign-in, and a mail engine that fails does not stop the sign-in', async () => {
    const person = await signUp();
    expect((await signIn({ ...person, password: 'not the password' })).statusCode).toBe(401);
    expect(await noticesTo(person.email)).toEqual([]);
    failing = true;
    try {
      expect((await signIn(person)).statusCode).toBe(200);
      expect(await noticesTo(person.email)).toEqual([]);
    } finally {
      failing = false;
    }
  });
});
