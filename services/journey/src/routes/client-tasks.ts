import { clientTaskUpdateSchema, taskEntrySchema, taskIdParamsSchema } from '@listready/contracts';
import { requireUser, type App } from '@listready/service-kit';
import { signedIn } from './journey-access-hooks.ts';
import type { ClientTaskUpdates } from '../tasks/client-task-updates.ts';

/**
 * PUT /api/client-tasks/{id}: status, notes, dueDate, assignedTo, priority; answers the updated entry.
 * By the seller or a member of their household (see `JourneyAccessControl`).
 */
export function clientTaskRoutes(app: App, deps: { updates: ClientTaskUpdates }): void {
  app.put(
    '/api/client-tasks/:id',
    {
      preValidation: signedIn,
      schema: {
        params: taskIdParamsSchema,
        body: clientTaskUpdateSchema,
        response: { 200: taskEntrySchema },
      },
    },
    async (request) => deps.updates.update(requireUser(request), request.params.id, request.body),
  );
}
