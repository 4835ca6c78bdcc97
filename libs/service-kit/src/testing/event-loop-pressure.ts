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
 * in a test file): bursts of 300 ms back to back, with one turn of the loop between them for the
 * timers. One burst alone is not enough: the sampler reports the mean delay since its last sample,
 * and one long delay among the normal ones recorded before it can average out below the threshold.
 * The pressure lasts until the next sample, so a test's next request should go at once.
 */
export async function overloadEventLoop(app: App): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!app.isUnderPressure()) {
    if (performance.now() > deadline) throw new Error('not under pressure after 10 s of overload');
    blockEventLoop(300);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
