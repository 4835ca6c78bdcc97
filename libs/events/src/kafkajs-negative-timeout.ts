/**
 * kafkajs 2.2.4 (its latest release) arms a timer of `throttledUntil - Date.now()` ms in its request
 * queue even when it is not throttled (`throttledUntil` is -1): a huge negative delay, which Node
 * has clamped to 1 ms since v11 and, since Node 24, also reports as a `TimeoutNegativeWarning` at
 * every connection (tulios/kafkajs#1751; the fix, #1755, is not released). This applies that fix:
 * the same method with the delay clamped to the 1 ms Node uses anyway, so kafkajs behaves exactly
 * as before, without the warning. Imported for its effect by kafka-transport.ts.
 */
import { createRequire } from 'node:module';

/** What Node does with a delay under 1 ms, and what kafkajs's own scheduling relied on. */
const MIN_DELAY_MS = 1;
/** kafkajs's CHECK_PENDING_REQUESTS_INTERVAL (requestQueue/index.js). */
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

interface RequestQueue {
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const require = createRequire(import.meta.url);
export const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as {
  prototype: RequestQueue;
  new (options: Record<string, unknown>): RequestQueue;
};

RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(
  this: RequestQueue,
) {
  let scheduleAt = this.throttledUntil - Date.now();
  if (!this.throttleCheckTimeoutId) {
    if (this.pending.length > 0) {
      scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL;
    }
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      Math.max(MIN_DELAY_MS, scheduleAt),
    );
  }
};
