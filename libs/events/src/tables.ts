import type { deadLettersTable, outboxTable, processedEventsTable } from '@listready/db';

/** A schema's outbox, processed_events and dead_letters tables (built by libs/db's factories). */
export type OutboxTable = ReturnType<typeof outboxTable>;
export type ProcessedEventsTable = ReturnType<typeof processedEventsTable>;
export type DeadLettersTable = ReturnType<typeof deadLettersTable>;
