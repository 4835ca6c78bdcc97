import type { Logger } from 'pino';
import { DeliveryFailedError, EventBusStateError, TransportClosedError } from './errors.ts';
import { backoffDelay, describeError, sleep } from './timing.ts';
import type {
  IncomingMessage,
  OutgoingMessage,
  SendOptions,
  SubscribeOptions,
  Transport,
  TransportSubscription,
} from './transport.ts';

/** One topic's retained messages: a small in-memory log with Kafka-like offsets. */
class TopicLog {
  /** Offset of `entries[0]`. */
  base = 0;
  entries: OutgoingMessage[] = [];
  /** Groups that ever subscribed to this topic on this bus: `send` waits for each of them. */
  readonly groups = new Set<string>();
  waiters = new Set<() => void>();

  get end(): number {
    return this.base + this.entries.length;
  }

  append(message: OutgoingMessage): number {
    this.entries.push(message);
    return this.end - 1;
  }

  at(offset: number): OutgoingMessage | undefined {
    return this.entries[offset - this.base];
  }

  dropBefore(offset: number): number {
    const count = Math.max(0, Math.min(offset, this.end) - this.base);
    if (count > 0) {
      this.entries.splice(0, count);
      this.base += count;
    }
    return count;
  }

  wake(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }
}

interface GroupRecord {
  groupId: string;
  /** topic → next offset to deliver; kept across stop/start, like a Kafka group's commits. */
  committed: Map<string, number>;
  active: InProcessSubscription | null;
}

export interface InProcessBusOptions {
  /** Messages kept per topic beyond what every group consumed (for groups that subscribe late). */
  maxRetained?: number;
  logger?: Logger;
}

/**
 * The embedded event transport: every service of `npm start` runs in one Node process, so one bus
 * (the module-level `defaultInProcessBus`) reaches every consumer group. It keeps the outbox
 * contract: `send` resolves only once every group that consumes the topic has applied (or
 * dead-lettered) the messages, so an outbox row marked published is never lost with the process.
 * Each group resumes from its own offsets after a stop, and a group that subscribes after messages
 * were sent still receives the retained ones (like a new Kafka group reading from the beginning).
 */
export class InProcessBus {
  readonly maxRetained: number;
  private readonly topics = new Map<string, TopicLog>();
  private readonly groups = new Map<string, GroupRecord>();
  private progressWaiters = new Set<() => void>();
  logger: Logger | undefined;

  constructor(options: InProcessBusOptions = {}) {
    this.maxRetained = options.maxRetained ?? 10_000;
    this.logger = options.logger;
  }

  topic(name: string): TopicLog {
    let log = this.topics.get(name);
    if (!log) {
      log = new TopicLog();
      this.topics.set(name, log);
    }
    return log;
  }

  /** Appends in order and waits until every group of each topic is past its last message. */
  async send(messages: OutgoingMessage[], options: SendOptions & { timeoutMs: number }): Promise<void> {
    const lastOffsets = new Map<string, number>();
    for (const message of messages) {
      const log = this.topic(message.topic);
      lastOffsets.set(message.topic, log.append({ ...message, headers: { ...message.headers } }));
    }
    for (const topic of lastOffsets.keys()) {
      const log = this.topic(topic);
      log.wake();
      this.trim(topic, log);
    }
    await this.waitFor(() => this.delivered(lastOffsets), options);
  }

  /** Makes `groupId` a consumer of `topics` from now on: sends wait for it even before it subscribes. */
  declareGroup(groupId: string, topics: string[]): GroupRecord {
    let group = this.groups.get(groupId);
    if (!group) {
      group = { groupId, committed: new Map(), active: null };
      this.groups.set(groupId, group);
    }
    for (const topic of topics) {
      const log = this.topic(topic);
      log.groups.add(groupId);
      if (!group.committed.has(topic)) group.committed.set(topic, log.base);
    }
    return group;
  }

  subscribe(options: SubscribeOptions, backoff: { baseMs: number; maxMs: number }): InProcessSubscription {
    if (this.groups.get(options.groupId)?.active) {
      throw new EventBusStateError(`Consumer group "${options.groupId}" is already subscribed on this bus`);
    }
    const group = this.declareGroup(options.groupId, options.topics);
    const subscription = new InProcessSubscription(this, group, options, backoff);
    group.active = subscription;
    return subscription;
  }

  /** Called by a subscription when it acknowledged `offset` of `topic`. */
  commit(group: GroupRecord, topic: string, nextOffset: number): void {
    group.committed.set(topic, nextOffset);
    this.trim(topic, this.topic(topic));
    this.progressed();
  }

  detach(group: GroupRecord): void {
    group.active = null;
    this.progressed();
  }

  lag(group: GroupRecord, topics: string[]): number {
    return topics.reduce((sum, topic) => {
      const log = this.topic(topic);
      return sum + Math.max(0, log.end - (group.committed.get(topic) ?? log.base));
    }, 0);
  }

  private delivered(lastOffsets: Map<string, number>): boolean {
    for (const [topic, offset] of lastOffsets) {
      for (const groupId of this.topic(topic).groups) {
        const committed = this.groups.get(groupId)?.committed.get(topic) ?? 0;
        if (committed <= offset) return false;
      }
    }
    return true;
  }

  private progressed(): void {
    const waiters = this.progressWaiters;
    this.progressWaiters = new Set();
    for (const wake of waiters) wake();
  }

