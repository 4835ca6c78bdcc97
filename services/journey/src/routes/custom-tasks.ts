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
 * The household works them too; only the seller deletes.
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
        response: { 201: customTaskSchema },
      },
    },
    async (request, reply) => {
      const task = await deps.customTasks.create(
        await currentJourney(deps.access, request, 'write'),
        request.body,
      );
      return reply.status(201).send(task);
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
