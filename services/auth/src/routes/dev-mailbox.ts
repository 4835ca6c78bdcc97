import { devMailboxQuerySchema, devMailboxResponseSchema } from '@listready/contracts';
import type { DevMailbox } from '@listready/messaging';
import type { App } from '@listready/service-kit';

/**
 * GET /api/dev/mailbox?to=ADDRESS (DESIGN.md §2): what the dev mailbox holds for an address or
 * phone number, newest first. Not registered in production, where it answers 404.
 */
export function devMailboxRoutes(app: App, deps: { mailbox: DevMailbox }): void {
  app.get(
    '/api/dev/mailbox',
    { schema: { querystring: devMailboxQuerySchema, response: { 200: devMailboxResponseSchema } } },
    async (request) => {
      const messages = await deps.mailbox.list(request.query.to);
      return messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
    },
  );
}
