import type { preHandlerAsyncHookHandler } from 'fastify';
import { publicUserSchema, registerRequestSchema } from '@listready/contracts';
import type { App } from '@listready/service-kit';
import type { Accounts } from '../accounts/accounts.ts';
import type { KnownDevices } from '../rate-limit/known-devices.ts';
import type { SessionManager } from '../sessions/session-manager.ts';
import { toPublicUser } from '../users/user-repository.ts';

/**
 * POST /api/register: creates the account and signs it in (201, the user, the session cookie), and
 * the browser is remembered as the account's (the known-device cookie).
 */
export function registrationRoutes(
  app: App,
  deps: {
    accounts: Accounts;
    sessions: SessionManager;
    knownDevices: KnownDevices;
    limitPerIp: preHandlerAsyncHookHandler;
  },
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
      // The browser that made the account is one of its own: signing in there later is no news.
      deps.knownDevices.remember(request, reply, user.id);
      return reply.status(201).send(toPublicUser(user));
    },
  );
}
