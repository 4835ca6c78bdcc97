import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { isEventType, topicFor } from '@listready/contracts';
import type { Database } from '@listready/db';
import { outboxChannel, schemaOf, type OutboxTable } from './tables.ts';
import { backoffDelay, describeError, sleep } from './timing.ts';
import { contextFromHeaders, eventsTracer, traceHeaders } from './tracing.ts';
import type { OutgoingMessage, Transport } from './transport.ts';

export interface RelayTuning {
  /** Rows sent per transaction. */
  batchSize: number;
  /** Fallback poll when no NOTIFY arrives (the trigger wakes the relay at once). */
  pollIntervalMs: number;
  /** How often a standby relay retries to become the active one. */
  standbyRetryMs: number;
  /** Back-off after a failed send: base·2^n up to max (rows stay unpublished meanwhile). */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const defaultRelayTuning: RelayTuning = {
  batchSize: 200,
  pollIntervalMs: 500,
  standbyRetryMs: 1_000,
  backoffBaseMs: 100,
  backoffMaxMs: 5_000,
};

export interface RelayOptions extends Partial<RelayTuning> {
  database: Database;
  transport: Transport;
  outbox: OutboxTable;
  logger: Logger;
}

export interface RelayBacklog {
  unpublished: number;
  /** Age of the oldest unpublished row (0 when there is none). */
  oldestAgeMs: number;
}

export interface RelayStatus {
  schema: string;
  /** True while this relay holds the outbox's lock (false: standing by or stopped). */
  active: boolean;
  consecutiveFailures: number;
  lastError: string | null;
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
  private readonly tuning: RelayTuning;
  private readonly logger: Logger;
  private readonly lockKey: string;
  private stopController = new AbortController();
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly status: RelayStatus;

  constructor(options: RelayOptions) {
    this.options = options;
    this.tuning = pickTuning(options);
    this.schema = schemaOf(options.outbox);
    this.lockKey = `listready:outbox-relay:${this.schema}`;
    this.logger = options.logger.child({ component: 'outbox-relay', schema: this.schema });
    this.status = { schema: this.schema, active: false, consecutiveFailures: 0, lastError: null };
  }

  start(): void {
    if (this.loop) return;
    this.stopController = new AbortController();
    this.loop = this.run();
  }

