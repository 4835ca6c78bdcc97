/**
 * The gateway on its own (production layout: one process per service, see charts/).
 * For everything in one process on embedded defaults, `npm start` runs runtime/src/main.ts.
 */
import { createLogger, onShutdownSignal } from '@listready/service-kit';
import { buildGateway } from './app.ts';
import { gatewayConfigFromEnv } from './config.ts';

const config = gatewayConfigFromEnv();
const logger = createLogger('gateway', config.LOG_LEVEL);
const app = await buildGateway({ ...config, logger });
await app.listen({ port: config.PORT, host: config.HOST });
onShutdownSignal(() => app.close(), logger);
