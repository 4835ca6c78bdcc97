import type { preHandlerAsyncHookHandler } from 'fastify';
import { publicUserSchema, registerRequestSchema } from '@listready/contracts';
import type { App } from '@listready/service-kit';
import type { Accounts } from '../accounts/accounts.ts';
import type { SessionManager } from '../sessions/session-manager.ts';
import { toPublicUser } from '../users/user-repository.ts';

/** POST /api/register: creates the account and signs it in (201, the user, the session cookie). */
export function registrationRoutes(
  app: App,
  deps: { accounts: Accounts; sessions: SessionManager; limitPerIp: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/api/register',
    {
      preHandler: deps.limitPerIp,
      schema: { body: registerRequestSchema, response: { 201: publicUserSchema } },
    },
    async (request, reply) => {
      const user = await deps.accounts.register(request.body);
      await deps.sessions.signIn(request, reply, user);
      return reply.status(201).send(toPublicUser(user));
    },
  );
}
