import { context, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { allEventTopics, topicFor, type DomainEvent, type EventType } from '@listready/contracts';
import { executePrepared, type Database, type Executor } from '@listready/db';
import { childLogger } from './child-logger.ts';
import { EventConsumer, type ConsumerFaults, type EventHandler } from './consumer.ts';
import { buildEnvelope, type EventInput } from './envelope.ts';
import { EventBusStateError } from './errors.ts';
import { registerEventMetrics } from './metrics.ts';
import { OutboxRelay, type RelayHealth } from './relay.ts';
import type { DeadLettersTable, OutboxTable, ProcessedEventsTable } from './tables.ts';
import { describeError } from './timing.ts';
import { failSpan, startMessagingSpan, traceHeaders } from './tracing.ts';
import type { Transport, TransportSubscription } from './transport.ts';

export interface EventBusOptions {
  database: Database;
  transport: Transport;
  /** The service name: producer of its events, consumer group and processed_events consumer. */
  service: string;
  logger: Logger;
  /** The service's outbox; needed to publish (and runs its relay). */
  outbox?: OutboxTable;
  /** Needed to subscribe. */
  processedEvents?: ProcessedEventsTable;
  deadLetters?: DeadLettersTable;
  /** Rows the relay sends per transaction (default 200). */
  relay?: { batchSize?: number };
  /** Topics the admin step ensures at start (default: every platform topic and its DLQ). */
  topics?: string[];
  /** Crash simulation for tests. */
  faults?: ConsumerFaults;
}

export interface EventBusHealth {
  /** Started and consuming. A broker outage does not flip it: the outbox absorbs it (see `relay`). */
  ok: boolean;
  transport: Transport['kind'];
  relay: RelayHealth | null;
  consumers: { group: string; topics: string[]; running: boolean; lag: number | null } | null;
  error?: string;
}

export interface EventBus {
  readonly service: string;
  /** Writes the event to this service's outbox in the caller's transaction `tx`. */
  publish<T extends EventType>(tx: Executor, event: EventInput<T>): Promise<DomainEvent<T>>;
  /** Registers this service's handler for `type` (before `start`). */
  subscribe<T extends EventType>(type: T, handler: EventHandler<T>): void;
  /** Ensures the topics, then starts the relay and the consumer group. */
  start(): Promise<void>;
  /** Stops the relay, then drains the consumer (messages in flight finish and are acknowledged). */
  stop(): Promise<void>;
  health(): Promise<EventBusHealth>;
}

type State = 'idle' | 'starting' | 'started' | 'stopping' | 'stopped';

/**
 * Everything a service needs from the event backbone, bound to its schema's tables:
 *
 *   const events = createEventBus({ database, transport, service: 'journey', outbox: journeyOutbox,
 *     processedEvents: journeyProcessedEvents, deadLetters: journeyDeadLetters, logger });
 *   events.subscribe('invitation-accepted', async (event, tx) => { ... });
 *   await events.start();
 *   await db.transaction(async (tx) => { ...; await events.publish(tx, { type, key, data }); });
 */
export function createEventBus(options: EventBusOptions): EventBus {
  // The consumer and relay add their own component to the service's logger, not to the bus's.
  const serviceLogger = childLogger(options.logger, { service: options.service });
  const logger = serviceLogger.child({ component: 'event-bus' });
  const consumer =
    options.processedEvents && options.deadLetters
      ? new EventConsumer({
          consumer: options.service,
          database: options.database,
          processedEvents: options.processedEvents,
          deadLetters: options.deadLetters,
          transport: options.transport,
          logger: serviceLogger,
          ...(options.faults ? { faults: options.faults } : {}),
        })
      : null;
  /**
   * The outbox insert, built once and named (as the consumer's processed-event record is): every
   * publish runs it in its caller's transaction, so drizzle does not build it again at each call
   * (5 % of the journey service's JavaScript under the completions bench) and Postgres parses and
   * plans it once per connection.
   */
  const insertOutbox = options.outbox
    ? options.database.db
        .insert(options.outbox)
        .values({
          id: sql.placeholder('id'),
          type: sql.placeholder('type'),
          key: sql.placeholder('key'),
          envelope: sql.placeholder('envelope'),
          headers: sql.placeholder('headers'),
        })
        .prepare(`events_outbox_insert_${getTableConfig(options.outbox).schema ?? 'public'}`)
    : undefined;
  let state: State = 'idle';
  let relay: OutboxRelay | null = null;
  let subscription: TransportSubscription | null = null;
  let unregisterMetrics: (() => void) | null = null;

  const shutdown = async (): Promise<void> => {
    unregisterMetrics?.();
    // Relay first: an in-process send still waiting on consumers is aborted (rows stay unpublished).
    await relay?.stop();
    // Retry loops give up at once (message left unacknowledged); messages being applied finish.
    consumer?.abort();
    await subscription?.stop();
  };

  const bus: EventBus = {
    service: options.service,

    /**
     * The event exists if and only if the change it describes commits. Throws
     * `EventValidationError` when `data` breaks the event's contract.
     */
    async publish(tx, event) {
      if (!insertOutbox) throw new EventBusStateError(`${options.service} has no outbox to publish to`);
      const envelope = buildEnvelope(event, options.service);
      // The event's creation, under the producing request; its context travels in the row's
      // headers, so the relay's send and the consumers' processing join the request's trace.
      const span = startMessagingSpan({
        operation: 'create',
        topic: topicFor(envelope.type),
        transport: options.transport,
        service: options.service,
        eventId: envelope.id,
      });
      const spanContext = trace.setSpan(context.active(), span);
      try {
        await context.with(spanContext, () =>
          executePrepared(tx, insertOutbox, {
            id: envelope.id,
            type: envelope.type,
            key: envelope.key,
            envelope,
            headers: traceHeaders(spanContext),
          }),
        );
      } catch (error) {
        failSpan(span, error, describeError(error, 500));
        throw error;
      } finally {
        span.end();
      }
      return envelope;
    },

    subscribe(type, handler) {
      if (!consumer) {
        throw new EventBusStateError(
          `${options.service} needs processedEvents and deadLetters tables to subscribe`,
        );
      }
      if (state !== 'idle') throw new EventBusStateError('Subscribe before the event bus starts');
      consumer.on(type, handler);
      options.transport.declareGroup?.(options.service, [topicFor(type)]);
    },

    async start() {
      if (state !== 'idle') throw new EventBusStateError(`The event bus is ${state}`);
      state = 'starting';
      try {
        // Topics first: consumers subscribe only to topics that exist (no auto-creation).
        await options.transport.ensureTopics(options.topics ?? allEventTopics());
        if (options.outbox) {
          relay = new OutboxRelay({
            database: options.database,
            transport: options.transport,
            outbox: options.outbox,
            service: options.service,
            logger: serviceLogger,
            ...options.relay,
          });
          relay.start();
        }
        if (consumer && consumer.topics().length > 0) {
          subscription = await options.transport.subscribe({
            groupId: options.service,
            topics: consumer.topics(),
            handle: consumer.handle,
            handleBatch: consumer.handleBatch,
          });
        }
        unregisterMetrics = registerEventMetrics(bus);
        state = 'started';
        logger.info({ relay: Boolean(relay), topics: consumer?.topics() ?? [] }, 'event bus started');
      } catch (error) {
        await shutdown();
        state = 'stopped';
        throw error;
      }
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopping';
      await shutdown();
      state = 'stopped';
      logger.info('event bus stopped');
    },

    async health() {
      const transport = options.transport.kind;
      try {
        const consumers = subscription
          ? {
              group: subscription.groupId,
              topics: consumer?.topics() ?? [],
              running: subscription.running(),
              lag: await subscription.lag(),
            }
          : null;
        return {
          ok: state === 'started' && (consumers?.running ?? true),
          transport,
          relay: relay ? await relay.health() : null,
          consumers,
        };
      } catch (error) {
        return { ok: false, transport, relay: null, consumers: null, error: describeError(error, 500) };
      }
    },
  };
  return bus;
}
