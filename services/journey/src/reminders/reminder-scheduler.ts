import { and, asc, eq, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DEFAULT_REMINDER_MINUTES, REMINDER_LEADS, type MESSAGE_CHANNELS } from '@listready/contracts';
import { reminderDeliveries, type Db } from '@listready/db';
import type { Mailer, SmsSender } from '@listready/messaging';
import {
  datedTaskById,
  longestReminderMinutes,
  openTasksDueBetween,
  reminderMinutesOf,
  taskKey,
  type Queryable,
} from '../calendar/dated-tasks.ts';
import type { Clock } from '../clock.ts';
import { reminderEmail, reminderSms } from './reminder-messages.ts';
import { recipientsOf } from './reminder-recipients.ts';
import { quietHoursEnd, reminderWindow } from './reminder-times.ts';

type Channel = (typeof MESSAGE_CHANNELS)[number];
type DeliveryRow = typeof reminderDeliveries.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest lead a reminder may have: up to a week before the due day. */
const LEAD_DAYS = 7;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ReminderSchedulerOptions {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  /** Links in e-mails point here; without it the e-mail names the journey without a link. */
  publicUrl?: string | undefined;
  /** How often a tick runs once started; 0: never (ticks only when `tick()` is called). */
  intervalMs: number;
  /** Longest one message may take before it counts as failed (and is tried again later). */
  deliveryTimeoutMs?: number;
  maxAttempts?: number;
}

export interface TickResult {
  planned: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Texts due at night in the person's zone, put off until the morning (SMS_QUIET_HOURS). */
  waiting: number;
}

/**
 * Reminders by e-mail (and SMS when the person opted in) at the person's local time, sent once
 * however many replicas run this (issue 19, item 2). A tick plans, then delivers:
 *
 * - plan: every open task due around now, for each person it reminds (the seller, the member it is
 *   assigned to), each channel their preferences allow, whose reminder time has come and whose due
 *   day has not ended in their zone → a `reminder_deliveries` row, inserted ON CONFLICT DO NOTHING
 *   on (person, task, due date, channel): the row is the "sent once" marker, so replicas and restarts
 *   plan it once;
 * - deliver: each pending row claimed `FOR UPDATE SKIP LOCKED` in a transaction of its own, held
 *   while its message goes out, so a row is sent by one replica; the task, the person and their
 *   preferences are read again first (done, moved, unassigned or opted out → skipped); a text due
 *   at night in their zone waits until 8 am (SMS_QUIET_HOURS); a failure is tried again with back-off,
 *   up to `maxAttempts`.
 *
 * Everything is rows in Postgres, so a restart loses nothing: the next tick catches up until the
 * due day ends. A crash after the engine accepted a message but before its row's commit sends that
 * one message again (at least once there; exactly once between replicas).
 */
