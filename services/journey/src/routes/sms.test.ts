import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, customTaskSchema, taskEntriesSchema, userGroupSchema } from '@listready/contracts';
import { journeyOutbox, smsReplies, users } from '@listready/db';
import {
  createDevMailbox,
  DEV_TWILIO_AUTH_TOKEN,
  devMailboxMailer,
  devMailboxSmsSender,
  twilioSignature,
  webhookAuthToken,
} from '@listready/messaging';
import { useTestDatabase } from '@listready/testing';
import { loadJourneyConfig } from '../config.ts';
import { createReminderScheduler } from '../reminders/reminder-scheduler.ts';
import { parseSmsCommand } from '../sms/sms-replies.ts';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://homes.example';
const WEBHOOK = `${PUBLIC_URL}/api/sms/inbound`;

describe('SMS replies to reminders (POST /api/sms/inbound)', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  let now = new Date('2027-03-01T12:00:00Z');
  let phones = 0;
  let sids = 0;

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    journey.app.inject({ method, url, ...(payload ? { payload } : {}), ...as(user) });

  /** Twilio's inbound-message webhook as Twilio sends it: form-encoded, signed with the auth token. */
  async function inbound(
    params: Record<string, string>,
    options: { token?: string; url?: string; signature?: string | null } = {},
  ) {
    const signature =
      options.signature === undefined
        ? await twilioSignature(options.token ?? AUTH_TOKEN, options.url ?? WEBHOOK, params)
        : options.signature;
    return journey.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }
  const reply = (from: string, body: string, messageSid = `SM${(sids += 1).toString().padStart(32, '0')}`) =>
    inbound({ MessageSid: messageSid, AccountSid: 'AC0123', From: from, To: '+15005550006', Body: body });
  const messageOf = (twiml: string) => /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1];

  /** A seller opted into SMS whose first task (due `dueDate`) has just been reminded by SMS (at 9 am, out of the night's quiet hours). */
  async function remindedSeller(dueDate = '2027-03-02') {
    phones += 1;
    const phone = `+1555010${phones.toString().padStart(4, '0')}`;
    const seller = await journey.signUp('client', { firstName: 'Rita', lastName: 'Replier' });
    await database.current.db
      .update(users)
      .set({
        timezone: 'UTC',
        phone,
        notificationPreferences: { email: false, sms: true, push: true, calendar: true },
      })
      .where(eq(users.id, seller.userId));
    const tasks = taskEntriesSchema.parse((await call(seller, 'GET', '/api/clients/current/tasks')).json());
    const task = must(tasks[0]);
    expect((await call(seller, 'PUT', `/api/client-tasks/${task.id}`, { dueDate })).statusCode).toBe(200);
    await remindAt(new Date(`${dueDate}T09:00:00Z`));
    return { seller, phone, taskId: task.id, title: task.taskTemplate.title };
  }
  async function remindAt(at: Date) {
    now = at;
    journey.setNow(now);
    const mailbox = createDevMailbox(database.current);
    await createReminderScheduler({
      db: database.current.db,
      clock: () => now,
      mailer: devMailboxMailer(mailbox),
      sms: devMailboxSmsSender(mailbox),
      logger: pino({ level: 'silent' }),
      intervalMs: 0,
    }).tick();
  }
  const taskOf = async (seller: TestUser, taskId: string) =>
    must(
      taskEntriesSchema
        .parse((await call(seller, 'GET', '/api/clients/current/tasks')).json())
        .find((task) => task.id === taskId),
    );

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current, {
      deps: {
        config: loadJourneyConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          REMINDER_INTERVAL_MS: '0',
          PUBLIC_URL,
          TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
          TWILIO_AUTH_TOKEN: AUTH_TOKEN,
          TWILIO_FROM: '+15005550006',
        }),
      },
    });
  });
  afterAll(() => journey.stop());

  it('the reminder SMS says what a reply can do', async () => {
    const { phone } = await remindedSeller();
    const [sms] = await createDevMailbox(database.current).list(phone);
    expect(sms?.text).toMatch(/ Reply DONE, SNOOZE or a number of days\.$/);
  });

  it('DONE completes the reminded task as the seller, through the task update (task-completed published)', async () => {
    const { seller, phone, taskId, title } = await remindedSeller();
    const answer = await reply(phone, ' done! ');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(answer.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>/);
    expect(messageOf(answer.body)).toBe(`ListReady: “${title}” is marked done. Nice work!`);

    const task = await taskOf(seller, taskId);
    expect(task.clientTask.status).toBe('completed');
    expect(task.clientTask.completedBy?.id).toBe(seller.userId);
    const events = await database.current.db
      .select({ envelope: journeyOutbox.envelope })
      .from(journeyOutbox)
      .where(eq(journeyOutbox.type, 'task-completed'));
    expect(events.some((event) => JSON.stringify(event.envelope).includes(taskId))).toBe(true);

    // Another DONE for the same task: nothing to do.
    expect(messageOf((await reply(phone, 'DONE')).body)).toBe(`ListReady: “${title}” was already done.`);
  });

  it('SNOOZE moves the due date a day, a number N moves it N days; a retried MessageSid changes nothing twice', async () => {
    const { seller, phone, taskId, title } = await remindedSeller('2027-03-10');
    const first = await reply(phone, 'Snooze', 'SMsnoozeonce');
    expect(messageOf(first.body)).toBe(`ListReady: “${title}” is now due Thursday, March 11.`);
    expect((await taskOf(seller, taskId)).clientTask.dueDate).toBe('2027-03-11');

    // Twilio retries the same message: the same answer, the date stays.
    const retried = await reply(phone, 'Snooze', 'SMsnoozeonce');
    expect(retried.statusCode).toBe(200);
    expect(retried.body).toBe(first.body);
    expect((await taskOf(seller, taskId)).clientTask.dueDate).toBe('2027-03-11');
    expect(
      await database.current.db.select().from(smsReplies).where(eq(smsReplies.messageSid, 'SMsnoozeonce')),
    ).toHaveLength(1);

    expect(messageOf((await reply(phone, '3')).body)).toBe(
      `ListReady: “${title}” is now due Sunday, March 14.`,
    );
    expect((await taskOf(seller, taskId)).clientTask.dueDate).toBe('2027-03-14');
    expect(messageOf((await reply(phone, '30')).body)).toBe(
      `ListReady: “${title}” is now due Tuesday, April 13.`,
    );
    expect((await taskOf(seller, taskId)).clientTask.dueDate).toBe('2027-04-13');
  });

  it('anything else answers the help text and changes nothing', async () => {
    const { seller, phone, taskId, title } = await remindedSeller('2027-03-20');
    for (const body of ['hello', '0', '31', '-2', '1.5', '', 'DONE please']) {
      const answer = await reply(phone, body);
      expect(answer.statusCode).toBe(200);
      expect(messageOf(answer.body)).toBe(
        `ListReady: reply DONE to mark “${title}” complete, SNOOZE to move it a day, or a number of days (1–30) to move it.`,
      );
    }
    const task = await taskOf(seller, taskId);
    expect([task.clientTask.status, task.clientTask.dueDate]).toEqual(['pending', '2027-03-20']);
  });

  it('acts on the most recent reminder sent to the number', async () => {
    const { seller, phone, taskId } = await remindedSeller('2027-04-01');
    const tasks = taskEntriesSchema.parse((await call(seller, 'GET', '/api/clients/current/tasks')).json());
    const later = must(tasks.find((task) => task.id !== taskId));
    expect(
      (await call(seller, 'PUT', `/api/client-tasks/${later.id}`, { dueDate: '2027-04-03' })).statusCode,
    ).toBe(200);
    await remindAt(new Date('2027-04-03T09:00:00Z'));
    await reply(phone, 'DONE');
    expect((await taskOf(seller, later.id)).clientTask.status).toBe('completed');
    expect((await taskOf(seller, taskId)).clientTask.status).toBe('pending');
  });

  it('completes a custom task through the custom task update', async () => {
    const { seller, phone } = await remindedSeller('2027-05-01');
    const created = await call(seller, 'POST', '/api/clients/current/custom-tasks', {
      title: 'Fix the fence',
      dueDate: '2027-05-05',
    });
    expect(created.statusCode).toBe(201);
    const custom = customTaskSchema.parse(created.json());
    await remindAt(new Date('2027-05-05T09:00:00Z'));
    expect(messageOf((await reply(phone, 'DONE')).body)).toBe(
      'ListReady: “Fix the fence” is marked done. Nice work!',
    );
    const list = customTaskSchema
      .array()
      .parse((await call(seller, 'GET', '/api/clients/current/custom-tasks')).json());
    expect(list.find((task) => task.id === custom.id)?.status).toBe('completed');
  });

  it('a household member answers for the task assigned to them, as themselves; once removed, nothing changes', async () => {
    const { seller } = await remindedSeller('2027-08-01');
    const member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    const memberPhone = '+15550109999';
    await database.current.db
      .update(users)
      .set({
        timezone: 'UTC',
        phone: memberPhone,
        notificationPreferences: { email: false, sms: true, push: true, calendar: true },
      })
      .where(eq(users.id, member.userId));
    const group = userGroupSchema.parse(
      (await call(seller, 'POST', '/api/user-groups', { name: 'Home' })).json(),
    );
    await call(member, 'POST', '/api/user-groups/join', { inviteCode: group.inviteCode });
    const custom = customTaskSchema.parse(
      (
        await call(seller, 'POST', '/api/clients/current/custom-tasks', {
          title: 'Mow the lawn',
          dueDate: '2027-08-05',
          assignedTo: 'Max',
        })
      ).json(),
    );
    await remindAt(new Date('2027-08-05T09:00:00Z'));
    const customOf = async () =>
      must(
        customTaskSchema
          .array()
          .parse((await call(seller, 'GET', '/api/clients/current/custom-tasks')).json())
          .find((task) => task.id === custom.id),
      );

    expect(messageOf((await reply(memberPhone, '2')).body)).toBe(
      'ListReady: “Mow the lawn” is now due Saturday, August 7.',
    );
    expect((await customOf()).dueDate).toBe('2027-08-07');

    expect(
      (await call(seller, 'DELETE', `/api/user-groups/${group.id}/members/${member.userId}`)).statusCode,
    ).toBe(204);
    expect(messageOf((await reply(memberPhone, 'DONE')).body)).toBe(
      'ListReady: you can no longer change that task, so nothing changed.',
    );
    expect((await customOf()).status).toBe('pending');
  });

  it('an unknown number, or one whose last reminder is old, gets a polite answer and nothing changes', async () => {
    const unknown = await reply('+15559999999', 'DONE');
    expect(unknown.statusCode).toBe(200);
    expect(messageOf(unknown.body)).toMatch(/^ListReady: we found no recent reminder sent to this number/);

    const { seller, phone, taskId } = await remindedSeller('2027-06-01');
    now = new Date('2027-06-20T00:00:00Z'); // 19 days on
    journey.setNow(now);
    expect(messageOf((await reply(phone, 'DONE')).body)).toMatch(/^ListReady: we found no recent reminder/);
    expect((await taskOf(seller, taskId)).clientTask.status).toBe('pending');
  });

  it('refuses requests not signed by Twilio (403 in the error shape) before reading them, and changes nothing', async () => {
    const { seller, phone, taskId } = await remindedSeller('2027-07-01');
    const params = { MessageSid: 'SMforged', From: phone, To: '+15005550006', Body: 'DONE' };
    const refusals = [
      await inbound(params, { signature: null }),
      await inbound(params, { signature: 'not-a-signature' }),
      await inbound(params, { token: 'another-account-token' }),
      // The dev token opens nothing once a real Twilio account is configured.
      await inbound(params, { token: DEV_TWILIO_AUTH_TOKEN }),
      // Signed for another address.
      await inbound(params, { url: 'https://elsewhere.example/api/sms/inbound' }),
      // Signed, then the body changed on the way.
      await journey.app.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': await twilioSignature(AUTH_TOKEN, WEBHOOK, params),
        },
        payload: new URLSearchParams({ ...params, Body: '30' }).toString(),
      }),
      // No body at all.
      await journey.app.inject({ method: 'POST', url: '/api/sms/inbound' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(apiErrorSchema.parse(refused.json()).code).toBe('SMS_SIGNATURE_INVALID');
    }
    const task = await taskOf(seller, taskId);
    expect([task.clientTask.status, task.clientTask.dueDate]).toEqual(['pending', '2027-07-01']);
    expect(
      await database.current.db.select().from(smsReplies).where(eq(smsReplies.messageSid, 'SMforged')),
    ).toHaveLength(0);
  });

  it('a signed request missing its fields is a 400 with field messages', async () => {
    const answer = await inbound({ From: '+15550100001', Body: 'DONE' });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain('MessageSid');
  });
});

