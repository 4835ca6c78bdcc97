import {
  Kafka,
  logLevel as KafkaLogLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type EachMessagePayload,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Logger } from 'pino';
import type { EventsConfig } from './config.ts';
import type { TransportConfig } from './create-transport.ts';
import { TransportClosedError } from './errors.ts';
import './kafkajs-request-queue.ts';
import { describeError } from './timing.ts';
import {
  maxBatch,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
  type Transport,
  type TransportSubscription,
} from './transport.ts';

/**
 * The events settings (`namespace`: the prefix of every topic and group id, for a shared cluster
 * or one test's private topics; created topics get `partitions` and `replicationFactor`).
 */
export type KafkaTransportOptions = TransportConfig & Pick<EventsConfig, 'kafkaBrokers'>;

/**
 * A member silent for 10 s loses its partitions to the others (kafkajs heartbeats between messages;
 * the redelivery back-off stays under it, at most 5 s). A fetch waits at most 500 ms for new
 * messages, which also bounds how long a stop waits.
 */
const consumerTimings = {
  sessionTimeout: 10_000,
  heartbeatInterval: 1_000,
  rebalanceTimeout: 30_000,
  maxWaitTimeInMs: 500,
};
/** Connecting and metadata: give up quickly when the broker is away; callers back off and retry. */
const clientRetry = { retries: 5, initialRetryTime: 100, maxRetryTime: 2_000 };

/** A kafkajs client connected on first use; after a failure or `reset`, the next use connects afresh. */
class LazyClient<T extends { connect(): Promise<void>; disconnect(): Promise<void> }> {
  private pending: Promise<T> | null = null;
  private readonly create: () => T;

  constructor(create: () => T) {
    this.create = create;
  }

  get(): Promise<T> {
    this.pending ??= (async () => {
      const client = this.create();
      await client.connect();
      return client;
    })();
    const pending = this.pending;
    pending.catch(() => {
      if (this.pending === pending) this.pending = null;
    });
    return pending;
  }

  async reset(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    const client = await pending?.catch(() => null);
    await client?.disconnect().catch(() => undefined);
  }
}

/**
 * Kafka via kafkajs. Producer: idempotent, `acks: -1` (all in-sync replicas),
 * `maxInFlightRequests: 1` so a retry never reorders; message key = event key, so one key stays in
 * one partition, in order. Consumers: one group per consuming service; an offset is resolved only
 * once the handler's transaction committed, and kafkajs commits the resolved offsets (+ 1) after
 * each fetched batch and when the member leaves. A message the handler could not apply is handed
 * to it again after a back-off, as a restarted member would get it.
 */
export class KafkaTransport implements Transport {
  readonly kind = 'kafka' as const;
  readonly kafka: Kafka;
  readonly partitions: number;
  private readonly namespace: string;
  private readonly replicationFactor: number;
  private readonly logger: Logger | undefined;
  private readonly producer: LazyClient<Producer>;
  private readonly admin: LazyClient<Admin>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  private ensuring: Promise<void> = Promise.resolve();

