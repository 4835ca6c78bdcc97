/** A message as the relay hands it to a transport (topic names are logical: `task-completed`). */
export interface OutgoingMessage {
  topic: string;
  /** The event key (aggregate id): messages with one key stay in order. */
  key: string;
  /** The JSON envelope, as stored in the outbox. */
  value: string;
  headers: Record<string, string>;
}

/** A message as a consumer group receives it. */
export interface IncomingMessage extends OutgoingMessage {
  partition: number;
  offset: string;
}

export interface SendOptions {
  /** Aborts a send that is still waiting (in-process: on consumers; Kafka ignores it). */
  signal?: AbortSignal;
}

/** The most messages a transport hands `handleBatch` at once. */
export const maxBatch = 100;

export interface SubscribeOptions {
  /** One consumer group per consuming service; each group receives every message once. */
  groupId: string;
  topics: string[];
  /**
   * Where a group with no commits yet starts (Kafka): at the beginning (default, so a service
   * misses nothing published before its first start) or only with what is published from now on
   * (a replica's live feed, which has no use for the past). In-process: from the declaration on.
   */
  fromBeginning?: boolean;
  /**
   * Applies one message; messages of one partition (one key) come one at a time, in order.
   * Resolving acknowledges it (Kafka: commits its offset + 1); rejecting does not, so the transport
   * delivers it again after a back-off, as after a crash.
   */
  handle(message: IncomingMessage): Promise<void>;
  /**
   * Applies several messages at once, in the order given (optional): those waiting for the group
   * when it is ready for more, at most `maxBatch`, of one partition (Kafka) or in send order
   * (in-process). Resolving acknowledges them all, rejecting none: the transport delivers them
   * again after a back-off, as `handle`'s. A batch may be of one message.
   */
  handleBatch?(messages: IncomingMessage[]): Promise<void>;
  /**
   * A group whose position is of no use once this subscription ends (a replica's live feed: a group
   * of its own per process start). Kafka deletes it, offsets and all, when the subscription stops,
   * instead of keeping offsets no one reads again until retention expires them; while it runs it
   * commits as any group, so a member kafkajs restarts resumes where it was. (A process killed
   * outright still leaves its group to retention.) In-process: nothing outlives the process anyway.
   */
  ephemeral?: boolean;
}

export interface TransportSubscription {
  readonly groupId: string;
  /** Messages published to the group's topics and not yet acknowledged (null: unknown now). */
  lag(): Promise<number | null>;
  /** True while the group consumes (false after a fatal crash or once stopped). */
  running(): boolean;
  /** Finishes the messages in flight, acknowledges them, then leaves the group. */
  stop(): Promise<void>;
}

/**
 * How events leave the outbox and reach consumer groups. Two implementations share this contract:
 * the in-process bus (default) and Kafka (`KAFKA_BROKERS`).
 *
 * `send` resolves only once the messages are durable for every consumer (Kafka: acknowledged by
 * all in-sync replicas; in-process: applied by every consumer group), so the relay may mark the
 * outbox rows published. Delivery is at least once; consumers are idempotent.
 */
export interface Transport {
  readonly kind: 'in-process' | 'kafka';
  /** Creates missing topics and waits until they can be used. Consumers subscribe only after it. */
  ensureTopics(topics: string[]): Promise<void>;
  /** Sends in order; messages with the same topic and key are delivered in this order. */
  send(messages: OutgoingMessage[], options?: SendOptions): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<TransportSubscription>;
  /**
   * Announces a consumer group before it subscribes (in-process: `send` then waits for it too, so
   * events relayed while the process is still starting its services are not acknowledged without
   * it). Kafka needs nothing: the log keeps every message for a group that joins later.
   */
  declareGroup?(groupId: string, topics: string[]): void;
  close(): Promise<void>;
}
