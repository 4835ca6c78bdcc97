/**
 * kafkajs 2.2.4 (its latest release) re-arms its request queue's pending check after every check,
 * whether or not a request is waiting, with a delay of `throttledUntil - Date.now()` ms — a huge
 * negative number when it is not throttled (`throttledUntil` is -1). Node clamps that delay to 1 ms,
 * so every connection to a broker wakes its process about a thousand times a second for nothing
 * (tulios/kafkajs#1704, #1556), and since Node 24 Node also prints a `TimeoutNegativeWarning` at
 * every connection (#1751; neither fix, #1667 nor #1755, is released). Measured on an idle platform
 * on the real engines (bench/load/idle.ts, 2 Dec 2026): each service woke about 830 times a second
 * and spent 37–58 ms of CPU a second; patched, 115–133 wake-ups and 14–20 ms.
 *
 * The same method, patched: a check is armed only when a request waits in the queue, after the
 * throttle if there is one, else after kafkajs's 10 ms. Nothing else needs the timer: a push that
 * cannot be sent queues the request and arms it here, and an answered or timed-out request checks
 * the queue at once (kafkajs's `fulfillRequest` and the request's `timeout`). Imported for its
 * effect by kafka-transport.ts and kafkajs.ts.
 */
import { createRequire } from 'node:module';

/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL (requestQueue/index.js). */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

interface RequestQueue {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  push(request: {
    entry: { correlationId: number; resolve(value: unknown): void; reject(error: unknown): void };
    expectResponse: boolean;
    sendRequest(): void;
  }): void;
  destroy(): void;
}

const require = createRequire(import.meta.url);
export const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
  prototype: RequestQueue;
  new (options: Record<string, unknown>): RequestQueue;
};

RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(
  this: RequestQueue,
) {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL,
  );
};
