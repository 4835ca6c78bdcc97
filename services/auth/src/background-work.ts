import type { Logger } from 'pino';

/**
 * Work a request starts and does not wait for (a reset mail, a sign-in notice, a note that a
 * session was used): a failure is logged, never thrown at anyone; `settled()` waits for the work in
 * flight (tests, shutdown).
 */
export function createBackgroundWork(logger: Logger) {
  const inFlight = new Set<Promise<void>>();
  return {
    /** Starts `job`; if it fails, logs `failure` with `context` and the error. */
    run(job: () => Promise<unknown>, failure: string, context: Record<string, unknown> = {}): void {
      const running: Promise<void> = Promise.resolve()
        .then(job)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, ...context }, failure),
        )
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
