import {
  agentClientRowsSchema,
  agentIdParamsSchema,
  agentInsightsSchema,
  agentStatsSchema,
} from '@listready/contracts';
import { requireRole, type App } from '@listready/service-kit';
import { agentsOnly } from './roles.ts';
import type { AgentDashboard } from '../agents/agent-dashboard.ts';
import type { AgentInsightsReader } from '../agents/agent-insights.ts';

/**
 * The agent dashboard's journey data: agents only, and only their own agent id, or `current`
 * (CURRENT_AGENT_ID) for it (403 otherwise).
 */
export function agentRoutes(
  app: App,
  deps: { dashboard: AgentDashboard; insights: AgentInsightsReader },
): void {
  app.get(
    '/api/agents/:agentId/stats',
    {
      preValidation: agentsOnly,
      schema: { params: agentIdParamsSchema, response: { 200: agentStatsSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.dashboard.stats(requireRole(request, 'agent').id, request.params.agentId);
    },
  );

  app.get(
    '/api/agents/:agentId/clients',
    {
      preValidation: agentsOnly,
      schema: { params: agentIdParamsSchema, response: { 200: agentClientRowsSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.dashboard.clients(requireRole(request, 'agent').id, request.params.agentId);
    },
  );

  app.get(
    '/api/agents/:agentId/insights',
    {
      preValidation: agentsOnly,
      schema: { params: agentIdParamsSchema, response: { 200: agentInsightsSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { agentId } = request.params;
      return deps.insights(await deps.dashboard.ownAgent(requireRole(request, 'agent').id, agentId));
    },
  );
}
