import { agentAccountSchema, AuthErrorCode } from '@listready/contracts';
import { NotFoundError, requireRole, type App } from '@listready/service-kit';
import { toAgentAccount, type AgentRepository } from '../accounts/agent-repository.ts';

/** GET /api/agents/current: the signed-in agent's account row (403 for home sellers). */
export function agentRoutes(app: App, deps: { agents: AgentRepository }): void {
  app.get('/api/agents/current', { schema: { response: { 200: agentAccountSchema } } }, async (request) => {
    const agent = await deps.agents.findByUserId(requireRole(request, 'agent').id);
    if (!agent) throw new NotFoundError('No agent account for this user', AuthErrorCode.agentNotFound);
    return toAgentAccount(agent);
  });
}
