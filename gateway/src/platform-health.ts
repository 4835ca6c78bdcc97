import type { FastifyInstance } from 'fastify';
import { checkReadiness, type ReadinessCheck } from '@listready/service-kit';
import type { ServiceName } from './routes-table.ts';

const READY_TIMEOUT_MS = 2_000;

/** Readiness of one service, from its `/readyz`. */
export const serviceReadiness =
  (baseUrl: string): ReadinessCheck =>
  async () => {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    const detail: unknown = await response.json().catch(() => undefined);
    return { ok: response.ok, detail };
  };

/** `GET /api/health`: every service's readiness in one answer; 200 only when all are ready. */
export function registerPlatformHealth(
  app: FastifyInstance,
  services: Partial<Record<ServiceName, string>>,
  extraChecks: Record<string, ReadinessCheck> = {},
): void {
  const checks: Record<string, ReadinessCheck> = { ...extraChecks };
  for (const [name, url] of Object.entries(services)) checks[name] = serviceReadiness(url);
  app.get('/api/health', { logLevel: 'warn' }, async (_request, reply) => {
    const { status, checks: results } = await checkReadiness(checks);
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, services: results });
  });
}
