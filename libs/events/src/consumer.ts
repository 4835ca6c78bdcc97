import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { deadLetterTopicFor, topicFor, type DomainEvent, type EventType } from '@listready/contracts';
import type { Database, Db } from '@listready/db';
import { parseEvent } from './envelope.ts';
import { EventBusStateError } from './errors.ts';
import type { DeadLettersTable, ProcessedEventsTable } from './tables.ts';
import { backoffDelay, describeError, isTransientError, sleep } from './timing.ts';
import { contextFromHeaders, eventsTracer } from './tracing.ts';
import type { IncomingMessage, Transport } from './transport.ts';

/** The transaction a handler writes its effect in (the processed-event record shares it). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * Applies one event. Write the effect through `tx` only: it commits with the processed-event record,
 * or not at all. A handler can run more than once for an event whose transaction rolled back (a
 * retry, or a batch that failed and is replayed one event at a time), so anything it does outside
 * `tx` must be idempotent.
 */
export type EventHandler<T extends EventType = EventType> = (
  event: DomainEvent<T>,
  tx: Transaction,
) => Promise<void>;

/** Test hooks that simulate crashes at the points the delivery guarantees are about. */
export interface ConsumerFaults {
  /** Runs after the effect's transaction committed and before the message is acknowledged; a throw simulates a crash there. */
  afterEffect?(event: DomainEvent, message: IncomingMessage): void | Promise<void>;
}

export interface ConsumerTuning {
  /** Times a handler may throw for one event before it is dead-lettered. */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries of infrastructure errors per delivery before handing the message back unacknowledged. */
  maxTransientRetries: number;
}

export const defaultConsumerTuning: ConsumerTuning = {
  maxAttempts: 5,
  retryBaseMs: 100,
  retryMaxMs: 5_000,
  maxTransientRetries: 8,
};

export interface EventConsumerOptions {
  /** Consumer name: the consumer group and the `consumer` column of processed_events. */
  consumer: string;
  database: Database;
  processedEvents: ProcessedEventsTable;
  deadLetters: DeadLettersTable;
  transport: Transport;
  logger: Logger;
  tuning?: Partial<ConsumerTuning>;
  faults?: ConsumerFaults;
}

type Outcome = 'applied' | 'duplicate' | 'dead-lettered';

interface Delivery {
  message: IncomingMessage;
  event: DomainEvent;
  handler: EventHandler;
}

/**
 * Applies delivered messages idempotently: the handler's effect and the `(consumer, event id)` row
 * commit in one transaction, and a redelivered event (row present) is skipped without running the
 * handler. A message that breaks its contract, or whose handler keeps throwing, is dead-lettered
 * (`<topic>.dlq` with the error, plus a dead_letters row) so it never blocks the ones behind it.
 * Infrastructure errors are retried and never dead-letter an event.
 */
export class EventConsumer {
  readonly consumer: string;
  private readonly options: EventConsumerOptions;
  private readonly tuning: ConsumerTuning;
  private readonly logger: Logger;
  private readonly handlers = new Map<string, { type: EventType; handler: EventHandler }>();
  private readonly stopController = new AbortController();

  constructor(options: EventConsumerOptions) {
    this.options = options;
    this.consumer = options.consumer;
    this.tuning = { ...defaultConsumerTuning, ...definedOnly(options.tuning ?? {}) };
    this.logger = options.logger.child({ component: 'event-consumer', consumer: options.consumer });
  }

  on<T extends EventType>(type: T, handler: EventHandler<T>): void {
    const topic = topicFor(type);
    if (this.handlers.has(topic)) {
      throw new EventBusStateError(
        `${this.consumer} already handles ${type}; one handler per event type and service`,
      );
    }
    this.handlers.set(topic, { type, handler: handler as EventHandler });
  }

  topics(): string[] {
    return [...this.handlers.keys()];
  }

  /** Stops retry loops early: the message in hand is then left unacknowledged. */
  abort(): void {
    this.stopController.abort();
  }

  /**
   * Applies the messages of one partition, in order. Consecutive valid events share one
   * transaction (one commit for the lot); if that fails they are applied one by one, with retries
   * and dead-lettering per event. Resolves once every message is applied, skipped or dead-lettered.
   */
  readonly handle = async (messages: IncomingMessage[]): Promise<void> => {
    let run: Delivery[] = [];
    for (const message of messages) {
      const registered = this.handlers.get(message.topic);
      if (!registered)
        throw new EventBusStateError(`${this.consumer} received ${message.topic}, which it does not handle`);
      try {
        run.push({ message, event: parseEvent(message.value, registered.type), handler: registered.handler });
      } catch (error) {
        await this.applyRun(run);
        run = [];
        await this.deadLetter(message, error, 1, undefined);
      }
    }
    await this.applyRun(run);
  };

  private async applyRun(run: Delivery[]): Promise<void> {
    if (run.length === 0) return;
    if (run.length > 1 && (await this.applyTogether(run))) {
      for (const delivery of run) await this.options.faults?.afterEffect?.(delivery.event, delivery.message);
      return;
    }
    for (const delivery of run) await this.applyOne(delivery);
  }

