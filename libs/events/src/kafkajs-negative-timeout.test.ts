import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { RequestQueue } from './kafkajs-negative-timeout.ts';

const require = createRequire(import.meta.url);
const modulePath = require.resolve('kafkajs/src/network/requestQueue/index.js');

/** kafkajs's method as shipped, from a fresh copy of its module (the cached one stays patched). */
function shippedScheduleCheck(): () => void {
  const cached = require.cache[modulePath];
  delete require.cache[modulePath];
  try {
    return (require(modulePath) as typeof RequestQueue).prototype.scheduleCheckPendingRequests;
  } finally {
    require.cache[modulePath] = cached;
  }
}

/**
 * The delay a request queue asks of setTimeout when, as after connecting, it schedules its pending
 * check (recorded, not armed: Node would print its warning for a negative one).
 */
function delayWhenScheduling(schedule: () => void): number | undefined {
  const armed = vi
    .spyOn(globalThis, 'setTimeout')
    .mockImplementation((() => 0) as unknown as typeof setTimeout);
  try {
    const queue = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1_000, clientId: 'test' });
    schedule.call(queue);
    return armed.mock.calls[0]?.[1];
  } finally {
    armed.mockRestore();
  }
}

describe('kafkajs on Node 24', () => {
  it('patches the request queue kafkajs itself uses', () => {
    expect(require(modulePath)).toBe(RequestQueue);
  });

  it('schedules no negative timer (the cause of TimeoutNegativeWarning at every connect)', () => {
    expect(delayWhenScheduling(RequestQueue.prototype.scheduleCheckPendingRequests)).toBe(1);
    // kafkajs as shipped asks for about minus the current time in ms, which Node 24 warns about.
    expect(delayWhenScheduling(shippedScheduleCheck())).toBeLessThan(0);
  });

  it('keeps kafkajs’s own delays otherwise (throttled: until the throttle ends; pending: 10 ms)', () => {
    const throttled = function (this: InstanceType<typeof RequestQueue>) {
      this.throttledUntil = Date.now() + 5_000;
      RequestQueue.prototype.scheduleCheckPendingRequests.call(this);
    };
    expect(delayWhenScheduling(throttled)).toBeGreaterThan(4_000);
    const pending = function (this: InstanceType<typeof RequestQueue>) {
      this.pending.push({});
      RequestQueue.prototype.scheduleCheckPendingRequests.call(this);
    };
    expect(delayWhenScheduling(pending)).toBe(10);
  });
});
