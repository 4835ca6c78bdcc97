import type { FastifyRequest } from 'fastify';
import { HttpError, requireRole } from '@listready/service-kit';
import { AuthErrorCode } from '@listready/contracts';

/** The signed-in agent's auth.agents id (403 for sellers; 404 if the agent row is missing). */
export async function agentIdOf(
  request: FastifyRequest,
  agentIdOfUser: (userId: string) => Promise<string | null>,
): Promise<string> {
  const user = requireRole(request, 'agent');
  const agentId = await agentIdOfUser(user.id);
  if (!agentId) throw new HttpError(404, AuthErrorCode.agentNotFound, 'No agent account for this user');
  return agentId;
}
