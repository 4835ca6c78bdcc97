import type { FastifyRequest } from 'fastify';
import {
  ANALYTICS_LIMITS,
  analyticsMessages,
  analyticsRealtimeSchema,
  analyticsStatsSchema,
  ErrorCode,
  usageEventBatchSchema,
  usageIngestResponseSchema,
} from '@listready/contracts';
import type { Db } from '@listready/db';
import { HttpError, RateLimitedError, requireRole, type App, type RateLimit } from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import { planIngest } from '../usage/ingest-plan.ts';
import { truncateIpAddress } from '../usage/ip-address.ts';
import { agentScope, type UsageReports } from '../usage/usage-reports.ts';
import type { UsageStore } from '../usage/usage-store.ts';

export interface AnalyticsRouteDeps {
  db: Db;
  store: UsageStore;
  reports: UsageReports;
  /** Counts a visitor's batches per address. */
  anonymousLimit: RateLimit;
  clock: Clock;
}

class BatchTooLargeError extends HttpError {
  constructor() {
    super(413, ErrorCode.payloadTooLarge, analyticsMessages.tooManyEvents);
    this.name = 'BatchTooLargeError';
  }
}

/** A signed-out caller gets 401 and a seller 403 before anything is read. */
const agentsOnly = async (request: FastifyRequest) => {
  requireRole(request, 'agent');
};

/**
 * `POST /api/analytics` (anyone, a visitor rate limited per address), `GET /api/analytics/stats`
 * and `GET /api/analytics/realtime` (agents, scoped to themselves and their clients).
 */
export async function analyticsRoutes(app: App, deps: AnalyticsRouteDeps): Promise<void> {
  // Its own plugin scope: the text/plain parser (sendBeacon's body) applies to the ingest only.
  await app.register(async (ingest: App) => {
    ingest.removeContentTypeParser('text/plain');
    ingest.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, ErrorCode.malformedJson, 'Malformed JSON in request body'), undefined);
      }
    });

    ingest.post(
      '/api/analytics',
      {
        bodyLimit: ANALYTICS_LIMITS.maxBatchBytes,
        // Before the body is read: a flood from one address costs a counter, not a parse.
        onRequest: async (request) => {
          if (request.user) return;
          const state = await deps.anonymousLimit.hit(request.ip);
          if (!state.allowed)
            throw new RateLimitedError(analyticsMessages.rateLimited, state.retryAfterSeconds);
        },
        // Too many events is 413 like too many bytes, whatever the events say.
        preValidation: async (request) => {
          if (Array.isArray(request.body) && request.body.length > ANALYTICS_LIMITS.maxEventsPerBatch) {
            throw new BatchTooLargeError();
          }
        },
        schema: { body: usageEventBatchSchema, response: { 202: usageIngestResponseSchema } },
      },
      async (request, reply) => {
        const plan = planIngest(request.body, {
          userId: request.user?.id ?? null,
          userAgent: request.headers['user-agent'],
          ipAddress: truncateIpAddress(request.ip),
          receivedAt: deps.clock(),
        });
        await deps.store.ingest(plan);
        return reply.status(202).send({ accepted: plan.events.length });
      },
    );
  });

  app.get(
    '/api/analytics/stats',
    { preValidation: agentsOnly, schema: { response: { 200: analyticsStatsSchema } } },
    async (request, reply) => {
      const agent = requireRole(request, 'agent');
      void reply.header('cache-control', 'no-store');
      return deps.reports.stats(await agentScope(deps.db, agent.id), deps.clock());
    },
  );

  app.get(
    '/api/analytics/realtime',
    { preValidation: agentsOnly, schema: { response: { 200: analyticsRealtimeSchema } } },
    async (request, reply) => {
      const agent = requireRole(request, 'agent');
      void reply.header('cache-control', 'no-store');
      return deps.reports.realtime(await agentScope(deps.db, agent.id), deps.clock());
    },
  );
}