describe('SMS reply commands and the webhook token', () => {
  it('reads DONE, SNOOZE and 1–30 days in any case, with trailing punctuation', () => {
    expect(parseSmsCommand('done')).toEqual({ kind: 'done' });
    expect(parseSmsCommand(' Done. ')).toEqual({ kind: 'done' });
    expect(parseSmsCommand('SNOOZE!')).toEqual({ kind: 'snooze', days: 1 });
    expect(parseSmsCommand('7')).toEqual({ kind: 'snooze', days: 7 });
    expect(parseSmsCommand('30')).toEqual({ kind: 'snooze', days: 30 });
    for (const body of ['31', '0', '007', 'stop', 'done done', '']) {
      expect(parseSmsCommand(body)).toEqual({ kind: 'help' });
    }
  });

  it('checks Twilio’s account token; without one the dev token outside production, none in production', () => {
    expect(webhookAuthToken({ TWILIO_AUTH_TOKEN: 'real' }, 'production')).toBe('real');
    expect(webhookAuthToken({ TWILIO_AUTH_TOKEN: 'real' }, 'development')).toBe('real');
    expect(webhookAuthToken({ TWILIO_AUTH_TOKEN: undefined }, 'development')).toBe(DEV_TWILIO_AUTH_TOKEN);
    expect(webhookAuthToken({ TWILIO_AUTH_TOKEN: undefined }, 'production')).toBeNull();
  });
});
