import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  authMessages,
  messageResponseSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@listready/contracts';
import { linkOrigin, requireUser, type App } from '@listready/service-kit';
import type { PasswordReset } from '../password-reset/password-reset.ts';

export function passwordResetRoutes(
  app: App,
  deps: {
    passwordReset: PasswordReset;
    publicUrl: string | undefined;
    /** One budget per IP for requests and confirmations together. */
    limitPerIp: preHandlerAsyncHookHandler;
  },
): void {
  /** The same 200 and body whether or not the address has an account. */
  app.post(
    '/api/auth/password-reset-request',
    {
      preHandler: deps.limitPerIp,
      schema: { body: passwordResetRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      deps.passwordReset.request(request.body.email, linkOrigin(request, deps.publicUrl));
      return { message: authMessages.resetEmailSent };
    },
  );

  app.post(
    '/api/auth/password-reset-confirm',
    {
      preHandler: deps.limitPerIp,
      schema: { body: passwordResetConfirmSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deps.passwordReset.confirm(request.body.token, request.body.password, request.ip);
      return { message: authMessages.passwordResetDone };
    },
  );

  /**
   * PUT /api/auth/user/password: the signed-in person's own password (no id in the path); a wrong
   * current password is a 400 on `currentPassword`, and counts as a failed sign-in.
   */
  app.put(
    '/api/auth/user/password',
    { schema: { body: passwordChangeSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await deps.passwordReset.change(user.id, request.body, {
        ip: request.ip,
        sessionId: user.sessionId,
        origin: linkOrigin(request, deps.publicUrl),
      });
      return { message: authMessages.passwordChanged };
    },
  );
}
