import {
  Kafka,
  logLevel as KafkaLogLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type KafkaMessage,
  type IHeaders,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Logger } from 'pino';
import { TransportClosedError } from './errors.ts';
import { backoffDelay, describeError, sleep } from './timing.ts';
import type {
  IncomingMessage,
  OutgoingMessage,
  SubscribeOptions,
  Transport,
  TransportSubscription,
} from './transport.ts';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId?: string;
  /** Prefix of every topic and group id (a shared cluster, or one test's private topics). */
  namespace?: string;
  /** Partitions of each created topic (default 3). */
  partitions?: number;
  /** Replicas of each created topic (default 1; production: 3). */
  replicationFactor?: number;
  logger?: Logger;
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  rebalanceTimeoutMs?: number;
  /** Longest a fetch waits on the broker when no message is there (bounds shutdown time too). */
  maxWaitTimeMs?: number;
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** How long `subscribe` waits for the group join before going on (consumption then starts later). */
  joinTimeoutMs?: number;
  /** Back-off before an unacknowledged message is fetched again. */
  redeliveryBackoffMs?: { baseMs: number; maxMs: number };
  /** Back-off of the producer's own retries; after them `send` fails and the relay backs off. */
  producerRetry?: { retries: number; initialRetryTime: number; maxRetryTime: number };
}

interface Settings {
  namespace: string;
  partitions: number;
  replicationFactor: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  maxWaitTimeMs: number;
  requestTimeoutMs: number;
  joinTimeoutMs: number;
  redeliveryBackoffMs: { baseMs: number; maxMs: number };
}

/**
 * Kafka via kafkajs. Producer: idempotent, `acks: -1` (all in-sync replicas),
 * `maxInFlightRequests: 1` so a retry never reorders; message key = event key, so one key stays in
 * one partition, in order. Consumers: one group per consuming service, offsets committed explicitly
 * (offset + 1) only after the handler's transaction committed; a message the handler could not
 * acknowledge is fetched again after a back-off, as after a restart.
 */
export class KafkaTransport implements Transport {
  readonly kind = 'kafka' as const;
  readonly kafka: Kafka;
  private readonly settings: Settings;
  private readonly logger: Logger | undefined;
  private readonly producerRetry: { retries: number; initialRetryTime: number; maxRetryTime: number };
  private producer: Promise<Producer> | null = null;
  private admin: Promise<Admin> | null = null;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  private ensuring: Promise<void> = Promise.resolve();
  private readonly ensured = new Set<string>();