export function createReminderScheduler(options: ReminderSchedulerOptions) {
  const { db, clock, mailer, sms, logger } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 15_000;

  async function plan(now: Date): Promise<number> {
    // Only due dates whose reminder can have come by now somewhere: a day starts at most 14 h
    // before UTC's (UTC+14) and ends at most 12 h after (UTC−12); the lead is the longest
    // reminder anyone may choose or set on a task (at most a week), so a quiet tick reads a few
    // days of tasks, not nine.
    const leadMinutes = Math.min(
      Math.max(...REMINDER_LEADS, (await longestReminderMinutes(db)) ?? 0),
      LEAD_DAYS * 24 * 60,
    );
    const from = utcDay(new Date(now.getTime() - DAY_MS));
    const to = utcDay(new Date(now.getTime() + leadMinutes * 60_000 + 14 * 60 * 60_000));
    const candidates = await openTasksDueBetween(db, from, to);
    if (candidates.length === 0) return 0;
    const recipients = await recipientsOf(db, candidates);
    const people = [...new Set([...recipients.values()].flat().map(({ recipient }) => recipient.userId))];
    const minutes = await reminderMinutesOf(db, people);
    const rows: (typeof reminderDeliveries.$inferInsert)[] = [];
    for (const entries of recipients.values()) {
      for (const { task, recipient } of entries) {
        // The task's own calendar event, else the person's choice, else 6 pm the evening before.
        const reminderMinutes =
          minutes.get(`${recipient.userId}|${taskKey(task.source, task.id)}`) ??
          recipient.preferences.reminderMinutes ??
          DEFAULT_REMINDER_MINUTES;
        const { remindAt, until } = reminderWindow(task.dueDate, recipient.timezone, reminderMinutes);
        if (remindAt > now || now >= until) continue;
        const channels: Channel[] = [];
        if (recipient.preferences.email) channels.push('email');
        if (recipient.preferences.sms && recipient.phone) channels.push('sms');
        for (const channel of channels) {
          rows.push({
            userId: recipient.userId,
            taskSource: task.source,
            taskId: task.id,
            dueDate: task.dueDate,
            channel,
            remindAt,
            nextAttemptAt: remindAt,
          });
        }
      }
    }
    if (rows.length === 0) return 0;
    const inserted = await db
      .insert(reminderDeliveries)
      .values(rows)
      .onConflictDoNothing({
        target: [
          reminderDeliveries.userId,
          reminderDeliveries.taskSource,
          reminderDeliveries.taskId,
          reminderDeliveries.dueDate,
          reminderDeliveries.channel,
        ],
      })
      .returning({ id: reminderDeliveries.id });
    return inserted.length;
  }

  /** What to send for a claimed row now, or the reason it should not go any more. */
  async function messageOf(tx: Queryable, row: DeliveryRow, now: Date) {
    const task = await datedTaskById(tx, row.taskSource, row.taskId);
    if (!task || task.completed || task.dueDate !== row.dueDate) return { skip: 'task done, moved or gone' };
    const entry = (await recipientsOf(tx, [task]))
      .get(taskKey(task.source, task.id))
      ?.find(({ recipient }) => recipient.userId === row.userId);
    if (!entry) return { skip: 'no longer reminded of this task' };
    const { recipient } = entry;
    if (now >= reminderWindow(task.dueDate, recipient.timezone, 0).until) return { skip: 'due day over' };
    if (row.channel === 'email') {
      if (!recipient.preferences.email) return { skip: 'e-mail reminders turned off' };
      return { send: () => mailer.send(reminderEmail(task, recipient, now, options.publicUrl)) };
    }
    if (!recipient.preferences.sms || !recipient.phone) return { skip: 'SMS reminders turned off' };
    // A text does not wake anyone: one due at night waits for the morning (the due day's).
    const morning = quietHoursEnd(now, recipient.timezone);
    if (morning) return { waitUntil: morning };
    const phone = recipient.phone;
    return { send: () => sms.send(reminderSms(task, recipient, now, phone)) };
  }

  const withTimeout = <T>(work: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No answer within ${deliveryTimeoutMs} ms`)),
        deliveryTimeoutMs,
      );
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });

  /**
   * Claims one due row (skipping rows another replica holds) and settles it, in a transaction of its
   * own held while the message goes out: a message that went out is recorded sent when it returns.
   * (One transaction for a batch of 20 rolled every message of the batch back to pending when the
   * process died, or one row's update failed, after some had gone: each was sent again.)
   */
  async function deliverOne(now: Date, result: TickResult): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(reminderDeliveries)
        .where(and(eq(reminderDeliveries.status, 'pending'), lte(reminderDeliveries.nextAttemptAt, now)))
        .orderBy(asc(reminderDeliveries.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const settle = (set: Partial<DeliveryRow>) =>
        tx.update(reminderDeliveries).set(set).where(eq(reminderDeliveries.id, row.id));
      const message = await messageOf(tx, row, now);
      if ('skip' in message) {
        result.skipped += 1;
        await settle({ status: 'skipped', lastError: message.skip ?? null });
        return true;
      }
      if ('waitUntil' in message) {
        result.waiting += 1;
        await settle({ nextAttemptAt: message.waitUntil });
        return true;
      }
      const attempts = row.attempts + 1;
      try {
        await withTimeout(message.send());
        result.sent += 1;
        await settle({ status: 'sent', sentAt: now, attempts, lastError: null });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const givingUp = attempts >= maxAttempts;
        if (givingUp) result.failed += 1;
        logger.warn(
          { reminder: row.id, channel: row.channel, attempts, err: error },
          'reminder not delivered',
        );
        await settle({
          status: givingUp ? 'failed' : 'pending',
          attempts,
          lastError: reason.slice(0, 500),
          // 2, 4, 8, 16 minutes… at most an hour.
          nextAttemptAt: new Date(now.getTime() + Math.min(2 ** attempts, 60) * 60_000),
        });
      }
      return true;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TickResult> | undefined;

  /** One pass: plan what has come due, then deliver until nothing due is left unclaimed. */
  async function tick(): Promise<TickResult> {
    const now = clock();
    const result: TickResult = { planned: await plan(now), sent: 0, skipped: 0, failed: 0, waiting: 0 };
    // A row tried and failed waits for its next attempt after `now`: the loop ends.
    while (await deliverOne(now, result)) {
      // Until nothing due is left unclaimed.
    }
    return result;
  }

  /** A tick unless one is running (the interval never stacks ticks); errors are logged. */
  function scheduledTick() {
    if (running) return;
    running = tick()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'reminder tick failed');
        return { planned: 0, sent: 0, skipped: 0, failed: 0, waiting: 0 };
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    tick,
    start() {
      if (options.intervalMs <= 0 || timer) return;
      scheduledTick();
      timer = setInterval(scheduledTick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
