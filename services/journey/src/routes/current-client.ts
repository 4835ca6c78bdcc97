import { clientProfileSchema, journeyResponseSchema } from '@listready/contracts';
import { requireRole, type App } from '@listready/service-kit';
import { sellersOnly } from './roles.ts';
import type { SellerJourney } from '../tasks/seller-journey.ts';

/** The seller's own journey: profile, stages and progress, task list (clients only: 403 for agents). */
export function currentClientRoutes(app: App, deps: { journey: SellerJourney }): void {
  /** GET /api/clients/current/profile: client {phone…}, property {address…} or null, agent {name, phone, email} or null. */
  app.get(
    '/api/clients/current/profile',
    { preValidation: sellersOnly, schema: { response: { 200: clientProfileSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.journey.profile(requireRole(request, 'client').id);
    },
  );

  /** GET /api/clients/current/journey: stages with status, stored progress, and the progress card and Today's Priority. */
  app.get(
    '/api/clients/current/journey',
    { preValidation: sellersOnly, schema: { response: { 200: journeyResponseSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.journey.journey(requireRole(request, 'client').id);
    },
  );

  /**
   * GET /api/clients/current/tasks: every task of the seeded journey for this seller, in task order.
   * The list is checked against `taskEntriesSchema` when it is built (once per version of the
   * seller's tasks) and kept serialized, so a request sends bytes without validating them again.
   */
  app.get('/api/clients/current/tasks', { preValidation: sellersOnly }, async (request, reply) => {
    const list = await deps.journey.taskList(requireRole(request, 'client').id);
    void reply
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    // About 50 KB of JSON, 7 KB gzipped: sent compressed (made once per version) to clients that
    // accept it; the gateway passes an encoded answer through untouched.
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await list.gzipped());
    }
    return reply.send(list.body);
  });
}

/** True when the Accept-Encoding header allows gzip (not listed with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const quality = parameters
      .map((parameter) => parameter.trim())
      .find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
