import type { App } from '../create-service.ts';

/** Keeps the event loop busy for `ms`, as a CPU-bound burst of requests would. */
export function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

/**
 * Overloads the process until `app`'s load shedding samples it (the process is shared by every app
 * in a test file): bursts of `burstMs` back to back, with one turn of the loop between them for the
 * timers. One burst alone is not enough: the sampler reports the mean delay since its last sample,
 * and one long delay among the normal ones recorded before it can average out below the threshold.
 * The pressure lasts until the next sample, so a test's next request should go at once.
 */
export async function overloadEventLoop(app: App, { burstMs = 300, timeoutMs = 10_000 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!app.isUnderPressure()) {
    if (performance.now() > deadline) throw new Error(`not under pressure after ${timeoutMs} ms of overload`);
    blockEventLoop(burstMs);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
