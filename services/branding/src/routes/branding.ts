import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  agentBrandingSchema,
  agentBrandingUpdateSchema,
  brandingMessages,
  currentBrandingSchema,
  ErrorCode,
} from '@listready/contracts';
import { HttpError, requireUser, type App } from '@listready/service-kit';
import type { BrandingService } from '../branding/branding-service.ts';
import { sendRevalidated } from './http-cache.ts';

const agentParams = z.object({ agentId: z.string().min(1).max(100) });

const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/** `GET/PUT /api/agents/{agentId}/branding` and `GET /api/branding/current` (agent spec §7). */
export function brandingRoutes(app: App, deps: { branding: BrandingService }): void {
  const { branding } = deps;

  /**
   * Before the input is looked at: signed out 401, a seller 403, an agent asking for another
   * agent's branding (or an id that is no agent's) 403.
   */
  const ownBrandingOnly = async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (user.role !== 'agent') throw new HttpError(403, ErrorCode.forbidden, brandingMessages.agentsOnly);
    await branding.ownAgentId(user, String((request.params as { agentId?: unknown }).agentId ?? ''));
  };

  app.get(
    '/api/agents/:agentId/branding',
    {
      preValidation: ownBrandingOnly,
      schema: { params: agentParams, response: { 200: agentBrandingSchema } },
    },
    async (request, reply) => sendRevalidated(request, reply, await branding.read(request.params.agentId)),
  );

  app.put(
    '/api/agents/:agentId/branding',
    {
      preValidation: ownBrandingOnly,
      schema: {
        params: agentParams,
        body: agentBrandingUpdateSchema,
        response: { 200: agentBrandingSchema },
      },
    },
    async (request) => branding.save(request.params.agentId, request.body),
  );

  app.get(
    '/api/branding/current',
    { preValidation: signedIn, schema: { response: { 200: currentBrandingSchema } } },
    async (request, reply) => sendRevalidated(request, reply, await branding.current(requireUser(request))),
  );
}
