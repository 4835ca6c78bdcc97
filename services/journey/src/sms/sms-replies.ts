import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { clients, reminderDeliveries, smsReplies, users, type Db } from '@listready/db';
import { HttpError, type SessionUser } from '@listready/service-kit';
import { datedTaskById, type DatedTask } from '../calendar/dated-tasks.ts';
import type { Clock } from '../clock.ts';
import type { CustomTaskService } from '../custom-tasks/custom-task-service.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { ClientTaskUpdates } from '../tasks/client-task-updates.ts';

/** A reply acts on the last reminder SMS sent to the number within this many days. */
export const SMS_REPLY_WINDOW_DAYS = 14;
/** The most days a numeric reply moves a task by. */
export const SMS_SNOOZE_MAX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a reply asks for: DONE, SNOOZE (one day), a number of days, or something else (help). */
export type SmsCommand = { kind: 'done' } | { kind: 'snooze'; days: number } | { kind: 'help' };

/** Reads a reply: case, spaces and trailing punctuation do not matter ("done!", " Snooze ", "3"). */
export function parseSmsCommand(body: string): SmsCommand {
  const word = body
    .trim()
    .replace(/[.!?\s]+$/u, '')
    .toUpperCase();
  if (word === 'DONE') return { kind: 'done' };
  if (word === 'SNOOZE') return { kind: 'snooze', days: 1 };
  if (/^\d{1,2}$/.test(word)) {
    const days = Number(word);
    if (days >= 1 && days <= SMS_SNOOZE_MAX_DAYS) return { kind: 'snooze', days };
  }
  return { kind: 'help' };
}

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const TITLE_MAX = 60;
const quoted = (task: DatedTask) =>
  `“${task.title.length > TITLE_MAX ? `${task.title.slice(0, TITLE_MAX - 1)}…` : task.title}”`;

export const smsAnswers = {
  unknown:
    'ListReady: we found no recent reminder sent to this number, so nothing changed. Open ListReady to update your tasks.',
  gone: 'ListReady: that task is no longer dated on your journey, so nothing changed. Open ListReady to update it.',
  help: (task: DatedTask) =>
    `ListReady: reply DONE to mark ${quoted(task)} complete, SNOOZE to move it a day, or a number of days (1–${SMS_SNOOZE_MAX_DAYS}) to move it.`,
  done: (task: DatedTask) => `ListReady: ${quoted(task)} is marked done. Nice work!`,
  alreadyDone: (task: DatedTask) => `ListReady: ${quoted(task)} was already done.`,
  moved: (task: DatedTask, dueDate: string) => `ListReady: ${quoted(task)} is now due ${dayName(dueDate)}.`,
  refused: 'ListReady: you can no longer change that task, so nothing changed.',
};

/** The last reminder SMS sent to `phone` (the recipient's own number, else a seller's client record's). */
async function lastReminderTo(db: Db, phone: string, since: Date) {
  const sentTo = sql`coalesce(nullif(trim(${users.phone}), ''), trim(${clients.phone}))`;
  const [row] = await db
    .select({
      id: reminderDeliveries.id,
      userId: reminderDeliveries.userId,
      role: users.role,
      taskSource: reminderDeliveries.taskSource,
      taskId: reminderDeliveries.taskId,
    })
    .from(reminderDeliveries)
    .innerJoin(users, eq(users.id, reminderDeliveries.userId))
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(
      and(
        eq(reminderDeliveries.channel, 'sms'),
        eq(reminderDeliveries.status, 'sent'),
        gte(reminderDeliveries.sentAt, since),
        sql`${sentTo} = ${phone}`,
      ),
    )
    .orderBy(desc(reminderDeliveries.sentAt), desc(reminderDeliveries.createdAt))
    .limit(1);
  return row;
}

/**
 * Replies to reminder SMS (issue 19, "Actionable SMS"): DONE completes the task, SNOOZE moves it a
 * day, a number N (1–30) moves it N days — through the same updates as the journey screen, acting
 * as the person the reminder went to (so `task-completed` is published, progress follows, and a
 * member who left the household can no longer change it). The task is the one of the last reminder
 * SMS sent to the number. Each Twilio MessageSid is handled once: a retry gets the first answer.
 */
export function createSmsReplies(options: {
  db: Db;
  clock: Clock;
  updates: ClientTaskUpdates;
  customTasks: CustomTaskService;
  access: JourneyAccessControl;
  logger: Logger;
}) {
  const { db, clock, updates, customTasks, access } = options;

  async function act(from: string, body: string, messageSid: string) {
    const reminder = await lastReminderTo(
      db,
      from,
      new Date(clock().getTime() - SMS_REPLY_WINDOW_DAYS * DAY_MS),
    );
    if (!reminder) return { reminderId: null, answer: smsAnswers.unknown };
    const reminderId = reminder.id;
    const task = await datedTaskById(db, reminder.taskSource, reminder.taskId);
    if (!task) return { reminderId, answer: smsAnswers.gone };
    const command = parseSmsCommand(body);
    if (command.kind === 'help') return { reminderId, answer: smsAnswers.help(task) };
    if (task.completed) return { reminderId, answer: smsAnswers.alreadyDone(task) };

    const actor: SessionUser = { id: reminder.userId, role: reminder.role, sessionId: `sms:${messageSid}` };
    const newDueDate = command.kind === 'snooze' ? addDays(task.dueDate, command.days) : null;
    const patch = newDueDate === null ? ({ status: 'completed' } as const) : { dueDate: newDueDate };
    try {
      if (task.source === 'journey') {
        await updates.update(actor, task.id, patch);
      } else {
        const journey = await access.forClient(actor, task.clientId, 'write');
        if (!journey) return { reminderId, answer: smsAnswers.refused };
        await customTasks.update(journey, task.id, patch);
      }
    } catch (error) {
      // Not found or forbidden for this person now (left the household, task deleted): nothing changes.
      if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
        return { reminderId, answer: smsAnswers.refused };
      }
      throw error;
    }
    return {
      reminderId,
      answer: newDueDate === null ? smsAnswers.done(task) : smsAnswers.moved(task, newDueDate),
    };
  }

  return {
    /** Handles one inbound SMS once per MessageSid; answers the text to send back. */
    async reply(message: { messageSid: string; from: string; body: string }): Promise<string> {
      const claimed = await db
        .insert(smsReplies)
        .values({ messageSid: message.messageSid })
        .onConflictDoNothing()
        .returning({ messageSid: smsReplies.messageSid });
      if (claimed.length === 0) {
        const [seen] = await db
          .select({ answer: smsReplies.answer })
          .from(smsReplies)
          .where(eq(smsReplies.messageSid, message.messageSid));
        return seen?.answer ?? 'ListReady: your reply is being handled.';
      }
      try {
        const { reminderId, answer } = await act(message.from.trim(), message.body, message.messageSid);
        await db
          .update(smsReplies)
          .set({ reminderId, answer })
          .where(eq(smsReplies.messageSid, message.messageSid));
        return answer;
      } catch (error) {
        // Free the sid so Twilio's retry (after our 500) is handled afresh.
        await db
          .delete(smsReplies)
          .where(eq(smsReplies.messageSid, message.messageSid))
          .catch((cleanup: unknown) => options.logger.error({ err: cleanup }, 'SMS reply claim not freed'));
        throw error;
      }
    },
  };
}
export type SmsReplies = ReturnType<typeof createSmsReplies>;
