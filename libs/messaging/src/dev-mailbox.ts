import { desc, sql } from 'drizzle-orm';
import { devMailbox, type Database } from '@listready/db';
import type { Delivery, Mailer, SmsSender } from './message.ts';

export interface DevMailboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: Date;
}

/**
 * Where messages go when a channel has no real engine (DESIGN.md §2): a table, so they survive a
 * restart and every process of the platform reads the same mailbox. Read through
 * `GET /api/dev/mailbox?to=` (services/auth), which answers 404 in production.
 */
export interface DevMailbox {
  deliver(entry: Omit<DevMailboxEntry, 'id' | 'createdAt'>): Promise<Delivery>;
  /** Messages to `to` (case-insensitive), newest first. */
  list(to: string, limit?: number): Promise<DevMailboxEntry[]>;
}

export function createDevMailbox(database: Pick<Database, 'db'>): DevMailbox {
  const { db } = database;
  return {
    async deliver(entry) {
      const [row] = await db
        .insert(devMailbox)
        .values({
          channel: entry.channel,
          recipient: entry.to,
          subject: entry.subject,
          text: entry.text,
          html: entry.html,
        })
        .returning({ id: devMailbox.id });
      if (!row) throw new Error('The dev mailbox stored nothing');
      return { id: row.id };
    },
    async list(to, limit = 100) {
      const rows = await db
        .select()
        .from(devMailbox)
        .where(sql`lower(${devMailbox.recipient}) = lower(${to.trim()})`)
        .orderBy(desc(devMailbox.createdAt), desc(devMailbox.seq))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.createdAt,
      }));
    },
  };
}

export const devMailboxMailer = (mailbox: DevMailbox): Mailer => ({
  engine: 'dev-mailbox',
  send: (message) =>
    mailbox.deliver({
      channel: 'email',
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    }),
});

export const devMailboxSmsSender = (mailbox: DevMailbox): SmsSender => ({
  engine: 'dev-mailbox',
  send: (message) =>
    mailbox.deliver({ channel: 'sms', to: message.to, subject: null, text: message.body, html: null }),
});
