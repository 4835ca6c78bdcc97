import { getTableConfig } from 'drizzle-orm/pg-core';
import type { deadLettersTable, outboxTable, processedEventsTable } from '@listready/db';

/** A schema's outbox, processed_events and dead_letters tables (built by libs/db's factories). */
export type OutboxTable = ReturnType<typeof outboxTable>;
export type ProcessedEventsTable = ReturnType<typeof processedEventsTable>;
export type DeadLettersTable = ReturnType<typeof deadLettersTable>;

/** The Postgres schema a table lives in (`journey`, `auth`…). */
export function schemaOf(table: OutboxTable): string {
  const schema = getTableConfig(table).schema;
  if (!schema) throw new Error('The outbox table must live in a service schema');
  return schema;
}

/** The LISTEN/NOTIFY channel libs/db's trigger signals after each outbox insert. */
export const outboxChannel = (schema: string): string => `outbox_${schema}`;