  constructor(options: KafkaTransportOptions) {
    this.logger = options.logger?.child({ component: 'kafka-transport' });
    this.namespace = options.namespace ?? '';
    this.partitions = options.partitions ?? 3;
    this.replicationFactor = options.replicationFactor ?? 1;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'listready',
      brokers: options.kafkaBrokers,
      connectionTimeout: 3_000,
      logLevel: KafkaLogLevel.WARN,
      logCreator: kafkaLogCreator(this.logger),
      retry: clientRetry,
    });
    this.producer = new LazyClient(() =>
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        // Bounded on purpose: after these the send fails, the relay backs off and can stop cleanly.
        // A re-send after a failure may duplicate, never lose or reorder: consumers skip duplicates.
        retry: clientRetry,
      }),
    );
    this.admin = new LazyClient(() => this.kafka.admin());
  }

  physicalTopic(topic: string): string {
    return `${this.namespace}${topic}`;
  }

  logicalTopic(topic: string): string {
    return topic.startsWith(this.namespace) ? topic.slice(this.namespace.length) : topic;
  }

  physicalGroup(groupId: string): string {
    return `${this.namespace}${groupId}`;
  }

  /** Creates the missing topics (never relying on auto-creation) and waits for their partition leaders. */
  ensureTopics(topics: string[]): Promise<void> {
    if (this.closed) return Promise.reject(new TransportClosedError());
    // One admin step at a time: several buses of one process start together and ask for the same topics.
    const run = this.ensuring.then(() => this.createMissingTopics(topics));
    this.ensuring = run.catch(() => undefined);
    return run;
  }

  private async createMissingTopics(topics: string[]): Promise<void> {
    const admin = await this.admin.get();
    const existing = new Set(await admin.listTopics());
    const missing = [...new Set(topics.map((topic) => this.physicalTopic(topic)))].filter(
      (topic) => !existing.has(topic),
    );
    if (missing.length === 0) return;
    const { partitions, replicationFactor } = this;
    // With replicas, acks=all must mean "at least two copies", so one broker loss loses nothing.
    const minInsync = replicationFactor > 1 ? 2 : 1;
    await admin.createTopics({
      waitForLeaders: true,
      timeout: 30_000,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: partitions,
        replicationFactor,
        configEntries: [{ name: 'min.insync.replicas', value: String(minInsync) }],
      })),
    });
    this.logger?.info({ topics: missing, partitions, replicationFactor }, 'kafka topics created');
  }

  async send(messages: OutgoingMessage[]): Promise<void> {
    if (this.closed) throw new TransportClosedError();
    if (messages.length === 0) return;
    // Grouped per topic in arrival order: within a partition (one key) the order is the outbox order.
    const byTopic = Map.groupBy(messages, (message) => message.topic);
    const producer = await this.producer.get();
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic: this.physicalTopic(topic),
          messages: list.map(({ key, value, headers }) => ({ key, value, headers })),
        })),
      });
    } catch (error) {
      // A failed idempotent producer may hold stale sequence numbers: start afresh next time.
      await this.producer.reset();
      throw error;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<TransportSubscription> {
    if (this.closed) throw new TransportClosedError();
    const subscription = new KafkaSubscription(this, options, this.logger);
    this.subscriptions.add(subscription);
    await subscription.start();
    return subscription;
  }

  /** Removes `groupId` and its offsets from the broker (it must have no member left); best effort. */
  async deleteGroup(groupId: string): Promise<void> {
    try {
      const admin = await this.admin.get();
      await admin.deleteGroups([this.physicalGroup(groupId)]);
    } catch (error) {
      this.logger?.warn({ err: describeError(error), groupId }, 'kafka group not deleted');
      await this.admin.reset();
    }
  }

  /** Messages of `topics` not yet committed by `groupId` (committed offset to high watermark). */
  async lag(groupId: string, topics: string[]): Promise<number> {
    try {
      const admin = await this.admin.get();
      const physical = topics.map((topic) => this.physicalTopic(topic));
      const committed = await admin.fetchOffsets({ groupId: this.physicalGroup(groupId), topics: physical });
      let lag = 0;
      for (const topic of physical) {
        const partitions = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
        for (const end of await admin.fetchTopicOffsets(topic)) {
          const offset = Number(
            partitions.find((entry) => entry.partition === end.partition)?.offset ?? '-1',
          );
          lag += Math.max(0, Number(end.high) - (offset >= 0 ? offset : Number(end.low)));
        }
      }
      return lag;
    } catch (error) {
      // The admin connection may not survive a broker restart: reconnect next time.
      await this.admin.reset();
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.producer.reset();
    await this.admin.reset();
  }
}

class KafkaSubscription implements TransportSubscription {
  readonly groupId: string;
  private readonly transport: KafkaTransport;
  private readonly options: SubscribeOptions;
  private readonly logger: Logger | undefined;
  private readonly stopping = new AbortController();
  private readonly consumer: Consumer;
  private crashed = false;

  constructor(transport: KafkaTransport, options: SubscribeOptions, logger: Logger | undefined) {
    this.transport = transport;
    this.options = options;
    this.groupId = options.groupId;
    this.logger = logger?.child({ groupId: options.groupId });
    this.consumer = transport.kafka.consumer({
      groupId: transport.physicalGroup(options.groupId),
      ...consumerTimings,
      allowAutoTopicCreation: false,
      retry: {
        retries: 10,
        initialRetryTime: 300,
        maxRetryTime: 5_000,
        // After a crash kafkajs restarts the member itself, which resumes from the commits (broker
        // down, coordinator moved, retries exhausted); not after an error it deems fatal (a bug, an
        // authorization refused), which readiness then reports, as in-process does.
        restartOnFailure: async () => !this.stopping.signal.aborted,
      },
    });
    this.consumer.on(this.consumer.events.CRASH, (event) => {
      this.logger?.error(
        { err: describeError(event.payload.error), restart: event.payload.restart },
        'kafka consumer crashed',
      );
      if (!event.payload.restart && !this.stopping.signal.aborted) this.crashed = true;
    });
  }

  /**
   * Connects and subscribes, then starts the member. A group that starts at what is published from
   * now on (`fromBeginning: false`, a replica's live feed) resolves once its member has joined, so
   * nothing sent after start() is missed. Any other group resumes from its commits (or the
   * beginning) and misses nothing while it joins, so it joins in the background: when a member of
   * the group died without leaving (a killed process), the broker waits out that member's session
   * (`sessionTimeout`, 10 s) before the group settles, and the service need not wait with it before
   * it answers requests. If joining fails, kafkajs keeps trying (see the constructor's retry).
   */
  async start(): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: this.options.topics.map((topic) => this.transport.physicalTopic(topic)),
      // A new group starts at the beginning: nothing published before its first start is missed.
      fromBeginning: this.options.fromBeginning ?? true,
    });
    const { handle, handleBatch } = this.options;
    const incoming = (topic: string, partition: number, message: KafkaMessage): IncomingMessage => ({
      topic: this.transport.logicalTopic(topic),
      key: message.key?.toString('utf8') ?? '',
      value: message.value?.toString('utf8') ?? '',
      headers: decodeHeaders(message.headers),
      partition,
      offset: message.offset,
    });
    const running = this.consumer.run({
      partitionsConsumedConcurrently: this.transport.partitions,
      // kafkajs resolves an offset only once its message was applied (after the effect's
      // transaction) and commits the resolved ones after each fetched batch; when a handler rejects,
      // it fetches again from the first message not resolved after the consumer's retry back-off, as
      // a restarted member would.
      ...(handleBatch
        ? {
            // What one fetch brought for a partition, in chunks of at most `maxBatch`, each resolved
            // once applied; a member told to stop or to seek (a rebalance) leaves the rest unresolved.
            eachBatchAutoResolve: false,
            eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
              const messages = batch.messages.map((message) =>
                incoming(batch.topic, batch.partition, message),
              );
              for (let start = 0; start < messages.length; start += maxBatch) {
                if (!isRunning() || isStale()) return;
                const chunk = messages.slice(start, start + maxBatch);
                await handleBatch(chunk);
                const last = chunk.at(-1);
                if (last) resolveOffset(last.offset);
                await heartbeat();
              }
            },
          }
        : {
            eachMessage: ({ topic, partition, message }: EachMessagePayload) =>
              handle(incoming(topic, partition, message)),
          }),
    });
    if (this.options.fromBeginning === false) return running;
    running.catch((error: unknown) => {
      this.logger?.error({ err: describeError(error) }, 'kafka consumer failed to start');
      if (!this.stopping.signal.aborted) this.crashed = true;
    });
  }

  running(): boolean {
    return !this.stopping.signal.aborted && !this.crashed;
  }

  async lag(): Promise<number | null> {
    try {
      return await this.transport.lag(this.groupId, this.options.topics);
    } catch {
      return null;
    }
  }

  /**
   * Graceful: kafkajs lets the batch in hand finish, commits what was applied, then leaves the group;
   * an ephemeral group is then deleted.
   */
  async stop(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort();
    await this.consumer
      .disconnect()
      .catch((error: unknown) =>
        this.logger?.warn({ err: describeError(error) }, 'kafka consumer disconnect failed'),
      );
    if (this.options.ephemeral) await this.transport.deleteGroup(this.groupId);
  }
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) decoded[name] = first.toString();
  }
  return decoded;
}

function kafkaLogCreator(logger: Logger | undefined) {
  return () =>
    ({ namespace, level, log }: LogEntry): void => {
      if (!logger) return;
      const { message, ...fields } = log;
      // Deliberate (see the producer's retry): retries are bounded and the relay re-sends.
      if (message.startsWith('Limiting retries for the idempotent producer')) return;
      const entry = { kafkajs: namespace, ...fields };
      if (level === KafkaLogLevel.ERROR) logger.error(entry, message);
      else if (level === KafkaLogLevel.WARN) logger.warn(entry, message);
      else if (level === KafkaLogLevel.INFO) logger.info(entry, message);
      else logger.debug(entry, message);
    };
}
