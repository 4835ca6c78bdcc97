import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, devMailboxMessageSchema, taskEntriesSchema } from '@listready/contracts';
import type { Database } from '@listready/db';
import { createReminderScheduler } from '@listready/journey-service';
import {
  createDevMailbox,
  DEV_TWILIO_AUTH_TOKEN,
  devMailboxMailer,
  devMailboxSmsSender,
  twilioSignature,
} from '@listready/messaging';
import { startPlatformOnOwnDatabase, type RunningPlatform } from '../support/platform.ts';

/**
 * Actionable SMS (issue 19, item 2) through a platform started as `npm start` does, over HTTP: a
 * reminder SMS goes to the dev mailbox (a scheduler with a clock the test chooses, on the
 * platform's own database, as in calendar-reminders.test.ts), then the seller's reply DONE comes to
 * the gateway's /api/sms/inbound as Twilio would post it — form-encoded, with no Origin, signed
 * with the dev token (no Twilio account is configured) — and the task is done. A bad signature
 * is refused.
 */

let platform: RunningPlatform & { database: Database };
let database: Database;
let baseUrl = '';

beforeAll(async () => {
  platform = await startPlatformOnOwnDatabase('sms', { REMINDER_INTERVAL_MS: '0' }, 2);
  baseUrl = platform.url;
  database = platform.database;
}, 300_000);

afterAll(async () => platform?.stop());

/** A signed-in seller's calls (their session cookie). */
async function signUpSeller() {
  const password = 'sms-reply-pass-1';
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `sms.${Date.now()}@example.com`,
      firstName: 'Sid',
      lastName: 'Seller',
      phone: '555-0100',
      password,
      confirmPassword: password,
      role: 'client',
    }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return (path: string, init: { method?: string; body?: object } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
}

const inbound = (params: Record<string, string>, signature: string) =>
  fetch(`${baseUrl}/api/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });

describe('SMS replies through the running platform', () => {
  it('a reply DONE through the signed webhook completes the reminded task; a bad signature is refused', async () => {
    const seller = await signUpSeller();
    const phone = '+15557654321';
    const settings = await seller('/api/auth/user/notifications', {
      method: 'PUT',
      body: { email: false, sms: true, phone, timezone: 'UTC' },
    });
    expect(settings.status).toBe(200);

    // The journey exists once journey has applied `user-registered`.
    let answer = await seller('/api/clients/current/tasks');
    for (let attempt = 0; answer.status === 404 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await seller('/api/clients/current/tasks');
    }
    const task = taskEntriesSchema.parse(await answer.json())[0];
    if (!task) throw new Error('The seller has no tasks');
    const dated = await seller(`/api/client-tasks/${task.id}`, {
      method: 'PUT',
      body: { dueDate: '2031-09-10' },
    });
    expect(dated.status).toBe(200);

    // 18:00 UTC the evening before (the seller's zone): the reminder SMS goes to the dev mailbox.
    const messages = createDevMailbox(database);
    await createReminderScheduler({
      db: database.db,
      clock: () => new Date('2031-09-09T18:00:00Z'),
      mailer: devMailboxMailer(messages),
      sms: devMailboxSmsSender(messages),
      logger: pino({ level: 'silent' }),
      intervalMs: 0,
    }).tick();
    const sms = devMailboxMessageSchema
      .array()
      .parse(await (await seller(`/api/dev/mailbox?to=${encodeURIComponent(phone)}`)).json());
    expect(sms.map((message) => message.text)).toEqual([
      `ListReady reminder: “${task.taskTemplate.title}” is due tomorrow, Wednesday, September 10. Reply DONE, SNOOZE or a number of days.`,
    ]);

    const params = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: phone,
      To: '+15005550006',
      Body: 'DONE',
    };
    const url = `${baseUrl}/api/sms/inbound`;

    // Signed with another token, or for the same form with another body: refused, nothing changes.
    for (const signature of [
      await twilioSignature('not-the-token', url, params),
      await twilioSignature(DEV_TWILIO_AUTH_TOKEN, url, { ...params, Body: '30' }),
    ]) {
      const refused = await inbound(params, signature);
      expect(refused.status).toBe(403);
      expect(apiErrorSchema.parse(await refused.json()).code).toBe('SMS_SIGNATURE_INVALID');
    }
    const before = taskEntriesSchema.parse(await (await seller('/api/clients/current/tasks')).json());
    expect(before.find((entry) => entry.id === task.id)?.clientTask.status).toBe('pending');

    const replied = await inbound(params, await twilioSignature(DEV_TWILIO_AUTH_TOKEN, url, params));
    expect(replied.status).toBe(200);
    expect(replied.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await replied.text()).toContain(
      `<Message>ListReady: “${task.taskTemplate.title}” is marked done. Nice work!</Message>`,
    );
    const after = taskEntriesSchema.parse(await (await seller('/api/clients/current/tasks')).json());
    expect(after.find((entry) => entry.id === task.id)?.clientTask.status).toBe('completed');
  });
});
