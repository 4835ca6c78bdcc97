import { context, trace, type Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { deadLetterTopicFor, topicFor, type DomainEvent, type EventType } from '@listready/contracts';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { executePrepared, type Database, type Db } from '@listready/db';
import { parseEvent } from './envelope.ts';
import { EventBusStateError } from './errors.ts';
import type { DeadLettersTable, ProcessedEventsTable } from './tables.ts';
import { describeError, isTransientError, retry } from './timing.ts';
import { contextFromHeaders, failSpan, startMessagingSpan } from './tracing.ts';
import type { IncomingMessage, Transport } from './transport.ts';

/** The transaction a handler writes its effect in (the processed-event record shares it). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * Applies one event. Write the effect through `tx` only: it commits with the processed-event record,
 * or not at all. A handler can run more than once for an event whose transaction rolled back (a
 * retry), so anything it does outside `tx` must be idempotent.
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

/**
 * Times a handler may throw for one event before the event is dead-lettered. A TypeError is
 * dead-lettered at once (p-retry does not retry it): it is a bug that another try cannot fix.
 */
const maxAttempts = 5;

export interface EventConsumerOptions {
  /** Consumer name: the consumer group and the `consumer` column of processed_events. */
  consumer: string;
  database: Database;
  processedEvents: ProcessedEventsTable;
  deadLetters: DeadLettersTable;
  transport: Transport;
  logger: Logger;
  faults?: ConsumerFaults;
}

type Outcome = 'applied' | 'duplicate' | 'dead-lettered';

/**
 * Applies delivered messages idempotently: the handler's effect and the `(consumer, event id)` row
 * commit in one transaction, and a redelivered event (row present) is skipped without running the
 * handler. A message that breaks its contract, or whose handler keeps throwing, is dead-lettered
 * (`<topic>.dlq` with the error, plus a dead_letters row) so it never blocks the ones behind it.
 * Infrastructure errors never dead-letter an event: `handle` rejects, and the transport delivers
 * the messages again after a back-off.
 */
export class EventConsumer {
  readonly consumer: string;
  private readonly options: EventConsumerOptions;
  private readonly logger: Logger;
  private readonly handlers = new Map<string, { type: EventType; handler: EventHandler }>();
  private readonly stopController = new AbortController();
  /**
   * The processed-event record, built once and named: it opens the transaction of every event
   * applied, so Postgres parses and plans it once per connection, not once per event.
   */
  private readonly recordProcessed;

  constructor(options: EventConsumerOptions) {
    this.options = options;
    this.consumer = options.consumer;
    this.logger = options.logger.child({ component: 'event-consumer', consumer: options.consumer });
    const { processedEvents } = options;
    this.recordProcessed = options.database.db
      .insert(processedEvents)
      .values({ consumer: sql.placeholder('consumer'), eventId: sql.placeholder('eventId') })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId })
      .prepare(`events_record_processed_${getTableConfig(processedEvents).schema ?? 'public'}`);
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

  private handlerOf(message: IncomingMessage): { type: EventType; handler: EventHandler } {
    const registered = this.handlers.get(message.topic);
    if (!registered)
      throw new EventBusStateError(`${this.consumer} received ${message.topic}, which it does not handle`);
    return registered;
  }

  /** The span of one event's processing, a child of the trace its message carries. */
  private processSpan(message: IncomingMessage, event: DomainEvent): Span {
    return startMessagingSpan(
      {
        operation: 'process',
        topic: message.topic,
        transport: this.options.transport,
        service: this.consumer,
        eventId: event.id,
        attributes: { 'messaging.consumer.group.name': this.consumer },
      },
      contextFromHeaders(message.headers),
    );
  }

  /**
   * Records the event processed and applies it in `tx`: false, without running the handler, when
   * this consumer already applied it. Insert first: a concurrent duplicate waits on this row's key,
   * then finds it and skips.
   */
  private async applyIn(tx: Transaction, event: DomainEvent, handler: EventHandler): Promise<boolean> {
    const inserted = await executePrepared(tx, this.recordProcessed, {
      consumer: this.consumer,
      eventId: event.id,
    });
    if (inserted.length === 0) return false;
    await handler(event, tx);
    return true;
  }

  /**
   * Applies several delivered messages in one transaction, in order: one commit for all instead of
   * one each, so a consumer that has fallen behind catches up. Resolves once all are applied or
   * skipped. If any message fails to parse, or the transaction fails, nothing of it is kept and the
   * messages are applied one at a time (`handle`), with its retries and dead-lettering: one poison
   * message costs its batch a second pass, never the others' effects. A batch of one takes the
   * one-event path (`handle`).
   */
  readonly handleBatch = async (messages: IncomingMessage[]): Promise<void> => {
    const [only] = messages;
    if (only && messages.length === 1) return this.handle(only);
    const parsed: { message: IncomingMessage; event: DomainEvent; handler: EventHandler }[] = [];
    for (const message of messages) {
      const { type, handler } = this.handlerOf(message);
      try {
        parsed.push({ message, event: parseEvent(message.value, type), handler });
      } catch {
        for (const one of messages) await this.handle(one);
        return;
      }
    }
    const work = parsed.map((item) => ({ ...item, span: this.processSpan(item.message, item.event) }));
    let outcomes: Outcome[];
    try {
      outcomes = await this.options.database.db.transaction(async (tx) => {
        const applied: Outcome[] = [];
        for (const { event, handler, span } of work) {
          // Each event's span is active while it applies, so its handler's queries join its trace.
          const done = await context.with(trace.setSpan(context.active(), span), () =>
            this.applyIn(tx, event, handler),
          );
          applied.push(done ? 'applied' : 'duplicate');
        }
        return applied;
      });
    } catch (error) {
      for (const { span } of work) {
        span.setAttribute('listready.event.outcome', 'retried-alone');
        span.end();
      }
      this.logger.warn(
        { events: work.length, err: describeError(error) },
        'a batch of events failed together; applying them one at a time',
      );
      for (const message of messages) await this.handle(message);
      return;
    }
    for (const [index, { span }] of work.entries()) {
      span.setAttribute('listready.event.outcome', outcomes[index] ?? 'applied');
      span.end();
    }
    for (const { event, message } of work) await this.options.faults?.afterEffect?.(event, message);
  };

  /** Applies one delivered message. Resolves once it is applied, skipped or dead-lettered. */
  readonly handle = async (message: IncomingMessage): Promise<void> => {
    const registered = this.handlerOf(message);
    let event: DomainEvent;
    try {
      event = parseEvent(message.value, registered.type);
    } catch (error) {
      await this.deadLetter(message, error, 1, undefined);
      return;
    }
    const span = this.processSpan(message, event);
    try {
      // The consumer span is active while applying, so the handler's queries and logs join the trace.
      const outcome = await context.with(trace.setSpan(context.active(), span), () =>
        this.apply(event, message, registered.handler),
      );
      span.setAttribute('listready.event.outcome', outcome);
      await this.options.faults?.afterEffect?.(event, message);
    } catch (error) {
      failSpan(span, error, describeError(error, 500));
      throw error;
    } finally {
      span.end();
    }
  };

  private async apply(event: DomainEvent, message: IncomingMessage, handler: EventHandler): Promise<Outcome> {
    const { database } = this.options;
    const signal = this.stopController.signal;
    let attempts = 0;
    try {
      const applied = await retry(
        (attempt) => {
          attempts = attempt;
          return database.db.transaction((tx) => this.applyIn(tx, event, handler));
        },
        {
          retries: maxAttempts - 1,
          signal,
          // Not the event's fault: the transport hands the message back later, it is never dead-lettered.
          shouldRetry: ({ error }) => !isTransientError(error),
          onFailedAttempt: ({ error, attemptNumber }) => {
            this.logger.warn(
              { eventId: event.id, type: event.type, attempt: attemptNumber, err: describeError(error) },
              'event handler failed',
            );
          },
        },
      );
      if (!applied) this.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
      return applied ? 'applied' : 'duplicate';
    } catch (error) {
      if (isTransientError(error) || signal.aborted) throw error;
      await this.deadLetter(message, error, attempts, event);
      return 'dead-lettered';
    }
  }

  /**
   * Parks a message: first on `<topic>.dlq` (with the error in a header), then in dead_letters with
   * the event marked processed, in one transaction, so a redelivery is skipped rather than retried.
   * If either step fails, or the consumer stops meanwhile, the message stays unacknowledged and comes back.
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
    await transport.send(
      [
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
      ],
      { signal: this.stopController.signal },
    );
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
