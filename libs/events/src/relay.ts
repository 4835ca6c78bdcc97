import { asc, isNull, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { isEventType, topicFor } from '@listready/contracts';
import type { Database } from '@listready/db';
import type { OutboxTable } from './tables.ts';
import { describeError, pause, retry } from './timing.ts';
import { contextFromHeaders, failSpan, startMessagingSpan } from './tracing.ts';
import type { OutgoingMessage, Transport } from './transport.ts';

/** Fallback poll when no NOTIFY arrives (the trigger wakes the relay at once). */
const pollIntervalMs = 500;
/** How often a standby relay tries to become the active one. */
const standbyRetryMs = 1_000;
/**
 * Pause before a new database session after one failed. Fixed, not a back-off: one connection
 * attempt a second costs the database nothing, and the relay is back as soon as it can be.
 */
const reconnectDelayMs = 1_000;

export interface RelayOptions {
  database: Database;
  transport: Transport;
  outbox: OutboxTable;
  /** The publishing service, named on the relay's send spans. */
  service: string;
  logger: Logger;
  /** Rows sent per transaction (default 200). */
  batchSize?: number;
}

type RelayBatch = ReturnType<OutboxRelay['prepareBatch']>;

export interface RelayHealth {
  schema: string;
  /** True while this relay holds the outbox's lock (false: standing by or stopped). */
  active: boolean;
  /** The backlog: unpublished rows, and the age of the oldest (0 when there is none). */
  unpublished: number;
  oldestAgeMs: number;
}

/**
 * Publishes one schema's outbox: unpublished rows in `seq` order, in batches, each batch sent and
 * marked published in one transaction. A crash between send and mark re-sends the batch; consumers
 * ignore the duplicates. Woken by NOTIFY `outbox_<schema>` (libs/db's trigger) or a short poll.
 *
 * Order per key with several replicas: `FOR UPDATE SKIP LOCKED` alone would let a second relay
 * skip the rows a first one is still sending and send later rows of the same key first. So only
 * the holder of a session-level advisory lock keyed on the schema name relays; the others stand
 * by and retry. The lock, LISTEN and the batch transactions share one dedicated connection: if it
 * dies, the lock and the unmarked batch go with it, and the next holder starts again from the
 * oldest unpublished row (re-sending rather than reordering). SKIP LOCKED stays as a guard.
 */
export class OutboxRelay {
  readonly schema: string;
  private readonly options: RelayOptions;
  private readonly batchSize: number;
  private readonly logger: Logger;
  private readonly stopController = new AbortController();
  private loop: Promise<void> | null = null;
  /** Aborted by `wake`, ending the wait between two drains early. */
  private waiting = new AbortController();
  private woken = false;
  private active = false;

  constructor(options: RelayOptions) {
    this.options = options;
    this.batchSize = options.batchSize ?? 200;
    // Every service's outbox lives in its own Postgres schema (`journey`, `auth`…).
    this.schema = getTableConfig(options.outbox).schema ?? 'public';
    this.logger = options.logger.child({ component: 'outbox-relay', schema: this.schema });
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Finishes the batch in flight (an in-process send waiting on consumers is aborted), then releases the lock. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopController.abort();
    this.wake();
    await this.loop;
  }

  async health(): Promise<RelayHealth> {
    const outbox = this.options.outbox;
    const [row] = await this.options.database.db
      .select({
        unpublished: sql<number>`count(*)::int`,
        oldestAgeMs: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})) * 1000, 0)::float8`,
      })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return {
      schema: this.schema,
      active: this.active,
      unpublished: row?.unpublished ?? 0,
      oldestAgeMs: Math.max(0, Math.round(row?.oldestAgeMs ?? 0)),
    };
  }

  private get stopping(): boolean {
    return this.stopController.signal.aborted;
  }

  private wake(): void {
    this.woken = true;
    this.waiting.abort();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.session();
      } catch (error) {
        if (this.stopping) return;
        this.logger.warn({ err: describeError(error) }, 'outbox relay session failed; reconnecting');
        await pause(reconnectDelayMs, this.stopController.signal);
      }
    }
  }

  /** One database session: stands by until it holds the outbox's lock, then relays until stopped. */
  private async session(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.database.url,
      application_name: `listready-relay-${this.schema}`,
    });
    let broken: Error | null = null;
    client.on('error', (error) => {
      broken = error;
      this.wake();
    });
    try {
      await client.connect();
      while (!(await this.tryLock(client))) {
        await pause(standbyRetryMs, this.stopController.signal);
        if (this.stopping) return;
      }
      this.active = true;
      this.logger.debug('relay active');
      client.on('notification', () => this.wake());
      // The channel libs/db's trigger signals after each outbox insert.
      await client.query(`listen "outbox_${this.schema}"`);
      // Safe to skip each batch's commit flush: if the marks are lost in a database crash, the
      // rows are sent again and consumers ignore the duplicates. Saves an fsync per batch
      // (latency). Set once for the session: this connection runs nothing but the relay's own work.
      await client.query('set synchronous_commit = off');
      await this.pump(this.prepareBatch(drizzle(client)), () => broken);
    } finally {
      this.active = false;
      // Closing the session releases the advisory lock: a standby relay takes over.
      await client.end().catch(() => undefined);
    }
  }

  private async tryLock(client: pg.Client): Promise<boolean> {
    const result = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [`listready:outbox-relay:${this.schema}`],
    );
    return result.rows[0]?.locked === true;
  }

  /**
   * A batch's two statements, built once per session and named, so Postgres parses and plans them
   * once per connection: the relay runs them for every event at a low rate, and batch after batch
   * under load. The connection is the relay's own, so they run inside its transactions.
   */
  private prepareBatch(db: NodePgDatabase) {
    const outbox = this.options.outbox;
    return {
      db,
      unpublished: db
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.seq))
        .limit(this.batchSize)
        .for('update', { skipLocked: true })
        .prepare(`relay_unpublished_${this.schema}`),
      markPublished: db
        .update(outbox)
        .set({ publishedAt: sql`now()` })
        .where(sql`${outbox.seq} = any(${sql.placeholder('seqs')}::bigint[])`)
        .prepare(`relay_mark_published_${this.schema}`),
    };
  }

  /** Sends batches until the outbox is drained, then waits for NOTIFY or the poll interval. */
  private async pump(batch: RelayBatch, broken: () => Error | null): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      // A failed send leaves the rows unpublished and is tried again, in order, after a back-off.
      const sent = await retry(() => this.relayBatch(batch), {
        retries: Infinity,
        signal: this.stopController.signal,
        // A dead connection ends the session instead: the lock went with it.
        shouldRetry: () => broken() === null,
        onFailedAttempt: ({ error, attemptNumber }) => {
          this.logger.warn(
            { err: describeError(error), attempt: attemptNumber },
            'outbox relay send failed; rows stay unpublished',
          );
        },
      });
      if (sent >= this.batchSize || this.woken || this.stopping) continue;
      // `stop` wakes the relay too, so this wait never delays it.
      this.waiting = new AbortController();
      await pause(pollIntervalMs, this.waiting.signal);
    }
  }

  /** Sends the oldest unpublished rows and marks them published, in one transaction (a failed send rolls back). */
  private relayBatch({ db, unpublished, markPublished }: RelayBatch): Promise<number> {
    return db.transaction(async () => {
      const rows = await unpublished.execute();
      if (rows.length === 0) return 0;

      const messages: OutgoingMessage[] = rows.map((row) => ({
        topic: isEventType(row.type) ? topicFor(row.type) : row.type,
        key: row.key,
        value: JSON.stringify(row.envelope),
        // The row's headers carry the publishing request's trace context on to the consumer.
        headers: {
          ...row.headers,
          'event-id': row.id,
          'event-type': row.type,
          'event-version': String(row.envelope.version),
        },
      }));
      // One send span per event, in the trace of the request that created it.
      const spans = rows.map((row, index) =>
        startMessagingSpan(
          {
            operation: 'send',
            topic: messages[index]?.topic ?? row.type,
            transport: this.options.transport,
            service: this.options.service,
            eventId: row.id,
            attributes: { 'messaging.batch.message_count': rows.length },
          },
          contextFromHeaders(row.headers),
        ),
      );
      try {
        await this.options.transport.send(messages, { signal: this.stopController.signal });
      } catch (error) {
        for (const span of spans) failSpan(span, error, describeError(error, 500));
        throw error;
      } finally {
        for (const span of spans) span.end();
      }
      await markPublished.execute({ seqs: rows.map((row) => row.seq) });
      return rows.length;
    });
  }
}
