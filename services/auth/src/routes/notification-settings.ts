import { notificationSettingsUpdateSchema, publicUserSchema } from '@listready/contracts';
import { requireUser, UnauthorizedError, type App } from '@listready/service-kit';
import { toPublicUser, type UserRepository } from '../users/user-repository.ts';

/**
 * PUT /api/auth/user/notifications: the signed-in person's reminder settings — e-mail on or off,
 * SMS on or off with the mobile number it goes to, their calendar feed's alerts on or off, the time
 * zone reminders are timed in (services/journey's reminder scheduler and calendar feed read them);
 * each one given is changed, the rest kept. Answers the user as GET /api/auth/user does.
 */
export function notificationSettingsRoutes(app: App, deps: { users: UserRepository }): void {
  app.put(
    '/api/auth/user/notifications',
    { schema: { body: notificationSettingsUpdateSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const user = await deps.users.updateNotificationSettings(requireUser(request).id, request.body);
      if (!user) throw new UnauthorizedError();
      return toPublicUser(user);
    },
  );
}