  constructor(options: KafkaTransportOptions) {
    this.logger = options.logger?.child({ component: 'kafka-transport' });
    this.settings = {
      namespace: options.namespace ?? '',
      partitions: options.partitions ?? 3,
      replicationFactor: options.replicationFactor ?? 1,
      sessionTimeoutMs: options.sessionTimeoutMs ?? 30_000,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 3_000,
      rebalanceTimeoutMs: options.rebalanceTimeoutMs ?? 60_000,
      maxWaitTimeMs: options.maxWaitTimeMs ?? 1_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      joinTimeoutMs: options.joinTimeoutMs ?? 30_000,
      redeliveryBackoffMs: options.redeliveryBackoffMs ?? { baseMs: 200, maxMs: 5_000 },
    };
    this.producerRetry = options.producerRetry ?? { retries: 5, initialRetryTime: 100, maxRetryTime: 2_000 };
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'listready',
      brokers: options.brokers,
      connectionTimeout: options.connectionTimeoutMs ?? 3_000,
      requestTimeout: this.settings.requestTimeoutMs,
      logLevel: KafkaLogLevel.WARN,
      logCreator: kafkaLogCreator(this.logger),
      // Connecting and metadata: give up quickly when the broker is away; callers back off and retry.
      retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 2_000 },
    });
  }

  physicalTopic(topic: string): string {
    return `${this.settings.namespace}${topic}`;
  }

  logicalTopic(topic: string): string {
    return topic.startsWith(this.settings.namespace) ? topic.slice(this.settings.namespace.length) : topic;
  }

  physicalGroup(groupId: string): string {
    return `${this.settings.namespace}${groupId}`;
  }

  get partitionCount(): number {
    return this.settings.partitions;
  }

  /** Creates the missing topics (never relying on auto-creation) and waits until each partition has a leader. */
  ensureTopics(topics: string[]): Promise<void> {
    this.assertOpen();
    // One admin step at a time per process: several buses starting together ask for the same topics.
    const run = this.ensuring.then(() => this.createMissingTopics(topics));
    this.ensuring = run.catch(() => undefined);
    return run;
  }

  private async createMissingTopics(topics: string[]): Promise<void> {
    const wanted = [...new Set(topics.map((topic) => this.physicalTopic(topic)))].filter(
      (topic) => !this.ensured.has(topic),
    );
    if (wanted.length === 0) return;
    const admin = await this.adminClient();
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      const { replicationFactor, partitions } = this.settings;
      // With replicas, acks=all must mean "at least two copies", so one broker loss loses nothing.
      const minInsync = replicationFactor > 1 ? 2 : 1;
      await admin.createTopics({
        waitForLeaders: true,
        timeout: this.settings.requestTimeoutMs,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: partitions,
          replicationFactor,
          configEntries: [{ name: 'min.insync.replicas', value: String(minInsync) }],
        })),
      });
      this.logger?.info({ topics: missing, partitions, replicationFactor }, 'kafka topics created');
    }
    await this.waitForLeaders(admin, wanted);
    for (const topic of wanted) this.ensured.add(topic);
  }

  async send(messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    // Grouped per topic in arrival order: within a partition (one key) the order is the outbox order.
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const message of messages) {
      const list = byTopic.get(message.topic) ?? [];
      list.push(message);
      byTopic.set(message.topic, list);
    }
    const producer = await this.producerClient();
    try {
      await producer.sendBatch({
        acks: -1,
        timeout: this.settings.requestTimeoutMs,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic: this.physicalTopic(topic),
          messages: list.map((message) => ({
            key: message.key,
            value: message.value,
            headers: message.headers,
          })),
        })),
      });
    } catch (error) {
      // A failed idempotent producer may hold stale sequence numbers: start afresh next time.
      await this.resetProducer();
      throw error;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<TransportSubscription> {
    this.assertOpen();
    const subscription = new KafkaSubscription(this, options, this.settings, this.logger);
    this.subscriptions.add(subscription);
    await subscription.start();
    return subscription;
  }

  /** Messages of `topics` not yet committed by `groupId` (committed offset to high watermark). */
  async lag(groupId: string, topics: string[]): Promise<number> {
    try {
      return await this.measureLag(groupId, topics);
    } catch (error) {
      // The admin connection may not survive a broker restart: reconnect next time.
      await this.resetAdmin();
      throw error;
    }
  }

  private async measureLag(groupId: string, topics: string[]): Promise<number> {
    const admin = await this.adminClient();
    const physical = topics.map((topic) => this.physicalTopic(topic));
    const committed = await admin.fetchOffsets({ groupId: this.physicalGroup(groupId), topics: physical });
    let lag = 0;
    for (const topic of physical) {
      const ends = await admin.fetchTopicOffsets(topic);
      const partitions = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
      for (const end of ends) {
        const offset = Number(partitions.find((entry) => entry.partition === end.partition)?.offset ?? '-1');
        lag += Math.max(0, Number(end.high) - (offset >= 0 ? offset : Number(end.low)));
      }
    }
    return lag;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.resetProducer();
    await this.resetAdmin();
  }

  private async resetAdmin(): Promise<void> {
    const pending = this.admin;
    this.admin = null;
    const admin = await pending?.catch(() => null);
    await admin?.disconnect().catch(() => undefined);
  }

  forget(subscription: KafkaSubscription): void {
    this.subscriptions.delete(subscription);
  }

  private assertOpen(): void {
    if (this.closed) throw new TransportClosedError();
  }

  private producerClient(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        // Bounded on purpose: after these the send fails, the relay backs off and can stop cleanly.
        // A re-send after a failure may duplicate, never lose or reorder: consumers skip duplicates.
        retry: this.producerRetry,
      });
      await producer.connect();
      return producer;
    })();
    const pending = this.producer;
    pending.catch(() => {
      if (this.producer === pending) this.producer = null;
    });
    return pending;
  }

  private async resetProducer(): Promise<void> {
    const pending = this.producer;
    this.producer = null;
    const producer = await pending?.catch(() => null);
    await producer?.disconnect().catch(() => undefined);
  }

  private adminClient(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin({ retry: { retries: 5, initialRetryTime: 200, maxRetryTime: 2_000 } });
      await admin.connect();
      return admin;
    })();
    const pending = this.admin;
    pending.catch(() => {
      if (this.admin === pending) this.admin = null;
    });
    return pending;
  }

  private async waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const metadata = await admin.fetchTopicMetadata({ topics }).catch(() => null);
      const ready =
        metadata !== null &&
        topics.every((topic) => {
          const found = metadata.topics.find((entry) => entry.name === topic);
          return (
            found !== undefined && found.partitions.length > 0 && found.partitions.every((p) => p.leader >= 0)
          );
        });
      if (ready) return;
      if (Date.now() > deadline)
        throw new Error(`Kafka topics have no leader after ${timeoutMs} ms: ${topics.join(', ')}`);
      await sleep(200);
    }
  }
}

