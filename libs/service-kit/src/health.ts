import type { FastifyInstance } from 'fastify';
import type { Database } from '@listready/db';

export interface ReadinessResult {
  ok: boolean;
  detail?: unknown;
}
/** A named readiness probe: the database, the event relay, a cache… */
export type ReadinessCheck = () => Promise<ReadinessResult>;

const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<ReadinessResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<ReadinessResult>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, detail: 'timed out' }), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export const databaseCheck =
  (database: Database): ReadinessCheck =>
  async () => {
    await database.pool.query('select 1');
    return { ok: true };
  };

/** Runs every check (each bounded in time) and folds them into one answer. */
export async function checkReadiness(checks: Record<string, ReadinessCheck>) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const),
  );
  const results = Object.fromEntries(entries);
  const ok = entries.every(([, result]) => result.ok);
  return { status: ok ? ('ok' as const) : ('unavailable' as const), checks: results };
}

/** `/healthz`: the process answers (liveness). `/readyz`: its dependencies answer (readiness). */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(checks);
    return reply.status(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });
}
