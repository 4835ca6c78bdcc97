import { z } from 'zod';
import { completedTaskKindSchema } from './task-completed.v2.ts';
import { TASK_UPDATED_FIELDS, type TaskUpdatedV1 } from './task-updated.v1.ts';

/** What a `task-updated` v2 says happened: a custom task made or removed, or any task changed. */
export const TASK_CHANGES = ['created', 'updated', 'deleted'] as const;
export const taskChangeSchema = z.enum(TASK_CHANGES);

/** v1's fields, and what only a custom task has its own of: its title, description and stage. */
export const TASK_UPDATED_FIELDS_V2 = [...TASK_UPDATED_FIELDS, 'title', 'description', 'stage'] as const;
export const taskUpdatedFieldV2Schema = z.enum(TASK_UPDATED_FIELDS_V2);

/**
 * A task changed in a way `task-completed` does not announce (v2): as v1 — notes written, reopened,
 * rescheduled, reassigned, reprioritised — and a seller's custom task created, edited (title,
 * description, stage too) or deleted (issue 19, item 5: every change reaches the household's open
 * screens). It still names what changed, never the new values. `fields` is empty for `created` and
 * `deleted`; `updatedAt` is when it happened.
 */
export const taskUpdatedV2 = z
  .object({
    clientId: z.string().min(1),
    taskId: z.string().min(1),
    kind: completedTaskKindSchema,
    change: taskChangeSchema,
    fields: z.array(taskUpdatedFieldV2Schema),
    actorUserId: z.string().min(1),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .refine((data) => data.change !== 'updated' || data.fields.length > 0, {
    message: 'An update names at least one field',
    path: ['fields'],
  });
export type TaskUpdatedV2 = z.infer<typeof taskUpdatedV2>;

/** v1 read as v2: every v1 event was an update. */
export const upcastTaskUpdatedV1 = (v1: TaskUpdatedV1): TaskUpdatedV2 => ({ ...v1, change: 'updated' });
