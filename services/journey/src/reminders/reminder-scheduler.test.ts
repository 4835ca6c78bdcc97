import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customTaskSchema, taskEntriesSchema, userGroupSchema } from '@listready/contracts';
import { calendarEvents, reminderDeliveries, users } from '@listready/db';
import { createDevMailbox, devMailboxMailer, devMailboxSmsSender, type Mailer } from '@listready/messaging';
import { useTestDatabase } from '@listready/testing';
import { loadJourneyConfig } from '../config.ts';
import {
  as,
  eventually,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';
import { createReminderScheduler } from './reminder-scheduler.ts';

const silent = pino({ level: 'silent' });

describe('reminders', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  let now = new Date('2026-11-01T12:00:00Z');
  const mailbox = () => createDevMailbox(database.current);
  const inbox = (to: string) => mailbox().list(to);

  const scheduler = (overrides: { mailer?: Mailer } = {}) =>
    createReminderScheduler({
      db: database.current.db,
      clock: () => now,
      mailer: overrides.mailer ?? devMailboxMailer(mailbox()),
      sms: devMailboxSmsSender(mailbox()),
      logger: silent,
      publicUrl: 'https://homes.example',
      intervalMs: 0,
    });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    journey.app.inject({ method, url, ...(payload ? { payload } : {}), ...as(user) });

  /** A seller living in `timezone` with their notification settings, and their first task's id. */
  async function sellerIn(
    timezone: string,
    settings: {
      email?: boolean;
      sms?: boolean;
      phone?: string | null;
      firstName?: string;
      reminderMinutes?: number;
    } = {},
  ) {
    const seller = await journey.signUp('client', {
      firstName: settings.firstName ?? 'Sam',
      lastName: 'Seller',
    });
    await database.current.db
      .update(users)
      .set({
        timezone,
        phone: settings.phone ?? null,
        notificationPreferences: {
          email: settings.email ?? true,
          sms: settings.sms ?? false,
          push: true,
          calendar: true,
          ...(settings.reminderMinutes === undefined ? {} : { reminderMinutes: settings.reminderMinutes }),
        },
      })
      .where(eq(users.id, seller.userId));
    const tasks = taskEntriesSchema.parse((await call(seller, 'GET', '/api/clients/current/tasks')).json());
    return { seller, taskIds: tasks.map((task) => task.id) };
  }
  const due = async (seller: TestUser, taskId: string, dueDate: string) =>
    expect((await call(seller, 'PUT', `/api/client-tasks/${taskId}`, { dueDate })).statusCode).toBe(200);

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(() => journey.stop());

  it('e-mails the seller once, at 6 pm the evening before the due day in their own time zone', async () => {
    const { seller, taskIds } = await sellerIn('America/Los_Angeles');
    await due(seller, must(taskIds[0]), '2026-12-01');
    const reminders = scheduler();

    // 18:00 on Nov 30 in Los Angeles (UTC−8) is 02:00 UTC on Dec 1.
    now = new Date('2026-12-01T01:59:59Z');
    await reminders.tick();
    expect(await inbox(seller.email)).toEqual([]);

    now = new Date('2026-12-01T02:00:00Z');
    expect(await reminders.tick()).toMatchObject({ planned: 1, sent: 1 });
    now = new Date('2026-12-01T02:05:00Z');
    expect(await reminders.tick()).toMatchObject({ planned: 0, sent: 0 });

    const messages = await inbox(seller.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email' });
    expect(messages[0]?.subject).toMatch(/ is due tomorrow, Tuesday, December 1$/);
    expect(messages[0]?.text).toContain('Hi Sam,');
    expect(messages[0]?.text).toContain('https://homes.example/journey');
    // One click from the settings that sent it.
    expect(messages[0]?.text).toContain(
      'Turn them off or choose when they come: https://homes.example/profile?tab=overview',
    );
  });

  it('comes when the person chose: 8 am on the due day, or 6 pm two days before', async () => {
    const morning = await sellerIn('America/Chicago', { firstName: 'Mona', reminderMinutes: -8 * 60 });
    await due(morning.seller, must(morning.taskIds[0]), '2026-12-20');
    const early = await sellerIn('America/Chicago', { firstName: 'Earl', reminderMinutes: 30 * 60 });
    await due(early.seller, must(early.taskIds[0]), '2026-12-22');
    const reminders = scheduler();

    // 6 pm on Dec 19 in Chicago (UTC−6), the default's time for the 20th: Mona chose the morning.
    now = new Date('2026-12-20T00:00:00Z');
    await reminders.tick();
    expect(await inbox(morning.seller.email)).toEqual([]);
    now = new Date('2026-12-20T13:59:00Z');
    await reminders.tick();
    expect(await inbox(morning.seller.email)).toEqual([]);
    now = new Date('2026-12-20T14:00:00Z'); // 8 am in Chicago
    await reminders.tick();
    const [todays] = await inbox(morning.seller.email);
    expect(todays?.subject).toMatch(/ is due today$/);

    // Earl's task, due on the 22nd, at 6 pm on the 20th (00:00 UTC on the 21st).
    now = new Date('2026-12-20T23:59:00Z');
    await reminders.tick();
    expect(await inbox(early.seller.email)).toEqual([]);
    now = new Date('2026-12-21T00:00:00Z');
    await reminders.tick();
    const [earlys] = await inbox(early.seller.email);
    expect(earlys?.subject).toMatch(/ is due on Tuesday, December 22$/);
  });

  it('follows each person’s zone: 18:00 the evening before in Tokyo is 09:00 UTC', async () => {
    const { seller, taskIds } = await sellerIn('Asia/Tokyo');
    await due(seller, must(taskIds[0]), '2026-12-10');
    const reminders = scheduler();
    now = new Date('2026-12-09T08:59:00Z');
    await reminders.tick();
    expect(await inbox(seller.email)).toHaveLength(0);
    now = new Date('2026-12-09T09:00:00Z'); // 18:00 in Tokyo (UTC+9)
    await reminders.tick();
    expect(await inbox(seller.email)).toHaveLength(1);
  });

  it('reaches the zones furthest ahead: 18:00 the evening before in Kiritimati (UTC+14) is 04:00 UTC', async () => {
    const { seller, taskIds } = await sellerIn('Pacific/Kiritimati');
    await due(seller, must(taskIds[0]), '2026-12-12');
    const reminders = scheduler();
    now = new Date('2026-12-11T03:59:00Z');
    await reminders.tick();
    expect(await inbox(seller.email)).toHaveLength(0);
    now = new Date('2026-12-11T04:00:00Z');
    await reminders.tick();
    expect(await inbox(seller.email)).toHaveLength(1);
  });

  it('sends one message per reminder when two scheduler replicas race', async () => {
    const { seller, taskIds } = await sellerIn('Europe/Paris', { sms: true, phone: '+33600000001' });
    const dated = taskIds.slice(0, 8);
    for (const taskId of dated) await due(seller, taskId, '2026-12-15');
    // A slow engine keeps each delivery transaction open, so the replicas overlap for real.
    const slowMailer = (): Mailer => {
      const inner = devMailboxMailer(mailbox());
      return {
        engine: inner.engine,
        send: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return inner.send(message);
        },
      };
    };
    const [first, second] = [scheduler({ mailer: slowMailer() }), scheduler({ mailer: slowMailer() })];
    now = new Date('2026-12-15T07:30:00Z'); // 08:30 on the due day in Paris: all are due
    const results = await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);

    expect(results.reduce((sum, result) => sum + result.planned, 0)).toBe(16);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(16);
    const email = await inbox(seller.email);
    const sms = await inbox('+33600000001');
    expect(email).toHaveLength(8);
    expect(sms).toHaveLength(8);
    expect(
      sms.every(
        (message) =>
          message.channel === 'sms' &&
          message.text.endsWith('is due today. Reply DONE, SNOOZE or a number of days.'),
      ),
    ).toBe(true);
    const rows = await database.current.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, seller.userId));
    expect(rows.map((row) => row.status)).toEqual(Array(16).fill('sent'));
  });

  it('respects the person’s preferences: SMS only when opted in with a phone, no e-mail when turned off', async () => {
    const { seller, taskIds } = await sellerIn('America/New_York', {
      email: false,
      sms: true,
      phone: '+12125550100',
    });
    const { seller: noPhone, taskIds: otherTasks } = await sellerIn('America/New_York', { sms: true });
    await due(seller, must(taskIds[0]), '2026-12-20');
    await due(noPhone, must(otherTasks[0]), '2026-12-20');
    now = new Date('2026-12-20T14:00:00Z'); // 09:00 on the due day in New York
    await scheduler().tick();
    expect(await inbox(seller.email)).toEqual([]);
    expect((await inbox('+12125550100')).map((message) => message.channel)).toEqual(['sms']);
    expect((await inbox(noPhone.email)).map((message) => message.channel)).toEqual(['email']);
  });

  it('keeps a text due at night until 8 am in the person’s zone; the e-mail goes at once', async () => {
    const { seller, taskIds } = await sellerIn('America/New_York', { sms: true, phone: '+12125550177' });
    // Dated at 23:30 for the next day, long after its 6 pm: late, and at night.
    await due(seller, must(taskIds[0]), '2026-12-30');
    now = new Date('2026-12-30T04:30:00Z'); // 23:30 on the 29th in New York
    expect(await scheduler().tick()).toMatchObject({ planned: 2, sent: 1, waiting: 1 });
    expect((await inbox(seller.email)).map((message) => message.channel)).toEqual(['email']);
    expect(await inbox('+12125550177')).toEqual([]);
    const [text] = await database.current.db
      .select()
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, seller.userId), eq(reminderDeliveries.channel, 'sms')));
    expect(text).toMatchObject({ status: 'pending', attempts: 0 });
    expect(text?.nextAttemptAt.toISOString()).toBe('2026-12-30T13:00:00.000Z'); // 08:00 in New York

    now = new Date('2026-12-30T12:59:00Z');
    expect(await scheduler().tick()).toMatchObject({ sent: 0, waiting: 0 });
    now = new Date('2026-12-30T13:00:00Z');
    expect(await scheduler().tick()).toMatchObject({ sent: 1 });
    const texts = await inbox('+12125550177');
    expect(texts.map((message) => message.text)).toEqual([
      expect.stringMatching(/is due today\. Reply DONE, SNOOZE or a number of days\.$/),
    ]);
  });

  it('reminds the household member a task is assigned to, and never for a done, moved or past task', async () => {
    const { seller, taskIds } = await sellerIn('America/Chicago');
    const member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    const group = userGroupSchema.parse(
      (await call(seller, 'POST', '/api/user-groups', { name: 'Home' })).json(),
    );
    await call(member, 'POST', '/api/user-groups/join', { inviteCode: group.inviteCode });
    const assigned = customTaskSchema.parse(
      (
        await call(seller, 'POST', '/api/clients/current/custom-tasks', {
          title: 'Mow the lawn',
          dueDate: '2026-12-22',
          assignedTo: 'max member',
        })
      ).json(),
    );
    expect(assigned.assignedTo).toBe('max member');
    const [done, moved, past] = [must(taskIds[0]), must(taskIds[1]), must(taskIds[2])];
    for (const taskId of [done, moved]) await due(seller, taskId, '2026-12-22');
    // Due on the 21st: its day has ended in Chicago by now, so it is not reminded late.
    await due(seller, past, '2026-12-21');
    expect((await call(seller, 'PUT', `/api/client-tasks/${done}`, { status: 'completed' })).statusCode).toBe(
      200,
    );

    const reminders = scheduler();
    now = new Date('2026-12-22T10:00:00Z'); // 04:00 on the 22nd in Chicago
    // The reminder of `moved` is planned, then the task moves before it goes: skipped.
    await database.current.db.insert(reminderDeliveries).values({
      userId: seller.userId,
      taskSource: 'journey',
      taskId: moved,
      dueDate: '2026-12-21',
      channel: 'email',
      remindAt: now,
      nextAttemptAt: now,
    });
    const result = await reminders.tick();
    expect(result).toMatchObject({ sent: 3, skipped: 1 });

    const sellerMail = await inbox(seller.email);
    expect(sellerMail).toHaveLength(2);
    expect(sellerMail.map((message) => message.subject)).toContain('Reminder: Mow the lawn is due today');
    expect(sellerMail.every((message) => message.subject?.endsWith(' is due today'))).toBe(true);
    const memberMail = await inbox(member.email);
    expect(memberMail).toHaveLength(1);
    expect(memberMail[0]?.text).toContain('on Sam Seller’s journey');
    expect(memberMail[0]?.text).toContain(
      `/journey?clientId=${must(await journey.clientOf(seller.userId)).id}`,
    );
  });

  it('catches up after a restart until the due day ends, and retries a failed delivery with back-off', async () => {
    const { seller, taskIds } = await sellerIn('UTC');
    await due(seller, must(taskIds[0]), '2026-12-24');
    await due(seller, must(taskIds[1]), '2026-12-25');
    let failures = 1;
    const flaky: Mailer = {
      engine: 'dev-mailbox',
      send: async (message) => {
        if (failures-- > 0) throw new Error('Gmail said 503');
        return devMailboxMailer(mailbox()).send(message);
      },
    };
    // Down from the evening before until the due day has ended: the 24th's reminder is not sent late.
    now = new Date('2026-12-25T00:30:00Z');
    const first = await scheduler({ mailer: flaky }).tick();
    expect(first).toMatchObject({ planned: 1, sent: 0 });
    const [row] = await database.current.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, seller.userId));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Gmail said 503' });

    now = new Date('2026-12-25T00:31:00Z');
    expect(await scheduler({ mailer: flaky }).tick()).toMatchObject({ sent: 0 }); // backing off: 2 minutes
    now = new Date('2026-12-25T00:33:00Z');
    expect(await scheduler({ mailer: flaky }).tick()).toMatchObject({ sent: 1 });
    const mail = await inbox(seller.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toMatch(/is due today$/);
  });

  it('after a crash sends again only the message that was going out, not those already sent', async () => {
    const { seller, taskIds } = await sellerIn('UTC');
    for (const taskId of taskIds.slice(0, 5)) await due(seller, taskId, '2027-01-12');
    // The third message reaches the engine, then the database connection of its delivery dies
    // (the process crashed, or Postgres restarted) before the row is recorded sent.
    let sends = 0;
    const dying: Mailer = {
      engine: 'dev-mailbox',
      send: async (message) => {
        const sent = await devMailboxMailer(mailbox()).send(message);
        sends += 1;
        if (sends === 3)
          await database.current.db.execute(
            sql`select pg_terminate_backend(l.pid) from pg_locks l join pg_class c on c.oid = l.relation
                where c.relname = 'reminder_deliveries' and l.pid <> pg_backend_pid()`,
          );
        return sent;
      },
    };
    now = new Date('2027-01-12T00:30:00Z');
    await expect(scheduler({ mailer: dying }).tick()).rejects.toThrow();
    expect(await inbox(seller.email)).toHaveLength(3);

    // Started again: the two recorded sent are not sent again; the third is, with the two not yet sent.
    expect(await scheduler().tick()).toMatchObject({ sent: 3 });
    const subjects = (await inbox(seller.email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(6);
    expect(new Set(subjects).size).toBe(5);
  });

  it('uses the person’s own reminder minutes from their calendar event', async () => {
    const { seller, taskIds } = await sellerIn('UTC');
    const taskId = must(taskIds[0]);
    await due(seller, taskId, '2026-12-28');
    await database.current.db.insert(calendarEvents).values({
      userId: seller.userId,
      taskId,
      title: 'A day ahead',
      startTime: new Date('2026-12-28T00:00:00Z'),
      isAllDay: true,
      reminderMinutes: 24 * 60,
    });
    now = new Date('2026-12-26T23:59:00Z');
    await scheduler().tick();
    expect(await inbox(seller.email)).toHaveLength(0);
    now = new Date('2026-12-27T00:00:00Z');
    await scheduler().tick();
    expect(await inbox(seller.email)).toHaveLength(1);
  });

  it('runs on its own in the service on REMINDER_INTERVAL_MS, at the service clock’s time', async () => {
    const ticking = await startTestJourneyService(database.current, {
      deps: {
        config: loadJourneyConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REMINDER_INTERVAL_MS: '50' }),
      },
    });
    try {
      ticking.setNow(new Date('2027-01-05T12:00:00Z'));
      const seller = await ticking.signUp('client');
      const tasks = taskEntriesSchema.parse(
        (await ticking.app.inject({ url: '/api/clients/current/tasks', ...as(seller) })).json(),
      );
      await ticking.app.inject({
        method: 'PUT',
        url: `/api/client-tasks/${must(tasks[0]).id}`,
        payload: { dueDate: '2027-01-05' },
        ...as(seller),
      });
      await eventually(async () => (await inbox(seller.email)).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await inbox(seller.email)).toHaveLength(1);
    } finally {
      await ticking.stop();
    }
  });
});