  /** Finishes the batch in flight (an in-process send waiting on consumers is aborted), then releases the lock. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopController.abort();
    this.wake();
    await this.loop;
    this.loop = null;
  }

  getStatus(): RelayStatus {
    return { ...this.status };
  }

  async backlog(): Promise<RelayBacklog> {
    const outbox = this.options.outbox;
    const [row] = await this.options.database.db
      .select({
        unpublished: sql<number>`count(*)::int`,
        oldestAgeMs: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})) * 1000, 0)::float8`,
      })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return {
      unpublished: row?.unpublished ?? 0,
      oldestAgeMs: Math.max(0, Math.round(row?.oldestAgeMs ?? 0)),
    };
  }

  private get stopping(): boolean {
    return this.stopController.signal.aborted;
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let connectFailures = 0;
    while (!this.stopping) {
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
        connectFailures = 0;
        // Standing by on the same connection until the active relay's session ends.
        while (!(await this.tryLock(client))) {
          if (broken) throw broken;
          await sleep(this.tuning.standbyRetryMs, this.stopController.signal);
          if (this.stopping) return;
        }
        this.status.active = true;
        this.logger.debug('relay active');
        client.on('notification', () => this.wake());
        await client.query(`listen "${outboxChannel(this.schema)}"`);
        await this.pump(client, () => broken);
      } catch (error) {
        connectFailures += 1;
        this.recordFailure(error);
        this.logger.warn({ err: describeError(error) }, 'outbox relay connection failed; retrying');
        await sleep(
          backoffDelay(connectFailures, this.tuning.backoffBaseMs, this.tuning.backoffMaxMs),
          this.stopController.signal,
        );
      } finally {
        this.status.active = false;
        // Closing the session releases the advisory lock: a standby relay takes over.
        await client.end().catch(() => undefined);
      }
    }
  }

  private async tryLock(client: pg.Client): Promise<boolean> {
    const result = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [this.lockKey],
    );
    return result.rows[0]?.locked === true;
  }

  /** Sends batches until the outbox is drained, then waits for NOTIFY or the poll interval. */
  private async pump(client: pg.Client, broken: () => Error | null): Promise<void> {
    const db = drizzle(client);
    let failures = 0;
    while (!this.stopping) {
      const connectionError = broken();
      if (connectionError) throw connectionError;
      this.woken = false;
      let sent: number;
      try {
        sent = await this.relayBatch(db);
        failures = 0;
        this.status.consecutiveFailures = 0;
      } catch (error) {
        if (broken()) throw error;
        failures += 1;
        this.recordFailure(error);
        if (this.stopping) return;
        this.logger.warn(
          { err: describeError(error), failures },
          'outbox relay send failed; rows stay unpublished',
        );
        await sleep(
          backoffDelay(failures, this.tuning.backoffBaseMs, this.tuning.backoffMaxMs),
          this.stopController.signal,
        );
        continue;
      }
      if (sent >= this.tuning.batchSize || this.woken) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakeUp = null;
          resolve();
        };
        const timer = setTimeout(done, this.tuning.pollIntervalMs);
        this.wakeUp = done;
        if (this.woken || this.stopping) done();
      });
    }
  }

  private async relayBatch(db: NodePgDatabase): Promise<number> {
    const outbox = this.options.outbox;
    let failedSeqs: number[] = [];
    try {
      return await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            seq: outbox.seq,
            id: outbox.id,
            type: outbox.type,
            key: outbox.key,
            envelope: outbox.envelope,
            headers: outbox.headers,
          })
          .from(outbox)
          .where(isNull(outbox.publishedAt))
          .orderBy(asc(outbox.seq))
          .limit(this.tuning.batchSize)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return 0;
        failedSeqs = rows.map((row) => row.seq);

        const tracer = eventsTracer();
        const spans: Span[] = [];
        const messages: OutgoingMessage[] = rows.map((row) => {
          const topic = isEventType(row.type) ? topicFor(row.type) : row.type;
          // A producer span per event, child of the request that wrote it; the consumer's span follows.
          const span = tracer.startSpan(
            `send ${topic}`,
            {
              kind: SpanKind.PRODUCER,
              attributes: {
                'messaging.operation.type': 'send',
                'messaging.destination.name': topic,
                'messaging.message.id': row.id,
              },
            },
            contextFromHeaders(row.headers),
          );
          spans.push(span);
          return {
            topic,
            key: row.key,
            value: JSON.stringify(row.envelope),
            headers: {
              ...row.headers,
              ...traceHeaders(trace.setSpan(context.active(), span)),
              'event-id': row.id,
              'event-type': row.type,
              'event-version': String(row.envelope.version),
            },
          };
        });
        try {
          await this.options.transport.send(messages, { signal: this.stopController.signal });
        } catch (error) {
          for (const span of spans)
            span.setStatus({ code: SpanStatusCode.ERROR, message: describeError(error) });
          throw error;
        } finally {
          for (const span of spans) span.end();
        }
        // Safe to skip the commit's flush: if the marks are lost in a database crash, the rows are
        // sent again and consumers ignore the duplicates. Saves an fsync per batch (latency).
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx
          .update(outbox)
          .set({ publishedAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
          .where(inArray(outbox.seq, failedSeqs));
        failedSeqs = [];
        return rows.length;
      });
    } catch (error) {
      if (failedSeqs.length > 0) {
        // Outside the rolled-back transaction: keep a trace of the failure on the rows for operators.
        await db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, lastError: describeError(error, 1_000) })
          .where(inArray(outbox.seq, failedSeqs))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  private recordFailure(error: unknown): void {
    this.status.consecutiveFailures += 1;
    this.status.lastError = describeError(error, 500);
  }
}

function pickTuning(options: Partial<RelayTuning>): RelayTuning {
  return {
    batchSize: options.batchSize ?? defaultRelayTuning.batchSize,
    pollIntervalMs: options.pollIntervalMs ?? defaultRelayTuning.pollIntervalMs,
    standbyRetryMs: options.standbyRetryMs ?? defaultRelayTuning.standbyRetryMs,
    backoffBaseMs: options.backoffBaseMs ?? defaultRelayTuning.backoffBaseMs,
    backoffMaxMs: options.backoffMaxMs ?? defaultRelayTuning.backoffMaxMs,
  };
}
