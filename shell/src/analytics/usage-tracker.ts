import type { UsageEvent } from '@listready/contracts/analytics';
import {
  ANALYTICS_LIMITS,
  IMMEDIATE_USAGE_EVENTS,
  type UsagePageProperties,
} from '@listready/contracts/analytics-limits';
import { USAGE_SESSION_STORAGE_KEY, usageSessionId } from '@listready/web-client/usage-event';

/** Where batches go (spec §7). */
export const ANALYTICS_URL = '/api/analytics';
/** What the tracker needs from the browser (tests give fakes and fake timers). */
export interface TrackerDependencies {
  fetch: (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon?: (url: string, data: string) => boolean;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  now: () => Date;
  /** The page properties every event carries. */
  page: () => UsagePageProperties;
  /** sessionStorage; absent or failing (private modes), the session lives as long as the page. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  randomId: () => string;
  /** A new UUID for each event (crypto.randomUUID): the service records an event sent twice once. */
  eventId: () => string;
  /** Where a failed send is reported (the spec: logged, events kept for retry). */
  warn: (message: string, detail?: unknown) => void;
}

export type UsageProperties = Record<string, unknown>;

export interface UsageTracker {
  /** Queues an event; the spec's immediate ones (task or stage completed, sign-up, error) go at once. */
  track(event: string, properties?: UsageProperties): void;
  /**
   * The signed-in user, or null. Signing in records `app_initialized` with the role and tags the
   * following events; signing out ends the session (`session_end`, sent at once) and starts a new one.
   */
  setUser(user: { id: string; role: string } | null): void;
  /**
   * Ends the signed-in user's session now (`session_end` with `reason`, sent at once) and starts a
   * visitor's; resolves once the end is sent. Signing out calls it before the server ends the
   * session: sent after, the end would be recorded for nobody. Nothing to end, it resolves at once.
   */
  endSession(reason: string): Promise<void>;
  /** Sends the queue now (failed batches go back to the queue). */
  flush(): Promise<void>;
  /** Sends the queue with sendBeacon: the page is going away and fetch may not finish. */
  flushWithBeacon(): void;
  /** Starts the 30-second batches. */
  start(): void;
  stop(): void;
  readonly sessionId: string;
  /** Events waiting to be sent (for tests and the curious). */
  queued(): readonly UsageEvent[];
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).byteLength;
/** Room left in a batch for the array's brackets and commas, and for a proxy's rounding. */
const BATCH_BYTES = ANALYTICS_LIMITS.maxBatchBytes - 1024;

/** The spec's immediate events, also when they come as an action (`task_action` with `completed`). */
export function isImmediate(event: string, properties: UsageProperties): boolean {
  if ((IMMEDIATE_USAGE_EVENTS as readonly string[]).includes(event)) return true;
  // The app's start: the dashboard sees the session at once rather than 30 s later.
  if (event === 'app_initialized') return true;
  const action = properties.action;
  if ((event === 'task_action' || event === 'stage_action') && action === 'completed') return true;
  return event === 'user_flow' && properties.flowStep === 'user_registered';
}

/** Events in sendable batches: at most 100 each and under 64 KB; one event over it alone is dropped. */
export function toBatches(events: readonly UsageEvent[]): {
  batches: UsageEvent[][];
  tooLarge: UsageEvent[];
} {
  const batches: UsageEvent[][] = [];
  const tooLarge: UsageEvent[] = [];
  let current: UsageEvent[] = [];
  let bytes = 2;
  for (const event of events) {
    const size = byteLength(JSON.stringify(event)) + 1;
    if (size + 2 > BATCH_BYTES) {
      tooLarge.push(event);
      continue;
    }
    if (current.length === ANALYTICS_LIMITS.maxEventsPerBatch || bytes + size > BATCH_BYTES) {
      batches.push(current);
      current = [];
      bytes = 2;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return { batches, tooLarge };
}

/** Retrying helps these; any other refusal (400, 413) would be refused again. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * The usage tracker (spec §3, §7, §9): events carry the page properties, a timestamp, the user id
 * once signed in and the tab's session id; they are sent every 30 s, at once for the immediate
 * ones, and with sendBeacon when the page goes away. A batch that fails for a reason retrying can
 * fix goes back to the front of the queue; the queue keeps the newest 500 events.
 */
export function createUsageTracker(deps: TrackerDependencies): UsageTracker {
  let queue: UsageEvent[] = [];
  let userId: string | null = null;
  let interval: unknown = null;

  const newSessionId = (): string => {
    const id = deps.randomId();
    try {
      deps.storage?.setItem(USAGE_SESSION_STORAGE_KEY, id);
    } catch {
      // Storage refused (private mode, quota): the session lasts as long as the page.
    }
    return id;
  };
  let sessionId = usageSessionId(deps.storage) ?? newSessionId();

  const bound = () => {
    if (queue.length > ANALYTICS_LIMITS.maxQueuedEvents) {
      queue = queue.slice(queue.length - ANALYTICS_LIMITS.maxQueuedEvents);
    }
  };
  const requeue = (events: UsageEvent[]) => {
    queue = [...events, ...queue];
    bound();
  };
  const take = () => {
    const { batches, tooLarge } = toBatches(queue);
    queue = [];
    if (tooLarge.length > 0) deps.warn(`Dropped ${tooLarge.length} usage event(s) larger than a batch`);
    return batches;
  };

  /** Sends one batch; answers the events to try again (none when sent or refused for good). */
  async function send(batch: UsageEvent[]): Promise<UsageEvent[]> {
    try {
      const response = await deps.fetch(ANALYTICS_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(batch),
        keepalive: true,
      });
      // Read to the end, though nothing in it is needed: until a fetch's body is read Chromium does
      // not count the request as finished, so the page's network never went quiet for the tools
      // that wait for it (Lighthouse waited out its time limit on every signed-in page).
      await response.text().catch(() => '');
      if (response.ok) return [];
      if (retryable(response.status)) {
        deps.warn(`Usage events not sent (HTTP ${response.status}); kept for retry`);
        return batch;
      }
      deps.warn(`Usage events refused (HTTP ${response.status}); dropped`);
      return [];
    } catch (error) {
      deps.warn('Usage events not sent; kept for retry', error);
      return batch;
    }
  }

  const tracker: UsageTracker = {
    get sessionId() {
      return sessionId;
    },
    queued: () => queue,

    track(event, properties = {}) {
      queue.push({
        event,
        properties: { ...deps.page(), ...properties },
        timestamp: deps.now().toISOString(),
        userId,
        sessionId,
        // A batch sent again (its answer lost) is then recorded once.
        eventId: deps.eventId(),
      });
      bound();
      if (isImmediate(event, properties)) void tracker.flush();
    },

    setUser(user) {
      if ((user?.id ?? null) === userId) return;
      // Signed out (or another account): this session ends with the user who had it.
      void tracker.endSession('signed-out');
      if (user) {
        userId = user.id;
        tracker.track('app_initialized', { role: user.role });
      }
    },

    endSession(reason) {
      if (userId === null) return Promise.resolve();
      tracker.track('session_end', { reason });
      // The queue is taken now, with this session's events stamped with this user.
      const sent = tracker.flush();
      sessionId = newSessionId();
      userId = null;
      return sent;
    },

    async flush() {
      if (queue.length === 0) return;
      const unsent = await Promise.all(take().map(send));
      // In their order, ahead of whatever was tracked meanwhile.
      requeue(unsent.flat());
    },

    flushWithBeacon() {
      if (queue.length === 0) return;
      if (!deps.sendBeacon) {
        void tracker.flush();
        return;
      }
      const refused: UsageEvent[] = [];
      for (const batch of take()) {
        // A string body goes as text/plain (no preflight, allowed while the page unloads).
        if (!deps.sendBeacon(ANALYTICS_URL, JSON.stringify(batch))) refused.push(...batch);
      }
      if (refused.length > 0) requeue(refused);
    },

    start() {
      if (interval !== null) return;
      interval = deps.setInterval(() => void tracker.flush(), ANALYTICS_LIMITS.batchIntervalMs);
    },

    stop() {
      if (interval === null) return;
      deps.clearInterval(interval);
      interval = null;
    },
  };
  return tracker;
}
