import type { Logger } from 'pino';
import { DeliveryFailedError, EventBusStateError } from './errors.ts';
import { describeError, retry } from './timing.ts';
import {
  maxBatch,
  type IncomingMessage,
  type OutgoingMessage,
  type SendOptions,
  type SubscribeOptions,
  type Transport,
  type TransportSubscription,
} from './transport.ts';

/** A message waiting for one consumer group; `applied` releases the send that waits on it. */
interface Pending {
  message: IncomingMessage;
  applied(): void;
}

interface Group {
  topics: Set<string>;
  /** Messages the group has not taken yet, in send order. */
  queue: Pending[];
  subscription: InProcessSubscription | null;
}

/**
 * The embedded event transport: every service of `npm start` runs in one Node process, so one bus
 * reaches every consumer group. `send` resolves once every group that consumes the topic has
 * applied (or dead-lettered) the messages, so an outbox row is marked published only after that.
 * A group exists from its declaration (the event bus's `subscribe`, before `start`): what is sent
 * before it subscribes, or while it is stopped, waits in its queue; what was sent before it existed
 * never reaches it, so `npm start` builds every service (declaring its groups) before it starts
 * any relay (runtime/src/platform.ts).
 */
export class InProcessBus {
  private readonly groups = new Map<string, Group>();
  private sequence = 0;

  /** Makes `groupId` a consumer of `topics` from now on: sends wait for it even before it subscribes. */
  declareGroup(groupId: string, topics: string[]): Group {
    let group = this.groups.get(groupId);
    if (!group) {
      group = { topics: new Set(), queue: [], subscription: null };
      this.groups.set(groupId, group);
    }
    for (const topic of topics) group.topics.add(topic);
    return group;
  }

  subscribe(options: SubscribeOptions, logger: Logger | undefined): InProcessSubscription {
    const group = this.declareGroup(options.groupId, options.topics);
    if (group.subscription) {
      throw new EventBusStateError(`Consumer group "${options.groupId}" is already subscribed on this bus`);
    }
    group.subscription = new InProcessSubscription(group, options, logger);
    return group.subscription;
  }

  /** Queues the messages for every group of their topic and waits until each group applied them. */
  async send(messages: OutgoingMessage[], { signal }: SendOptions): Promise<void> {
    const queued = new Set<Pending>();
    const applied: Promise<void>[] = [];
    for (const outgoing of messages) {
      const message: IncomingMessage = {
        ...outgoing,
        headers: { ...outgoing.headers },
        partition: 0,
        offset: String(this.sequence++),
      };
      const groups = [...this.groups.values()].filter((group) => group.topics.has(message.topic));
      for (const group of groups) {
        applied.push(
          new Promise((resolve) => {
            const pending = { message, applied: resolve };
            queued.add(pending);
            group.queue.push(pending);
          }),
        );
        group.subscription?.wake();
      }
    }
    // No time limit: a group still applying retries on its own, and a send that gave up would only
    // be sent again to the groups that already applied it. Only the relay's stop ends the wait.
    let onAbort: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new DeliveryFailedError('Send aborted before every consumer group applied it'));
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([Promise.all(applied), aborted]);
    } catch (error) {
      // The relay sends these rows again: drop the copies no group has taken yet.
      for (const group of this.groups.values()) {
        group.queue = group.queue.filter((pending) => !queued.has(pending));
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

class InProcessSubscription implements TransportSubscription {
  readonly groupId: string;
  private readonly group: Group;
  private readonly options: SubscribeOptions;
  private readonly logger: Logger | undefined;
  private readonly stopping = new AbortController();
  private readonly worker: Promise<void>;
  private inFlight: Pending[] = [];
  private wakeUp: () => void = () => undefined;
  private crashed = false;

  constructor(group: Group, options: SubscribeOptions, logger: Logger | undefined) {
    this.group = group;
    this.options = options;
    this.groupId = options.groupId;
    this.logger = logger?.child({ groupId: options.groupId });
    this.worker = this.consume();
  }

  running(): boolean {
    return !this.stopping.signal.aborted && !this.crashed;
  }

  lag(): Promise<number> {
    return Promise.resolve(this.group.queue.length + this.inFlight.length);
  }

  wake(): void {
    this.wakeUp();
  }

  /** Lets the messages in hand finish (or, if they are failing, go back to the queue), then detaches. */
  async stop(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort();
    this.wakeUp();
    await this.worker;
    this.group.subscription = null;
  }

  /** The messages the group takes next: all that wait (up to `maxBatch`) if it applies batches, else one. */
  private take(): Pending[] {
    return this.group.queue.splice(0, this.options.handleBatch ? maxBatch : 1);
  }

  /** `taken` is never empty; it holds one message unless the subscription applies batches. */
  private deliver(taken: Pending[]): Promise<void> {
    const messages = taken.map((pending) => pending.message);
    const { handle, handleBatch } = this.options;
    return handleBatch ? handleBatch(messages) : handle(messages[0] as IncomingMessage);
  }

  private async consume(): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      const taken = this.take();
      if (taken.length === 0) {
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
        });
        continue;
      }
      this.inFlight = taken;
      try {
        // A rejection means "not applied": the same messages again after a back-off, as after a crash.
        await retry(() => this.deliver(taken), {
          retries: Infinity,
          signal,
          onFailedAttempt: ({ error, attemptNumber }) => {
            this.logger?.warn(
              {
                topics: [...new Set(taken.map((pending) => pending.message.topic))],
                attempt: attemptNumber,
                err: describeError(error),
              },
              'in-process delivery failed; redelivering',
            );
          },
        });
      } catch (error) {
        this.group.queue.unshift(...taken);
        // p-retry gives up only when stopped, or on a TypeError (a bug): readiness then reports it.
        if (!signal.aborted) {
          this.crashed = true;
          this.logger?.error({ err: describeError(error) }, 'in-process consumer stopped');
        }
        return;
      } finally {
        this.inFlight = [];
      }
      for (const pending of taken) pending.applied();
    }
  }
}

const defaultBusKey = Symbol.for('@listready/events/in-process-bus');
type GlobalWithBus = typeof globalThis & { [defaultBusKey]?: InProcessBus };

export interface InProcessTransportOptions {
  /** Default: the process-wide bus every service of `npm start` shares (one per process, on globalThis). */
  bus?: InProcessBus;
  logger?: Logger;
}

export function createInProcessTransport(options: InProcessTransportOptions = {}): Transport {
  const holder = globalThis as GlobalWithBus;
  const bus = options.bus ?? (holder[defaultBusKey] ??= new InProcessBus());
  const subscriptions = new Set<InProcessSubscription>();
  return {
    kind: 'in-process',
    // Nothing to create: a topic is a name here.
    ensureTopics: async () => undefined,
    send: (messages, sendOptions = {}) => bus.send(messages, sendOptions),
    declareGroup: (groupId, topics) => void bus.declareGroup(groupId, topics),
    subscribe: async (subscribeOptions) => {
      const subscription = bus.subscribe(subscribeOptions, options.logger);
      subscriptions.add(subscription);
      return subscription;
    },
    close: async () => {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
    },
  };
}