class KafkaSubscription implements TransportSubscription {
  readonly groupId: string;
  private readonly transport: KafkaTransport;
  private readonly options: SubscribeOptions;
  private readonly settings: Settings;
  private readonly logger: Logger | undefined;
  private consumer: Consumer;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly failures = new Map<string, number>();
  private readonly pendingCommits = new Map<string, { topic: string; partition: number; offset: string }>();
  private committing: Promise<void> | null = null;
  private recreating: Promise<void> | null = null;
  private stopping = false;
  private stopped = false;
  private crashed = false;

  constructor(
    transport: KafkaTransport,
    options: SubscribeOptions,
    settings: Settings,
    logger: Logger | undefined,
  ) {
    this.transport = transport;
    this.options = options;
    this.settings = settings;
    this.groupId = options.groupId;
    this.logger = logger?.child({ groupId: options.groupId });
    this.consumer = this.createConsumer();
  }

  async start(): Promise<void> {
    await this.run(this.consumer, true);
  }

  running(): boolean {
    return !this.stopped && !this.crashed;
  }

  async lag(): Promise<number | null> {
    try {
      return await this.transport.lag(this.groupId, this.options.topics);
    } catch {
      return null;
    }
  }

  /** Graceful: messages in flight finish and are committed, then the member leaves its group. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await this.recreating;
    await Promise.allSettled([...this.inFlight]);
    await this.flushCommits();
    await this.consumer
      .disconnect()
      .catch((error: unknown) =>
        this.logger?.warn({ err: describeError(error) }, 'kafka consumer disconnect failed'),
      );
    this.stopped = true;
    this.transport.forget(this);
  }

  private createConsumer(): Consumer {
    const consumer = this.transport.kafka.consumer({
      groupId: this.transport.physicalGroup(this.options.groupId),
      sessionTimeout: this.settings.sessionTimeoutMs,
      heartbeatInterval: this.settings.heartbeatIntervalMs,
      rebalanceTimeout: this.settings.rebalanceTimeoutMs,
      maxWaitTimeInMs: this.settings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      retry: {
        retries: 10,
        initialRetryTime: 300,
        maxRetryTime: 5_000,
        // Whatever broke (broker down, coordinator moved), come back and resume from the commits.
        restartOnFailure: async () => !this.stopping,
      },
    });
    consumer.on(consumer.events.CRASH, (event) => {
      this.logger?.error(
        { err: describeError(event.payload.error), restart: event.payload.restart },
        'kafka consumer crashed',
      );
      // kafkajs does not restart after errors it deems fatal: build a new member ourselves.
      if (!event.payload.restart && !this.stopping && consumer === this.consumer) this.recreate();
    });
    return consumer;
  }

  private async run(consumer: Consumer, waitForJoin: boolean): Promise<void> {
    const joined = new Promise<void>((resolve) => {
      const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
        remove();
        resolve();
      });
    });
    await consumer.connect();
    await consumer.subscribe({
      topics: this.options.topics.map((topic) => this.transport.physicalTopic(topic)),
      // A new group starts at the beginning: nothing published before its first start is missed.
      fromBeginning: true,
    });
    await consumer.run({
      autoCommit: false,
      // Offsets are resolved (and committed) only for messages the handler acknowledged.
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.settings.partitions,
      eachBatch: (payload) => this.eachBatch(consumer, payload),
    });
    if (!waitForJoin) return;
    const timedOut = await Promise.race([
      joined.then(() => false),
      sleep(this.settings.joinTimeoutMs).then(() => true),
    ]);
    if (timedOut)
      this.logger?.warn(
        { timeoutMs: this.settings.joinTimeoutMs },
        'kafka consumer has not joined its group yet',
      );
  }

  /** Replaces a member kafkajs gave up on; it resumes from the group's committed offsets. */
  private recreate(): void {
    this.crashed = true;
    this.recreating ??= (async () => {
      for (let attempt = 1; !this.stopping; attempt++) {
        await sleep(backoffDelay(attempt, 500, 10_000));
        if (this.stopping) return;
        await this.consumer.disconnect().catch(() => undefined);
        // Offsets of the dead member cannot be committed any more; its messages come again.
        this.pendingCommits.clear();
        this.consumer = this.createConsumer();
        try {
          await this.run(this.consumer, false);
          this.crashed = false;
          this.logger?.warn({ attempt }, 'kafka consumer recreated');
          return;
        } catch (error) {
          this.logger?.warn(
            { attempt, err: describeError(error) },
            'kafka consumer could not be recreated yet',
          );
        }
      }
    })().finally(() => {
      this.recreating = null;
    });
  }

