import { sql } from 'drizzle-orm';
import { bigserial, index, pgSchema, text } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '@listready/contracts';
import { id, oneOf, timestamptz } from './common.ts';

/**
 * Development facilities, outside the five service schemas: the dev mailbox (DESIGN.md §2) where
 * e-mail and SMS go when no real engine is configured. Written by libs/messaging on behalf of any
 * service (auth's reset mails, invitation's invitations), read by `GET /api/dev/mailbox`.
 */
export const devSchema = pgSchema('dev');

/** Declared once in libs/contracts. */
export const MAILBOX_CHANNELS = MESSAGE_CHANNELS;
export type MailboxChannel = (typeof MAILBOX_CHANNELS)[number];

export const devMailbox = devSchema.table(
  'mailbox',
  {
    id: id(),
    /** Insertion order, to sort messages created within the same millisecond. */
    seq: bigserial({ mode: 'number' }).notNull(),
    channel: text({ enum: MAILBOX_CHANNELS }).notNull(),
    /** The e-mail address or phone number it was sent to. */
    recipient: text().notNull(),
    subject: text(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('mailbox_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt.desc()),
    oneOf('mailbox_channel_check', t.channel, MAILBOX_CHANNELS),
  ],
);
