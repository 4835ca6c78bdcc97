import type { FastifyRequest } from 'fastify';
import { requireUser } from '@listready/service-kit';
import type { Intent, JourneyAccess, JourneyAccessControl } from '../households/journey-access.ts';

/** The journey a `/api/clients/current/*` request works on (see `JourneyAccessControl.current`). */
export function currentJourney(
  access: JourneyAccessControl,
  request: FastifyRequest,
  intent: Intent,
): Promise<JourneyAccess> {
  const { clientId } = request.query as { clientId?: string };
  return access.current(requireUser(request), clientId, intent);
}

/** Signed-out callers get 401 before their input is looked at. */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
