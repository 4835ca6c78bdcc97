import type { FastifyRequest } from 'fastify';
import {
  agentBrandingSchema,
  agentIdParamsSchema,
  agentBrandingUpdateSchema,
  brandingMessages,
  currentBrandingSchema,
  ErrorCode,
} from '@listready/contracts';
import { HttpError, requireUser, type App } from '@listready/service-kit';
import type { BrandingService } from '../branding/branding-service.ts';
import { sendRevalidated } from './http-cache.ts';

const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/**
 * `GET/PUT /api/agents/{agentId}/branding` and `GET /api/branding/current` (agent spec §7).
 * `{agentId}` is the agent's id, or `current` for the signed-in agent's own (CURRENT_AGENT_ID).
 */
export function brandingRoutes(app: App, deps: { branding: BrandingService }): void {
  const { branding } = deps;
  /** The agent id each request's `{agentId}` names, once `ownBrandingOnly` has checked it. */
  const ownAgentIds = new WeakMap<FastifyRequest, string>();
  const ownAgentIdOf = (request: FastifyRequest): string => {
    const agentId = ownAgentIds.get(request);
    if (agentId === undefined) throw new Error('ownBrandingOnly did not run before the handler');
    return agentId;
  };

  /**
   * Before the input is looked at: signed out 401, a seller 403, an agent asking for another
   * agent's branding (or an id that is no agent's) 403.
   */
  const ownBrandingOnly = async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (user.role !== 'agent') throw new HttpError(403, ErrorCode.forbidden, brandingMessages.agentsOnly);
    const named = String((request.params as { agentId?: unknown }).agentId ?? '');
    ownAgentIds.set(request, await branding.ownAgentId(user, named));
  };

  app.get(
    '/api/agents/:agentId/branding',
    {
      preValidation: ownBrandingOnly,
      schema: { params: agentIdParamsSchema, response: { 200: agentBrandingSchema } },
    },
    async (request, reply) => sendRevalidated(request, reply, await branding.read(ownAgentIdOf(request))),
  );

  app.put(
    '/api/agents/:agentId/branding',
    {
      preValidation: ownBrandingOnly,
      schema: {
        params: agentIdParamsSchema,
        body: agentBrandingUpdateSchema,
        response: { 200: agentBrandingSchema },
      },
    },
    async (request) => branding.save(ownAgentIdOf(request), request.body),
  );

  app.get(
    '/api/branding/current',
    { preValidation: signedIn, schema: { response: { 200: currentBrandingSchema } } },
    async (request, reply) => sendRevalidated(request, reply, await branding.current(requireUser(request))),
  );
}
