import {
  authMessages,
  loginRequestSchema,
  messageResponseSchema,
  publicUserSchema,
} from '@listready/contracts';
import type { App } from '@listready/service-kit';
import type { Accounts } from '../accounts/accounts.ts';
import type { KnownDevices } from '../rate-limit/known-devices.ts';
import type { SessionManager } from '../sessions/session-manager.ts';
import { toPublicUser } from '../users/user-repository.ts';

export function signInRoutes(
  app: App,
  deps: { accounts: Accounts; sessions: SessionManager; knownDevices: KnownDevices },
): void {
  /** POST /api/login: the user, with a new session cookie. */
  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const user = await deps.accounts.authenticate(request.body, {
        ip: request.ip,
        isKnownDevice: (userId) => deps.knownDevices.recognises(request, userId),
      });
      await deps.sessions.signIn(request, reply, user);
      deps.knownDevices.remember(request, reply, user.id);
      return toPublicUser(user);
    },
  );

  /** The browser's "log in again" target (spec §7): the sign-in screen. */
  app.get('/api/login', async (_request, reply) => reply.redirect('/auth', 302));

  /** POST /api/logout: revokes this session; the old cookie no longer works anywhere. */
  app.post(
    '/api/logout',
    { schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await deps.sessions.signOut(request, reply);
      return { message: authMessages.signedOut };
    },
  );
}