  private async waitFor(done: () => boolean, options: SendOptions & { timeoutMs: number }): Promise<void> {
    const deadline = Date.now() + options.timeoutMs;
    while (!done()) {
      if (options.signal?.aborted)
        throw new DeliveryFailedError('Send aborted before every consumer group applied it');
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new DeliveryFailedError(
          `Not every consumer group applied the messages within ${options.timeoutMs} ms`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', wake);
          this.progressWaiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, remaining);
        options.signal?.addEventListener('abort', wake, { once: true });
        this.progressWaiters.add(wake);
      });
    }
  }

  /** Drops what every group consumed; beyond `maxRetained`, drops the oldest anyway (and says so). */
  private trim(topic: string, log: TopicLog): void {
    let consumedByAll = log.end;
    for (const groupId of log.groups) {
      consumedByAll = Math.min(consumedByAll, this.groups.get(groupId)?.committed.get(topic) ?? log.base);
    }
    if (log.groups.size > 0) log.dropBefore(consumedByAll);
    const excess = log.entries.length - this.maxRetained;
    if (excess > 0) {
      const dropped = log.dropBefore(log.base + excess);
      if (log.groups.size > 0) {
        this.logger?.warn(
          { topic, dropped },
          'in-process bus retention exceeded: a stopped consumer group misses messages',
        );
      }
    }
  }
}

export class InProcessSubscription implements TransportSubscription {
  readonly groupId: string;
  private readonly bus: InProcessBus;
  private readonly group: GroupRecord;
  private readonly options: SubscribeOptions;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly abort = new AbortController();
  private readonly workers: Promise<void>[];
  private stopped = false;

  constructor(
    bus: InProcessBus,
    group: GroupRecord,
    options: SubscribeOptions,
    backoff: { baseMs: number; maxMs: number },
  ) {
    this.bus = bus;
    this.group = group;
    this.groupId = group.groupId;
    this.options = options;
    this.backoff = backoff;
    // One worker per topic: like one Kafka partition, so one key's messages stay in order.
    this.workers = options.topics.map((topic) => this.consume(topic));
  }

  running(): boolean {
    return !this.stopped;
  }

  lag(): Promise<number> {
    return Promise.resolve(this.bus.lag(this.group, this.options.topics));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    await Promise.all(this.workers);
    this.bus.detach(this.group);
  }

  private async consume(topic: string): Promise<void> {
    const log = this.bus.topic(topic);
    while (!this.stopped) {
      let offset = this.group.committed.get(topic) ?? log.base;
      if (offset < log.base) {
        this.bus.logger?.warn(
          { topic, groupId: this.groupId, missed: log.base - offset },
          'in-process messages trimmed before delivery',
        );
        offset = log.base;
      }
      if (offset >= log.end) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            this.abort.signal.removeEventListener('abort', wake);
            log.waiters.delete(wake);
            resolve();
          };
          log.waiters.add(wake);
          this.abort.signal.addEventListener('abort', wake, { once: true });
        });
        continue;
      }
      const batch: IncomingMessage[] = [];
      const limit = Math.min(log.end, offset + (this.options.maxBatchSize ?? 1));
      for (let next = offset; next < limit; next++) {
        const message = log.at(next);
        if (message) batch.push({ ...message, partition: 0, offset: String(next) });
      }
      const applied = await this.deliver(batch);
      if (!applied) return;
      this.bus.commit(this.group, topic, offset + batch.length);
    }
  }

  /** Delivers until the handler resolves; a rejection means "not acknowledged": try again later. */
  private async deliver(batch: IncomingMessage[]): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.handle(batch);
        return true;
      } catch (error) {
        // Stopping: the message stays unacknowledged and is delivered again after a restart.
        if (this.stopped) return false;
        this.bus.logger?.warn(
          {
            topic: batch[0]?.topic,
            offset: batch[0]?.offset,
            groupId: this.groupId,
            attempt,
            err: describeError(error),
          },
          'in-process delivery failed; redelivering',
        );
        await sleep(backoffDelay(attempt, this.backoff.baseMs, this.backoff.maxMs), this.abort.signal);
        if (this.stopped) return false;
      }
    }
  }
}

const defaultBusKey = Symbol.for('@listready/events/in-process-bus');
type GlobalWithBus = typeof globalThis & { [defaultBusKey]?: InProcessBus };

/** The process-wide bus every service of `npm start` shares (kept on globalThis, so one per process). */
export function defaultInProcessBus(): InProcessBus {
  const holder = globalThis as GlobalWithBus;
  holder[defaultBusKey] ??= new InProcessBus();
  return holder[defaultBusKey];
}

export interface InProcessTransportOptions {
  /** Defaults to the process-wide bus; tests pass their own. */
  bus?: InProcessBus;
  logger?: Logger;
  /** How long `send` waits for every consumer group before failing (the relay then retries). */
  deliveryTimeoutMs?: number;
  redeliveryBackoffMs?: { baseMs: number; maxMs: number };
}

export function createInProcessTransport(options: InProcessTransportOptions = {}): Transport {
  const bus = options.bus ?? defaultInProcessBus();
  if (options.logger && !bus.logger) bus.logger = options.logger;
  const timeoutMs = options.deliveryTimeoutMs ?? 60_000;
  const backoff = options.redeliveryBackoffMs ?? { baseMs: 100, maxMs: 5_000 };
  const subscriptions = new Set<InProcessSubscription>();
  let closed = false;
  return {
    kind: 'in-process',
    ensureTopics: async (topics) => {
      for (const topic of topics) bus.topic(topic);
    },
    send: async (messages, sendOptions = {}) => {
      if (closed) throw new TransportClosedError();
      await bus.send(messages, { ...sendOptions, timeoutMs });
    },
    declareGroup: (groupId, topics) => {
      bus.declareGroup(groupId, topics);
    },
    subscribe: async (subscribeOptions) => {
      if (closed) throw new TransportClosedError();
      const subscription = bus.subscribe(subscribeOptions, backoff);
      subscriptions.add(subscription);
      return subscription;
    },
    close: async () => {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
    },
  };
}