  private startSpan(delivery: Delivery): Span {
    return eventsTracer().startSpan(
      `process ${delivery.message.topic}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': this.options.transport.kind === 'kafka' ? 'kafka' : 'in-process',
          'messaging.operation.type': 'process',
          'messaging.destination.name': delivery.message.topic,
          'messaging.consumer.group.name': this.consumer,
          'messaging.message.id': delivery.event.id,
        },
      },
      contextFromHeaders(delivery.message.headers),
    );
  }

  /** The fast path: every event of the run and its processed row in one transaction. False: nothing committed. */
  private async applyTogether(run: Delivery[]): Promise<boolean> {
    const { database, processedEvents } = this.options;
    const spans = run.map((delivery) => this.startSpan(delivery));
    try {
      await database.db.transaction(async (tx) => {
        const ids = [...new Set(run.map((delivery) => delivery.event.id))];
        const inserted = await tx
          .insert(processedEvents)
          .values(ids.map((eventId) => ({ consumer: this.consumer, eventId })))
          .onConflictDoNothing()
          .returning({ eventId: processedEvents.eventId });
        const fresh = new Set(inserted.map((row) => row.eventId));
        for (const [index, delivery] of run.entries()) {
          const span = spans[index];
          // Already processed, or a second copy in this very batch.
          if (!fresh.delete(delivery.event.id) || !span) {
            span?.setAttribute('listready.event.outcome', 'duplicate');
            continue;
          }
          span.setAttribute('listready.event.outcome', 'applied');
          await context.with(trace.setSpan(context.active(), span), () =>
            delivery.handler(delivery.event, tx),
          );
        }
      });
      return true;
    } catch (error) {
      for (const span of spans) span.setAttribute('listready.event.outcome', 'retried-alone');
      this.logger.debug(
        { err: describeError(error), events: run.length },
        'batch failed; applying its events one by one',
      );
      return false;
    } finally {
      for (const span of spans) span.end();
    }
  }

  private async applyOne(delivery: Delivery): Promise<void> {
    const span = this.startSpan(delivery);
    try {
      // The consumer span is active while applying, so the handler's queries and logs join the trace.
      const outcome = await context.with(trace.setSpan(context.active(), span), () =>
        this.apply(delivery.event, delivery.message, delivery.handler),
      );
      span.setAttribute('listready.event.outcome', outcome);
      await this.options.faults?.afterEffect?.(delivery.event, delivery.message);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: describeError(error, 500) });
      throw error;
    } finally {
      span.end();
    }
  }

  private async apply(event: DomainEvent, message: IncomingMessage, handler: EventHandler): Promise<Outcome> {
    const { database, processedEvents } = this.options;
    const signal = this.stopController.signal;
    let failures = 0;
    let transientFailures = 0;
    for (;;) {
      try {
        const applied = await database.db.transaction(async (tx) => {
          // Insert first: a concurrent duplicate waits on this row's key, then finds it and skips.
          const inserted = await tx
            .insert(processedEvents)
            .values({ consumer: this.consumer, eventId: event.id })
            .onConflictDoNothing()
            .returning({ eventId: processedEvents.eventId });
          if (inserted.length === 0) return false;
          await handler(event, tx);
          return true;
        });
        if (!applied) this.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
        return applied ? 'applied' : 'duplicate';
      } catch (error) {
        if (isTransientError(error)) {
          transientFailures += 1;
          if (transientFailures > this.tuning.maxTransientRetries || signal.aborted) throw error;
          this.logger.warn(
            { eventId: event.id, err: describeError(error) },
            'transient error applying event; retrying',
          );
          await sleep(
            backoffDelay(transientFailures, this.tuning.retryBaseMs, this.tuning.retryMaxMs),
            signal,
          );
          continue;
        }
        failures += 1;
        if (failures >= this.tuning.maxAttempts) {
          await this.deadLetter(message, error, failures, event);
          return 'dead-lettered';
        }
        this.logger.warn(
          { eventId: event.id, type: event.type, attempt: failures, err: describeError(error) },
          'event handler failed; retrying',
        );
        await sleep(backoffDelay(failures, this.tuning.retryBaseMs, this.tuning.retryMaxMs), signal);
        if (signal.aborted) throw error;
      }
    }
  }

  /**
   * Parks a message: first on `<topic>.dlq` (with the error in a header), then in dead_letters with
   * the event marked processed, in one transaction, so a redelivery is skipped rather than retried.
   * If either step fails the message stays unacknowledged and comes back.
   */
  private async deadLetter(
    message: IncomingMessage,
    error: unknown,
    attempts: number,
    event: DomainEvent | undefined,
  ): Promise<void> {
    const { transport, database, deadLetters, processedEvents } = this.options;
    const reason = describeError(error);
    const eventId = event?.id ?? message.headers['event-id'] ?? null;
    await transport.send([
      {
        topic: deadLetterTopicFor(message.topic),
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          'dlq-error': reason,
          'dlq-consumer': this.consumer,
          'dlq-attempts': String(attempts),
          'dlq-failed-at': new Date().toISOString(),
          'dlq-source-topic': message.topic,
          'dlq-source-partition': String(message.partition),
          'dlq-source-offset': message.offset,
        },
      },
    ]);
    await database.db.transaction(async (tx) => {
      await tx.insert(deadLetters).values({
        consumer: this.consumer,
        topic: message.topic,
        eventId,
        payload: message.value,
        error: reason,
        attempts,
      });
      // Only a fully parsed event has a trustworthy id to mark.
      if (event)
        await tx
          .insert(processedEvents)
          .values({ consumer: this.consumer, eventId: event.id })
          .onConflictDoNothing();
    });
    this.logger.error(
      {
        topic: message.topic,
        eventId,
        attempts,
        partition: message.partition,
        offset: message.offset,
        err: reason,
      },
      'event dead-lettered',
    );
  }
}

function definedOnly<T extends object>(value: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
