import {
  authMessages,
  loginRequestSchema,
  messageResponseSchema,
  publicUserSchema,
} from '@listready/contracts';
import { linkOrigin, type App } from '@listready/service-kit';
import type { Accounts } from '../accounts/accounts.ts';
import type { KnownDevices } from '../rate-limit/known-devices.ts';
import type { Clock } from '../clock.ts';
import { newDeviceEmail, type NewDeviceNotices } from '../sessions/new-device-notice.ts';
import type { SessionManager } from '../sessions/session-manager.ts';
import { toPublicUser } from '../users/user-repository.ts';

export function signInRoutes(
  app: App,
  deps: {
    accounts: Accounts;
    sessions: SessionManager;
    knownDevices: KnownDevices;
    notices: NewDeviceNotices;
    clock: Clock;
    publicUrl: string | undefined;
  },
): void {
  /**
   * POST /api/login: the user, with a new session cookie. From a browser the account has not been
   * used on, an e-mail tells the person (sent in the background: the sign-in does not wait).
   */
  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const user = await deps.accounts.authenticate(request.body, {
        ip: request.ip,
        isKnownDevice: (userId) => deps.knownDevices.recognises(request, userId),
      });
      await deps.sessions.signIn(request, reply, user);
      // A browser that never signed in to this account (nor signed it up): the person is told.
      if (!deps.knownDevices.recognises(request, user.id)) {
        deps.notices.send(
          newDeviceEmail({
            to: user.email,
            firstName: user.firstName,
            timezone: user.timezone,
            userAgent: request.headers['user-agent'],
            at: deps.clock(),
            origin: linkOrigin(request, deps.publicUrl),
          }),
          user.id,
        );
      }
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
