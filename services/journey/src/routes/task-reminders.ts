import { householdQuerySchema, taskReminderSchema, taskRemindersSchema } from '@listready/contracts';
import type { App } from '@listready/service-kit';
import { currentJourney, signedIn } from './journey-access-hooks.ts';
import type { JourneyAccessControl } from '../households/journey-access.ts';
import type { TaskReminders } from '../reminders/task-reminders.ts';

/**
 * The caller's own reminder times on a journey's tasks: GET and PUT
 * /api/clients/current/task-reminders (`?clientId=` for a household's journey). The people who work
 * the journey choose theirs; its agent reads an empty list and may not write (reminders go to the
 * seller and the household member a task is assigned to).
 */
export function taskReminderRoutes(
  app: App,
  deps: { reminders: TaskReminders; access: JourneyAccessControl },
): void {
  const path = '/api/clients/current/task-reminders';

  app.get(
    path,
    {
      preValidation: signedIn,
      schema: { querystring: householdQuerySchema, response: { 200: taskRemindersSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { reminders: await deps.reminders.list(await currentJourney(deps.access, request, 'read')) };
    },
  );

  app.put(
    path,
    {
      preValidation: signedIn,
      schema: {
        querystring: householdQuerySchema,
        body: taskReminderSchema,
        response: { 200: taskReminderSchema },
      },
    },
    async (request) => deps.reminders.set(await currentJourney(deps.access, request, 'write'), request.body),
  );
}
