import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, signedInSessionsSchema } from '@listready/contracts';
import { sessions } from '@listready/db';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

describe('where the person is signed in: /api/auth/user/sessions', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  /** A new account, signed up from the laptop, then signed in on the phone and the tablet. */
  async function personOnThreeDevices() {
    const body = newRegistration();
    const registered = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: body,
      headers: { 'user-agent': LAPTOP },
    });
    expect(registered.statusCode).toBe(201);
    const signInOn = async (userAgent: string) => {
      auth.advance(60_000);
      return sessionCookieOf(
        await auth.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: body.email, password: body.password },
          headers: { 'user-agent': userAgent },
        }),
      );
    };
    const laptop = sessionCookieOf(registered);
    const phone = await signInOn(PHONE);
    const tablet = await signInOn(TABLET);
    return { laptop, phone, tablet };
  }
  const as = (cookie: string) => ({ cookies: { [SESSION_COOKIE]: cookie } });
  const list = async (cookie: string) => {
    const response = await auth.app.inject({ url: '/api/auth/user/sessions', ...as(cookie) });
    expect(response.statusCode).toBe(200);
    return signedInSessionsSchema.parse(response.json()).sessions;
  };
  const end = (cookie: string, id: string) =>
    auth.app.inject({ method: 'DELETE', url: `/api/auth/user/sessions/${id}`, ...as(cookie) });
  const signedIn = async (cookie: string) =>
    (await auth.app.inject({ url: '/api/auth/user', ...as(cookie) })).statusCode;

  it('lists this device first, then the newest, each by browser and system, with when it signed in', async () => {
    const { phone } = await personOnThreeDevices();
    const sessions = await list(phone);
    expect(sessions.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Chrome on Android', current: true },
      { device: 'Safari on iPad', current: false },
      { device: 'Firefox on Windows', current: false },
    ]);
    const [, tablet, laptop] = sessions.map((session) => Date.parse(session.signedInAt));
    expect(tablet).toBeGreaterThan(laptop ?? Infinity);
    // Named by a digest: nothing in the list is the session's id in the cookie's token.
    for (const { id } of sessions) expect(id).toMatch(/^[\w-]{22}$/);
    expect(new Set(sessions.map(({ id }) => id)).size).toBe(3);
  });

  it('signs out one other device at once, and leaves the rest', async () => {
    const { laptop, phone, tablet } = await personOnThreeDevices();
    const tabletId = (await list(phone)).find((session) => session.device === 'Safari on iPad')?.id ?? '';
    const response = await end(phone, tabletId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: authMessages.sessionEnded });
    expect(await signedIn(tablet)).toBe(401);
    expect(await signedIn(phone)).toBe(200);
    expect(await signedIn(laptop)).toBe(200);
    expect((await list(phone)).map((session) => session.device)).toEqual([
      'Chrome on Android',
      'Firefox on Windows',
    ]);
    // Ended is ended: the same again is not found.
    const again = await end(phone, tabletId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: authMessages.sessionNotFound });
  });

  it('signs this device out as Logout does when it is the one named', async () => {
    const { phone, laptop } = await personOnThreeDevices();
    const [current] = await list(phone);
    const response = await end(phone, current?.id ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');
    expect(await signedIn(phone)).toBe(401);
    expect(await signedIn(laptop)).toBe(200);
  });

  it('signs out every other device and keeps this one', async () => {
    const { laptop, phone, tablet } = await personOnThreeDevices();
    const response = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/user/sessions/sign-out-others',
      ...as(phone),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of 2 other devices.', ended: 2 });
    expect(await signedIn(phone)).toBe(200);
    expect(await signedIn(laptop)).toBe(401);
    expect(await signedIn(tablet)).toBe(401);
    expect((await list(phone)).map((session) => session.current)).toEqual([true]);
    const none = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/user/sessions/sign-out-others',
      ...as(phone),
    });
    expect(none.json()).toEqual({ message: authMessages.otherSessionsEnded(0), ended: 0 });
  });

  it('never shows or ends another person’s session, nor a signed-out or expired one', async () => {
    const ann = await personOnThreeDevices();
    const bob = await personOnThreeDevices();
    const annIds = (await list(ann.phone)).map((session) => session.id);
    for (const id of annIds) expect((await end(bob.phone, id)).statusCode).toBe(404);
    expect(await signedIn(ann.laptop)).toBe(200);
    expect(await signedIn(ann.tablet)).toBe(200);
    expect((await list(bob.phone)).some((session) => annIds.includes(session.id))).toBe(false);

    // Logged out on the tablet: gone from the list.
    await auth.app.inject({ method: 'POST', url: '/api/logout', ...as(ann.tablet) });
    expect((await list(ann.phone)).map((session) => session.device)).toEqual([
      'Chrome on Android',
      'Firefox on Windows',
    ]);
    // The laptop's session past its end (30 days after signing in): gone from the list too.
    const annId = (await auth.app.inject({ url: '/api/auth/user', ...as(ann.phone) })).json<{ id: string }>()
      .id;
    await database.current.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, annId), eq(sessions.userAgent, LAPTOP)));
    expect((await list(ann.phone)).map((session) => session.device)).toEqual(['Chrome on Android']);
  });

  it('answers a bad id with a field message, and nobody signed in with 401', async () => {
    const { phone } = await personOnThreeDevices();
    const tooLong = await end(phone, 'x'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'id' })] });
    expect((await auth.app.inject({ url: '/api/auth/user/sessions' })).statusCode).toBe(401);
    expect(
      (await auth.app.inject({ method: 'POST', url: '/api/auth/user/sessions/sign-out-others' })).statusCode,
    ).toBe(401);
    expect((await auth.app.inject({ method: 'DELETE', url: '/api/auth/user/sessions/abc' })).statusCode).toBe(
      401,
    );
  });

  // Last: it moves the service's clock on by days.
  it('says when each device was last in use, and leaves off one unused past the idle limit', async () => {
    const { laptop, phone, tablet } = await personOnThreeDevices();
    const lastActive = async (cookie: string) => {
      const listed = await list(cookie);
      await auth.service.settled();
      return Object.fromEntries(
        listed.map((session) => [
          session.device,
          session.lastActiveAt === undefined ? undefined : Date.parse(session.lastActiveAt),
        ]),
      );
    };
    // Each noted at its sign-in: the tablet a minute after the phone.
    const atSignIn = await lastActive(phone);
    const tabletSignedIn = atSignIn['Safari on iPad'] ?? NaN;
    expect(tabletSignedIn - (atSignIn['Chrome on Android'] ?? NaN)).toBeGreaterThanOrEqual(60_000);
    expect(atSignIn['Firefox on Windows']).toBeTypeOf('number');

    // Used again within the hour: nothing written. An hour and more later: its use is noted.
    auth.advance(30 * 60_000);
    expect(await signedIn(tablet)).toBe(200);
    await auth.service.settled();
    expect((await lastActive(phone))['Safari on iPad']).toBe(tabletSignedIn);
    auth.advance(60 * 60_000);
    expect(await signedIn(tablet)).toBe(200);
    await auth.service.settled();
    expect((await lastActive(phone))['Safari on iPad']).toBeGreaterThanOrEqual(tabletSignedIn + 90 * 60_000);

    // Eight days on, only the laptop in use: the phone and the tablet have passed the idle limit
    // (their tokens are refused from then on) and are left off; this device is always listed.
    auth.advance(8 * 24 * 60 * 60_000);
    expect(await signedIn(laptop)).toBe(200);
    expect(Object.keys(await lastActive(laptop))).toEqual(['Firefox on Windows']);

    // A session from before last use was kept is listed, with no last-active day.
    const userId = (await auth.app.inject({ url: '/api/auth/user', ...as(laptop) })).json<{ id: string }>()
      .id;
    await database.current.db
      .update(sessions)
      .set({ lastSeenAt: null })
      .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, TABLET)));
    expect(await lastActive(laptop)).toEqual({
      'Firefox on Windows': expect.any(Number),
      'Safari on iPad': undefined,
    });

    // Signing out the others ends the phone too, but counts the one the list showed.
    const ended = await auth.app.inject({
      method: 'POST',
      url: '/api/auth/user/sessions/sign-out-others',
      ...as(laptop),
    });
    expect(ended.json()).toEqual({ message: 'Signed out of 1 other device.', ended: 1 });
    const live = await database.current.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  });
});
