import {
  customTaskCreateSchema,
  customTaskSchema,
  customTasksSchema,
  customTaskUpdateSchema,
  householdQuerySchema,
  taskIdParamsSchema,
} from '@listready/contracts';
import type { App } from '@listready/service-kit';
import { currentJourney, signedIn } from './journey-access-hooks.ts';
import type { CustomTaskService } from '../custom-tasks/custom-task-service.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';

/**
 * The seller's personal tasks: GET/POST /api/clients/current/custom-tasks, PUT/DELETE …/{id}.
 * The household works them too; only the seller deletes. A POST may name the new task's id (made
 * by the seller's device offline): sent again, it answers 200 with the task instead of 201.
 */
export function customTaskRoutes(
  app: App,
  deps: { customTasks: CustomTaskService; access: JourneyAccessControl },
): void {
  const path = '/api/clients/current/custom-tasks';

  app.get(
    path,
    { preValidation: signedIn, schema: { response: { 200: customTasksSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.customTasks.list(await currentJourney(deps.access, request, 'read'));
    },
  );

  app.post(
    path,
    {
      preValidation: signedIn,
      schema: {
        querystring: householdQuerySchema,
        body: customTaskCreateSchema,
        // 201: created; 200: the same creation (the same client-made id) sent again.
        response: { 201: customTaskSchema, 200: customTaskSchema },
      },
    },
    async (request, reply) => {
      const { task, created } = await deps.customTasks.create(
        await currentJourney(deps.access, request, 'write'),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(task);
    },
  );

  app.put(
    `${path}/:id`,
    {
      preValidation: signedIn,
      schema: {
        params: taskIdParamsSchema,
        querystring: householdQuerySchema,
        body: customTaskUpdateSchema,
        response: { 200: customTaskSchema },
      },
    },
    async (request) =>
      deps.customTasks.update(
        await currentJourney(deps.access, request, 'write'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    `${path}/:id`,
    { preValidation: signedIn, schema: { params: taskIdParamsSchema, querystring: householdQuerySchema } },
    async (request, reply) => {
      await deps.customTasks.remove(await currentJourney(deps.access, request, 'write'), request.params.id);
      return reply.status(204).send();
    },
  );
}
