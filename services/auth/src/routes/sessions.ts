import {
  authMessages,
  messageResponseSchema,
  otherSessionsEndedSchema,
  sessionIdParamsSchema,
  signedInSessionsSchema,
} from '@listready/contracts';
import { NotFoundError, requireUser, type App } from '@listready/service-kit';
import type { SessionManager } from '../sessions/session-manager.ts';

/**
 * Where the person is signed in (Edit Profile): their own sessions only (no user id in the paths),
 * each signed out on its own or all but this one at once.
 */
export function sessionRoutes(app: App, deps: { sessions: SessionManager }): void {
  app.get(
    '/api/auth/user/sessions',
    { schema: { response: { 200: signedInSessionsSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { sessions: await deps.sessions.listLive(user.id, user.sessionId) };
    },
  );

  /** Another of the person's sessions ends at its next request; this one ends as Logout ends it. */
  app.delete(
    '/api/auth/user/sessions/:id',
    { schema: { params: sessionIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      requireUser(request);
      if (!(await deps.sessions.endOne(request, reply, request.params.id)))
        throw new NotFoundError(authMessages.sessionNotFound);
      return { message: authMessages.sessionEnded };
    },
  );

  app.post(
    '/api/auth/user/sessions/sign-out-others',
    { schema: { response: { 200: otherSessionsEndedSchema } } },
    async (request) => {
      const user = requireUser(request);
      const ended = await deps.sessions.endOthers(user.id, user.sessionId);
      return { message: authMessages.otherSessionsEnded(ended), ended };
    },
  );
}
