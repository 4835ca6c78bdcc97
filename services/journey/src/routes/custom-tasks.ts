import {
  customTaskCreateSchema,
  customTaskSchema,
  customTasksSchema,
  customTaskUpdateSchema,
  taskIdParamsSchema,
} from '@listready/contracts';
import { requireRole, type App } from '@listready/service-kit';
import { sellersOnly } from './roles.ts';
import type { CustomTaskService } from '../custom-tasks/custom-task-service.ts';

/** The seller's personal tasks: GET/POST /api/clients/current/custom-tasks, PUT/DELETE …/{id}. */
export function customTaskRoutes(app: App, deps: { customTasks: CustomTaskService }): void {
  const path = '/api/clients/current/custom-tasks';

  app.get(
    path,
    { preValidation: sellersOnly, schema: { response: { 200: customTasksSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.customTasks.list(requireRole(request, 'client').id);
    },
  );

  app.post(
    path,
    {
      preValidation: sellersOnly,
      schema: { body: customTaskCreateSchema, response: { 201: customTaskSchema } },
    },
    async (request, reply) => {
      const task = await deps.customTasks.create(requireRole(request, 'client').id, request.body);
      return reply.status(201).send(task);
    },
  );

  app.put(
    `${path}/:id`,
    {
      preValidation: sellersOnly,
      schema: {
        params: taskIdParamsSchema,
        body: customTaskUpdateSchema,
        response: { 200: customTaskSchema },
      },
    },
    async (request) =>
      deps.customTasks.update(requireRole(request, 'client').id, request.params.id, request.body),
  );

  app.delete(
    `${path}/:id`,
    { preValidation: sellersOnly, schema: { params: taskIdParamsSchema } },
    async (request, reply) => {
      await deps.customTasks.remove(requireRole(request, 'client').id, request.params.id);
      return reply.status(204).send();
    },
  );
}
