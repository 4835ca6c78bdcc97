import type { FastifyRequest } from 'fastify';
import { requireRole, type Role } from '@listready/service-kit';

/**
 * Route hooks that check the role before the body is validated, so a signed-out caller gets 401
 * and the wrong role 403 whatever they sent.
 */
const only = (role: Role) => async (request: FastifyRequest) => {
  requireRole(request, role);
};
export const agentsOnly = only('agent');
