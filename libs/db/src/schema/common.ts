import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
  type PgSchema,
} from 'drizzle-orm/pg-core';

/** Random text ids (UUID v4), as DESIGN.md §3 asks. */
export const id = (name = 'id') =>
  text(name)
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A `timestamptz` read as a Date; without a name the column takes its (snake_case) field name. */
export const timestamptz = (name?: string) =>
  name === undefined
    ? timestamp({ withTimezone: true, mode: 'date' })
    : timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Enumerations are text columns plus a check constraint (see libs/db/README.md): changing the
 * allowed values is a constraint swap inside one migration transaction, unlike `ALTER TYPE`.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}

/** createdAt / updatedAt pair shared by most tables; updatedAt is bumped by the repositories. */
export const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
};

/** What the outbox stores: the full event envelope of DESIGN.md §4 (validated by libs/contracts). */
export interface StoredEnvelope {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  producer: string;
  key: string;
  data: unknown;
}

/**
 * The transactional outbox: a producer inserts a row in the same transaction as its change;
 * the relay publishes unpublished rows in `seq` order (so order per key holds) and stamps
 * `published_at`. `headers` carries trace context (W3C traceparent) to the consumer.
 */
export const outboxTable = (schema: PgSchema<string>) =>
  schema.table(
    'outbox',
    {
      seq: bigserial('seq', { mode: 'number' }).primaryKey(),
      id: text('id').notNull().unique(),
      type: text('type').notNull(),
      key: text('key').notNull(),
      envelope: jsonb('envelope').$type<StoredEnvelope>().notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      createdAt: timestamptz('created_at').notNull().defaultNow(),
      publishedAt: timestamptz('published_at'),
    },
    (t) => [
      index('outbox_unpublished_idx')
        .on(t.seq)
        .where(sql`${t.publishedAt} is null`),
    ],
  );

/** Idempotent consumers: `(consumer, event_id)` is written in the same transaction as the effect. */
export const processedEventsTable = (schema: PgSchema<string>) =>
  schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: text('event_id').notNull(),
      processedAt: timestamptz('processed_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );

/** Events a consumer gave up on (validation failure or a handler that kept throwing). */
export const deadLettersTable = (schema: PgSchema<string>) =>
  schema.table('dead_letters', {
    id: id(),
    consumer: text('consumer').notNull(),
    topic: text('topic').notNull(),
    eventId: text('event_id'),
    payload: text('payload').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamptz('failed_at').notNull().defaultNow(),
  });