  private async eachBatch(consumer: Consumer, payload: EachBatchPayload): Promise<void> {
    // Stopping: leave the rest uncommitted; the next member of the group starts from it.
    if (this.stopping) return;
    const work = this.process(consumer, payload);
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async process(
    consumer: Consumer,
    { batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload,
  ): Promise<void> {
    const { topic, partition } = batch;
    const size = Math.max(1, this.options.maxBatchSize ?? 1);
    const partitionKey = `${topic}:${partition}`;
    for (let start = 0; start < batch.messages.length; start += size) {
      if (this.stopping || !isRunning() || isStale()) return;
      const chunk = batch.messages.slice(start, start + size);
      const first = chunk[0];
      const last = chunk.at(-1);
      if (!first || !last) return;
      try {
        await this.options.handle(chunk.map((message) => this.toIncoming(topic, partition, message)));
      } catch (error) {
        const failures = (this.failures.get(partitionKey) ?? 0) + 1;
        this.failures.set(partitionKey, failures);
        this.logger?.warn(
          { topic, partition, offset: first.offset, failures, err: describeError(error) },
          'messages not applied; fetching them again',
        );
        if (this.stopping) return;
        await this.pauseWithHeartbeat(
          backoffDelay(
            failures,
            this.settings.redeliveryBackoffMs.baseMs,
            this.settings.redeliveryBackoffMs.maxMs,
          ),
          heartbeat,
        );
        // Not acknowledged: fetch again from here, exactly as a restarted member would from the
        // last commit (autoCommit is off, so seek moves only the fetch position).
        if (!this.stopping) {
          try {
            consumer.seek({ topic, partition, offset: first.offset });
          } catch (seekError) {
            // The member is gone (crash, shutdown): the next one starts from the last commit anyway.
            this.logger?.debug({ err: describeError(seekError) }, 'seek after a failure was not possible');
          }
        }
        return;
      }
      this.failures.delete(partitionKey);
      resolveOffset(last.offset);
      if (consumer === this.consumer)
        this.commitLater(topic, partition, (BigInt(last.offset) + 1n).toString());
      await heartbeat().catch(() => undefined);
    }
  }

  private toIncoming(topic: string, partition: number, message: KafkaMessage): IncomingMessage {
    return {
      topic: this.transport.logicalTopic(topic),
      key: message.key?.toString('utf8') ?? '',
      value: message.value?.toString('utf8') ?? '',
      headers: decodeHeaders(message.headers),
      partition,
      offset: message.offset,
    };
  }

  /**
   * Commits offset + 1 after the effect committed. Commits are coalesced: while one is in flight,
   * later ones of the same partition replace each other, so a busy consumer commits in batches.
   */
  private commitLater(topic: string, partition: number, offset: string): void {
    this.pendingCommits.set(`${topic}:${partition}`, { topic, partition, offset });
    this.committing ??= this.drainCommits();
  }

  private async drainCommits(): Promise<void> {
    try {
      while (this.pendingCommits.size > 0) {
        const offsets = [...this.pendingCommits.values()];
        this.pendingCommits.clear();
        try {
          await this.consumer.commitOffsets(offsets);
        } catch (error) {
          // Harmless: the messages come again and are skipped as already processed.
          this.logger?.warn({ offsets, err: describeError(error) }, 'offset commit failed');
        }
      }
    } finally {
      this.committing = null;
    }
  }

  private async flushCommits(): Promise<void> {
    while (this.committing || this.pendingCommits.size > 0) {
      await (this.committing ?? (this.committing = this.drainCommits()));
    }
  }

  private async pauseWithHeartbeat(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) {
      await sleep(Math.min(until - Date.now(), this.settings.heartbeatIntervalMs));
      // A rebalance may be under way: then the seek is moot and the new owner redelivers.
      await heartbeat().catch(() => undefined);
    }
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
      // Deliberate (see producerClient): retries are bounded and the relay re-sends.
      if (message.startsWith('Limiting retries for the idempotent producer')) return;
      const entry = { kafkajs: namespace, ...fields };
      if (level === KafkaLogLevel.ERROR) logger.error(entry, message);
      else if (level === KafkaLogLevel.WARN) logger.warn(entry, message);
      else if (level === KafkaLogLevel.INFO) logger.info(entry, message);
      else logger.debug(entry, message);
    };
}
