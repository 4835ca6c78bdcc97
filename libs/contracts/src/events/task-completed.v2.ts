import { z } from 'zod';
import { TASK_KINDS } from '../enums.ts';
import type { TaskCompletedV1 } from './task-completed.v1.ts';

/** What changed: a journey task of a template's kind, or a seller's custom task. */
export const completedTaskKindSchema = z.enum([...TASK_KINDS, 'custom']);

/**
 * A task was completed, by the seller or a member of their household (v2). `taskId` is the id of
 * the client task or custom task that changed; `templateId` the journey template (null for custom
 * tasks); custom tasks without a stage are announced too (`stageId` null). `kind` and
 * `actorUserId` are null only on events upcast from v1, which did not carry them.
 */
export const taskCompletedV2 = z.object({
  clientId: z.string().min(1),
  taskId: z.string().min(1),
  kind: completedTaskKindSchema.nullable(),
  templateId: z.string().min(1).nullable(),
  title: z.string(),
  stageId: z.string().min(1).nullable(),
  stageName: z.string().nullable(),
  actorUserId: z.string().min(1).nullable(),
  completedAt: z.iso.datetime({ offset: true }),
});
export type TaskCompletedV2 = z.infer<typeof taskCompletedV2>;

/**
 * v1 read as v2, so consumers handle one shape while v1 events are still in outboxes and topics.
 * v1's `taskId` was the template id for journey tasks and the custom task's id for custom tasks;
 * which one it was is not known, so it is kept as `taskId` and `templateId` stays null.
 */
export function upcastTaskCompletedV1(v1: TaskCompletedV1): TaskCompletedV2 {
  return {
    clientId: v1.clientId,
    taskId: v1.taskId,
    kind: null,
    templateId: null,
    title: v1.title,
    stageId: v1.stageId,
    stageName: v1.stageName,
    actorUserId: null,
    completedAt: v1.completedAt,
  };
}
