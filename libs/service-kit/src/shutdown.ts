import type { Logger } from 'pino';
import { stopTelemetry } from './telemetry.ts';

/**
 * Graceful shutdown on SIGINT/SIGTERM: runs `close` once (stop accepting, drain, release), exports
 * the spans still batched, then exits; a second signal or the timeout forces the exit.
 */
export function onShutdownSignal(close: () => Promise<void>, logger: Logger, timeoutMs = 15_000): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      // The last spans (this request's, the shutdown's) leave before the process does.
      () => stopTelemetry().then(() => process.exit(0)),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
