import { profileUpdateSchema, publicUserSchema, sessionResponseSchema } from '@listready/contracts';
import { requireUser, UnauthorizedError, type App } from '@listready/service-kit';
import type { Accounts } from '../accounts/accounts.ts';
import { toPublicUser, type UserRepository } from '../users/user-repository.ts';

export function currentUserRoutes(app: App, deps: { users: UserRepository; accounts: Accounts }): void {
  /** GET /api/auth/user: the signed-in user, or 401 {"message":"Unauthorized"}. */
  app.get('/api/auth/user', { schema: { response: { 200: publicUserSchema } } }, async (request, reply) => {
    const user = await deps.users.findById(requireUser(request).id);
    if (!user) throw new UnauthorizedError();
    // Always fresh (spec §7): never served from a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return toPublicUser(user);
  });

  /**
   * GET /api/auth/session: the browser's session probe — `{ user }` when signed in, `{ user: null }`
   * for a visitor (200 both ways: every signed-out page asks, and asking is no error).
   */
  app.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const user = request.user ? await deps.users.findById(request.user.id) : undefined;
      void reply.header('cache-control', 'no-store');
      return { user: user ? toPublicUser(user) : null };
    },
  );

  /**
   * PUT /api/auth/user: Edit Profile (first name, last name, e-mail; 409 when the e-mail is taken; a
   * new e-mail needs `currentPassword`).
   */
  app.put(
    '/api/auth/user',
    { schema: { body: profileUpdateSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      return toPublicUser(
        await deps.accounts.updateProfile(requireUser(request).id, request.body, request.ip),
      );
    },
  );
}
