import {
  clientTaskUpdateSchema,
  notesConflictSchema,
  taskEntrySchema,
  taskIdParamsSchema,
} from '@listready/contracts';
import { requireUser, type App } from '@listready/service-kit';
import { signedIn } from './journey-access-hooks.ts';
import { NotesConflictError, type ClientTaskUpdates } from '../tasks/client-task-updates.ts';

/**
 * PUT /api/client-tasks/{id}: status, notes, dueDate, assignedTo, priority; answers the updated entry.
 * By the seller or a member of their household (see `JourneyAccessControl`). With `baseNotes`, a
 * note someone else saved meanwhile is a 409 carrying the task as it is now (`current`).
 */
export function clientTaskRoutes(app: App, deps: { updates: ClientTaskUpdates }): void {
  app.put(
    '/api/client-tasks/:id',
    {
      preValidation: signedIn,
      schema: {
        params: taskIdParamsSchema,
        body: clientTaskUpdateSchema,
        response: { 200: taskEntrySchema, 409: notesConflictSchema },
      },
    },
    async (request, reply) => {
      try {
        return await deps.updates.update(requireUser(request), request.params.id, request.body);
      } catch (error) {
        if (!(error instanceof NotesConflictError)) throw error;
        return reply.code(409).send({ message: error.message, code: error.code, current: error.current });
      }
    },
  );
}
