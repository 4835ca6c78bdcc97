import Negotiator from 'negotiator';
import {
  clientProfileSchema,
  householdQuerySchema,
  householdsSchema,
  journeyResponseSchema,
} from '@listready/contracts';
import { requireUser, type App } from '@listready/service-kit';
import { currentJourney, signedIn } from './journey-access-hooks.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { SellerJourney } from '../tasks/seller-journey.ts';

/**
 * A seller's journey as the seller, a member of their household or (reading) their agent sees it:
 * profile, stages and progress, task list. `?clientId=` picks the journey (see JourneyAccessControl).
 */
export function currentClientRoutes(
  app: App,
  deps: { journey: SellerJourney; access: JourneyAccessControl },
): void {
  /** GET /api/clients/current/households: the journeys the caller may work on (own first). */
  app.get(
    '/api/clients/current/households',
    { preValidation: signedIn, schema: { response: { 200: householdsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.access.households(requireUser(request));
    },
  );

  /** GET /api/clients/current/profile: client {phone…}, property {address…} or null, agent {name, phone, email} or null. */
  app.get(
    '/api/clients/current/profile',
    {
      preValidation: signedIn,
      schema: { querystring: householdQuerySchema, response: { 200: clientProfileSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.journey.profile(await currentJourney(deps.access, request, 'read'));
    },
  );

  /** GET /api/clients/current/journey: stages with status, stored progress, and the progress card and Today's Priority. */
  app.get(
    '/api/clients/current/journey',
    {
      preValidation: signedIn,
      schema: { querystring: householdQuerySchema, response: { 200: journeyResponseSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.journey.journey(await currentJourney(deps.access, request, 'read'));
    },
  );

  /**
   * GET /api/clients/current/tasks: every task of the seeded journey for this seller, in task order.
   * The list is checked against `taskEntriesSchema` when it is built (once per version of the
   * seller's tasks) and kept serialized, so a request sends bytes without validating them again.
   */
  app.get(
    '/api/clients/current/tasks',
    { preValidation: signedIn, schema: { querystring: householdQuerySchema } },
    async (request, reply) => {
      const list = await deps.journey.taskList(await currentJourney(deps.access, request, 'read'));
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
    },
  );
}

/** True when the Accept-Encoding header allows gzip (negotiator: q-values, `*`, absent header). */
export function acceptsGzip(header: string | undefined): boolean {
  return new Negotiator({ headers: { 'accept-encoding': header } }).encodings(['gzip']).includes('gzip');
}
