import { z } from 'zod';
import { completedTaskKindSchema } from './task-completed.v2.ts';

/** The fields of a task a `task-updated` event says changed. */
export const TASK_UPDATED_FIELDS = ['status', 'notes', 'dueDate', 'assignedTo', 'priority'] as const;
export const taskUpdatedFieldSchema = z.enum(TASK_UPDATED_FIELDS);

/**
 * A task changed in a way `task-completed` does not announce: its notes were written, it was
 * reopened, rescheduled, reassigned or reprioritised, by the seller or a member of their household.
 * It names what changed, never the new values (notes are the household's words): a reader that
 * needs them reads the task. `updatedAt` is the task's new `updatedAt`.
 */
export const taskUpdatedV1 = z.object({
  clientId: z.string().min(1),
  taskId: z.string().min(1),
  kind: completedTaskKindSchema,
  fields: z.array(taskUpdatedFieldSchema).min(1),
  actorUserId: z.string().min(1),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TaskUpdatedV1 = z.infer<typeof taskUpdatedV1>;
