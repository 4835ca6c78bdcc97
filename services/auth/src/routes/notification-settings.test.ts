import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentAccountSchema,
  DEFAULT_REMINDER_MINUTES,
  notificationSettingsMessages,
  publicUserSchema,
  REMINDER_LEADS,
} from '@listready/contracts';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

type Auth = Awaited<ReturnType<typeof startTestAuthService>>;

describe('PUT /api/auth/user/notifications', () => {
  const database = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = await startTestAuthService(database.current);
  });
  afterAll(async () => auth.stop());

  async function signedUp(role: 'client' | 'agent' = 'client') {
    const response = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newRegistration({ role }),
    });
    expect(response.statusCode).toBe(201);
    return sessionCookieOf(response);
  }
  const update = (cookie: string | undefined, payload: unknown) =>
    auth.app.inject({
      method: 'PUT',
      url: '/api/auth/user/notifications',
      payload: payload as object,
      ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}),
    });

  it('turns SMS reminders on with a mobile number in E.164, keeping push and calendar as they were', async () => {
    const cookie = await signedUp();
    const response = await update(cookie, {
      email: false,
      sms: true,
      phone: '+1 (212) 555-0100',
      timezone: 'Europe/Paris',
    });
    expect(response.statusCode).toBe(200);
    const user = publicUserSchema.parse(response.json());
    expect(user).toMatchObject({
      phone: '+12125550100',
      timezone: 'Europe/Paris',
      notificationPreferences: { email: false, sms: true, push: true, calendar: true },
    });
    // Read back: stored, not only answered.
    const again = await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookie } });
    expect(again.json()).toMatchObject({ phone: '+12125550100', notificationPreferences: { sms: true } });

    // Without a phone the number on file stays; an empty one clears it.
    const kept = publicUserSchema.parse((await update(cookie, { email: true, sms: false })).json());
    expect(kept).toMatchObject({ phone: '+12125550100', notificationPreferences: { sms: false } });
    const off = publicUserSchema.parse((await update(cookie, { email: true, sms: false, phone: '' })).json());
    expect(off).toMatchObject({
      phone: null,
      timezone: 'Europe/Paris',
      notificationPreferences: { email: true, sms: false },
    });
  });

  it('turns calendar alerts off on their own, keeping e-mail, SMS and the number as they were', async () => {
    const cookie = await signedUp();
    await update(cookie, { email: false, sms: true, phone: '+12125550100' });
    const response = await update(cookie, { calendar: false });
    expect(response.statusCode).toBe(200);
    expect(publicUserSchema.parse(response.json())).toMatchObject({
      phone: '+12125550100',
      notificationPreferences: { email: false, sms: true, push: true, calendar: false },
    });
    const back = await update(cookie, { calendar: true });
    expect(publicUserSchema.parse(back.json()).notificationPreferences).toEqual({
      email: false,
      sms: true,
      push: true,
      calendar: true,
      reminderMinutes: DEFAULT_REMINDER_MINUTES,
    });
    expect((await update(cookie, { calendar: 'no' })).json().issues).toContainEqual({
      path: 'calendar',
      message: 'calendar must be true or false',
    });
  });

  it('sets when reminders come, 6 pm the day before until the person chooses, keeping the rest', async () => {
    const cookie = await signedUp();
    const read = async () =>
      publicUserSchema.parse(
        (await auth.app.inject({ url: '/api/auth/user', cookies: { [SESSION_COOKIE]: cookie } })).json(),
      ).notificationPreferences;
    expect((await read()).reminderMinutes).toBe(DEFAULT_REMINDER_MINUTES);
    expect((await update(cookie, { email: false, reminderMinutes: -8 * 60 })).statusCode).toBe(200);
    expect(await read()).toEqual({
      email: false,
      sms: false,
      push: true,
      calendar: true,
      reminderMinutes: -480,
    });
    // Another setting alone leaves the choice as it is.
    expect((await update(cookie, { calendar: false })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ calendar: false, reminderMinutes: -480 });
    for (const reminderMinutes of REMINDER_LEADS) {
      expect((await update(cookie, { reminderMinutes })).statusCode).toBe(200);
      expect((await read()).reminderMinutes).toBe(reminderMinutes);
    }
  });

  it('refuses SMS without a number, a number not in international format, an unknown zone and a reminder time not offered, naming the field', async () => {
    const cookie = await signedUp();
    for (const [payload, path, message] of [
      [{ email: true, sms: true, phone: '' }, 'phone', notificationSettingsMessages.phoneRequiredForSms],
      [{ email: true, sms: true }, 'phone', notificationSettingsMessages.phoneRequiredForSms],
      [{ email: true, sms: false, phone: '555-0100' }, 'phone', notificationSettingsMessages.invalidPhone],
      [
        { email: true, sms: false, timezone: 'Mars/Olympus' },
        'timezone',
        notificationSettingsMessages.invalidTimezone,
      ],
      [{ email: 'yes', sms: false }, 'email', 'email must be true or false'],
      [{ reminderMinutes: 61 }, 'reminderMinutes', notificationSettingsMessages.invalidReminderMinutes],
      [{ reminderMinutes: '360' }, 'reminderMinutes', notificationSettingsMessages.invalidReminderMinutes],
      [{ reminderMinutes: null }, 'reminderMinutes', notificationSettingsMessages.invalidReminderMinutes],
    ] as const) {
      const response = await update(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
  });

  it('changes an agent’s number on their agent account too: the one their clients’ banner calls', async () => {
    const cookie = await signedUp('agent');
    const account = async () =>
      agentAccountSchema.parse(
        (await auth.app.inject({ url: '/api/agents/current', cookies: { [SESSION_COOKIE]: cookie } })).json(),
      );
    expect((await account()).phone).toBe('555-0100');
    expect((await update(cookie, { email: true, sms: true, phone: '+1 212 555 0199' })).statusCode).toBe(200);
    expect((await account()).phone).toBe('+12125550199');
    // Kept when not given; cleared with the account's.
    expect((await update(cookie, { sms: false })).statusCode).toBe(200);
    expect((await account()).phone).toBe('+12125550199');
    expect((await update(cookie, { phone: '' })).statusCode).toBe(200);
    expect((await account()).phone).toBeNull();
  });

  it('answers 401 when signed out', async () => {
    expect((await update(undefined, { email: true, sms: false })).statusCode).toBe(401);
  });
});
