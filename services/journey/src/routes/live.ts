import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  agentIdParamsSchema,
  householdLiveQuerySchema,
  liveAfterQuerySchema,
  liveEventsSchema,
  type LiveEvents,
} from '@listready/contracts';
import { requireRole, type App } from '@listready/service-kit';
import { currentJourney, signedIn } from './journey-access-hooks.ts';
import { agentsOnly } from './roles.ts';
import type { AgentDashboard } from '../agents/agent-dashboard.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { EventStreams } from '../live/event-stream.ts';
import type { LiveFeed, LiveTarget } from '../live/live-feed.ts';

const wantsStream = (request: FastifyRequest) =>
  String(request.headers.accept ?? '').includes('text/event-stream');

/**
 * The live household. GET /api/clients/current/live for whoever may read the journey (the seller,
 * a household member, their agent; `?clientId=` as on the other `/api/clients/current/*` reads) and
 * GET /api/agents/{agentId}/live for an agent's own dashboard (every client of theirs). With
 * `Accept: text/event-stream` (EventSource) a stream of `liveEventSchema` messages; otherwise the
 * events after `?after=` / `Last-Event-ID` as one JSON answer, for a client that polls.
 */
export function liveRoutes(
  app: App,
  deps: { streams: EventStreams; feed: LiveFeed; access: JourneyAccessControl; dashboard: AgentDashboard },
): void {
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    target: LiveTarget,
    after?: string,
    stillAllowed?: () => Promise<boolean>,
  ) {
    if (wantsStream(request)) return deps.streams.send(request, reply, target, stillAllowed);
    const lastEventId = request.headers['last-event-id'];
    const from = after ?? (typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined);
    const events = from === undefined ? [] : from.length <= 100 ? await deps.feed.replay(from, target) : null;
    void reply.header('cache-control', 'no-store');
    return { events: events ?? [], reset: events === null } satisfies LiveEvents;
  }

  app.get(
    '/api/clients/current/live',
    {
      preValidation: signedIn,
      schema: { querystring: householdLiveQuerySchema, response: { 200: liveEventsSchema } },
    },
    async (request, reply) => {
      const journey = await currentJourney(deps.access, request, 'read');
      const { clientId, actor } = journey;
      // A seller's own journey stays theirs; a member may be removed and an agent replaced while
      // the stream is open, so theirs asks again as it goes.
      const stillAllowed =
        journey.role === 'seller'
          ? undefined
          : async () => (await deps.access.forClient(actor, clientId, 'read')) !== null;
      return answer(request, reply, { clientId }, request.query.after, stillAllowed);
    },
  );

  app.get(
    '/api/agents/:agentId/live',
    {
      preValidation: agentsOnly,
      schema: {
        params: agentIdParamsSchema,
        querystring: liveAfterQuerySchema,
        response: { 200: liveEventsSchema },
      },
    },
    async (request, reply) => {
      const agentId = await deps.dashboard.ownAgent(requireRole(request, 'agent').id, request.params.agentId);
      return answer(request, reply, { agentId }, request.query.after);
    },
  );
}
