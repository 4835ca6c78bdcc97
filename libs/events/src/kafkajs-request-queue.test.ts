import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestQueue } from './kafkajs-request-queue.ts';

const require = createRequire(import.meta.url);
const modulePath = require.resolve('kafkajs/src/network/requestQueue/index.js');

/** kafkajs's request queue as shipped, from a fresh copy of its module (the cached one stays patched). */
function shippedRequestQueue(): typeof RequestQueue {
  const cached = require.cache[modulePath];
  delete require.cache[modulePath];
  try {
    return require(modulePath) as typeof RequestQueue;
  } finally {
    require.cache[modulePath] = cached;
  }
}

const quiet = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const newQueue = (Queue: typeof RequestQueue) =>
  new Queue({ maxInFlightRequests: 1, requestTimeout: 1_000, clientId: 'test', logger: quiet });

/**
 * How many times a queue with nothing waiting checks itself in `ms` of (fake) time after the check
 * kafkajs runs when a request is answered (`fulfillRequest`), and the delays it asked for.
 */
function checksWhileIdle(Queue: typeof RequestQueue, ms: number): { checks: number; delays: unknown[] } {
  vi.useFakeTimers();
  const armed = vi.spyOn(globalThis, 'setTimeout');
  const queue = newQueue(Queue);
  const check = vi.spyOn(queue, 'checkPendingRequests');
  queue.checkPendingRequests();
  vi.advanceTimersByTime(ms);
  const delays = armed.mock.calls.map((call) => call[1]);
  queue.destroy();
  return { checks: check.mock.calls.length - 1, delays };
}

/** The delay a queue arms when it schedules its check in the given state (recorded, not armed). */
function delayWhenScheduling(prepare: (queue: InstanceType<typeof RequestQueue>) => void): unknown {
  const armed = vi
    .spyOn(globalThis, 'setTimeout')
    .mockImplementation((() => 0) as unknown as typeof setTimeout);
  try {
    const queue = newQueue(RequestQueue);
    prepare(queue);
    queue.scheduleCheckPendingRequests();
    return armed.mock.calls[0]?.[1];
  } finally {
    armed.mockRestore();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('kafkajs’s request queue, patched', () => {
  it('patches the request queue kafkajs itself uses', () => {
    expect(require(modulePath)).toBe(RequestQueue);
  });

  it('does not check itself over and over while nothing waits (kafkajs as shipped: every millisecond)', () => {
    expect(checksWhileIdle(RequestQueue, 1_000)).toEqual({ checks: 0, delays: [] });
    // As shipped: about a thousand checks a second per connection, each asking for a negative
    // delay (about minus the current time), which Node clamps to 1 ms and, since Node 24, warns about.
    const shipped = checksWhileIdle(shippedRequestQueue(), 1_000);
    expect(shipped.checks).toBeGreaterThan(900);
    expect(shipped.delays.every((delay) => typeof delay === 'number' && delay < 0)).toBe(true);
  });

  it('checks again when a request waits: after the throttle, else after kafkajs’s 10 ms', () => {
    const throttled = delayWhenScheduling((queue) => {
      queue.pending.push({});
      queue.throttledUntil = Date.now() + 5_000;
    });
    expect(throttled).toBeGreaterThan(4_000);
    expect(delayWhenScheduling((queue) => queue.pending.push({}))).toBe(10);
  });

  it('sends a request that waited for the throttle once it ends, with no answer to wake it', () => {
    vi.useFakeTimers();
    const queue = newQueue(RequestQueue);
    queue.throttledUntil = Date.now() + 50;
    const sent = vi.fn();
    const entry = { correlationId: 1, resolve: vi.fn(), reject: vi.fn() };
    queue.push({ entry, expectResponse: false, sendRequest: sent });
    expect(sent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(sent).toHaveBeenCalledOnce();
    expect(entry.resolve).toHaveBeenCalledOnce();
    queue.destroy();
  });
});
