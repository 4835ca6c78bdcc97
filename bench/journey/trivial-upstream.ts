/**
 * A bare service for the gateway to proxy: one constant answer, no session, no database. The
 * journey benchmark registers it as the gateway's branding service, so `GET /api/branding/current`
 * measures the proxy hop alone on the same gateway.
 */
import { createLogger, createService, onShutdownSignal } from '@listready/service-kit';

const logger = createLogger('trivial-upstream', process.env.LOG_LEVEL ?? 'warn');
const app = createService({ name: 'trivial-upstream', logger });
app.get('/api/branding/current', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
onShutdownSignal(() => app.close(), logger);
