import { clientTaskUpdateSchema, taskEntrySchema, taskIdParamsSchema } from '@listready/contracts';
import { requireRole, type App } from '@listready/service-kit';
import { sellersOnly } from './roles.ts';
import type { ClientTaskUpdates } from '../tasks/client-task-updates.ts';

/** PUT /api/client-tasks/{id}: status, notes, dueDate, assignedTo, priority; answers the updated entry. */
export function clientTaskRoutes(app: App, deps: { updates: ClientTaskUpdates }): void {
  app.put(
    '/api/client-tasks/:id',
    {
      preValidation: sellersOnly,
      schema: {
        params: taskIdParamsSchema,
        body: clientTaskUpdateSchema,
        response: { 200: taskEntrySchema },
      },
    },
    async (request) =>
      deps.updates.update(requireRole(request, 'client').id, request.params.id, request.body),
  );
}
