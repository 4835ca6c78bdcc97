import { z } from 'zod';
import { CUSTOM_TASK_STATUSES, TASK_PRIORITIES } from '../enums.ts';
import { journeyMessages } from './messages.ts';

/**
 * Request bodies of the journey calls (seller spec §3, §5, §7). The seller's forms (react-hook-form
 * with the zod resolver) and services/journey validate with the same schemas. Browser-safe: no
 * server-only imports.
 */

export const taskPrioritySchema = z.enum(TASK_PRIORITIES, { error: journeyMessages.invalidPriority });
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

/** What the seller sees and sends: the stored not_started / in_progress / skipped read as pending. */
export const TASK_VIEW_STATUSES = CUSTOM_TASK_STATUSES;
export const taskViewStatusSchema = z.enum(TASK_VIEW_STATUSES, { error: journeyMessages.invalidStatus });
export type TaskViewStatus = z.infer<typeof taskViewStatusSchema>;

export const TASK_NOTES_MAX_LENGTH = 500;
export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 2000;
export const ASSIGNED_TO_MAX_LENGTH = 100;

/** The years a due date may fall in: a home sale is planned in this century, not in year 0. */
export const DUE_DATE_YEARS = { min: 2000, max: 2099 } as const;
/** The same range as a date input's `min` and `max`. */
export const DUE_DATE_INPUT_RANGE = {
  min: `${DUE_DATE_YEARS.min}-01-01`,
  max: `${DUE_DATE_YEARS.max}-12-31`,
} as const;

/** `YYYY-MM-DD` (a real calendar date within DUE_DATE_YEARS) or null; an empty form field ('') means null. */
export const dueDateField = z.union([
  z.literal('').transform(() => null),
  z.iso.date({ error: journeyMessages.invalidDueDate }).refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DUE_DATE_YEARS.min && year <= DUE_DATE_YEARS.max;
    },
    { error: journeyMessages.dueDateOutOfRange },
  ),
  z.null(),
]);

/** Free text (a family member's name) or null; empty or blank means null. */
export const assignedToField = z
  .string({ error: journeyMessages.assignedToTooLong })
  .trim()
  .max(ASSIGNED_TO_MAX_LENGTH, { error: journeyMessages.assignedToTooLong })
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** At most 500 characters (the editor ignores further input); '' clears the note. */
export const notesField = z
  .string({ error: journeyMessages.notesNotText })
  .max(TASK_NOTES_MAX_LENGTH, { error: journeyMessages.notesTooLong })
  .nullable();

const titleField = z
  .string({ error: journeyMessages.titleRequired })
  .trim()
  .min(1, { error: journeyMessages.titleRequired })
  .max(TASK_TITLE_MAX_LENGTH, { error: journeyMessages.titleTooLong });

const descriptionField = z
  .string({ error: journeyMessages.descriptionTooLong })
  .trim()
  .max(TASK_DESCRIPTION_MAX_LENGTH, { error: journeyMessages.descriptionTooLong })
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** A stage id, or null for "none" (the form's choice none is sent as null; '' also means none). */
const stageIdField = z
  .string({ error: journeyMessages.invalidStage })
  .trim()
  .max(100, { error: journeyMessages.invalidStage })
  .transform((value) => (value === '' ? null : value))
  .nullable();

const hasSomeField = (value: Record<string, unknown>) =>
  Object.values(value).some((field) => field !== undefined);

/**
 * PUT /api/client-tasks/{id}: any of status; notes; dueDate, assignedTo, priority. Assignee and
 * priority change only on predefined tasks (the server answers 403 otherwise); checklist items
 * and standard tasks are only rescheduled.
 */
export const clientTaskUpdateSchema = z
  .object({
    status: taskViewStatusSchema.optional(),
    notes: notesField.optional(),
    /**
     * The notes the editor started from (null: there were none). When given and the task's notes
     * are no longer these, the save is refused with 409 and the current notes, so nobody's words
     * are overwritten unseen. Without it the notes are simply replaced.
     */
    baseNotes: notesField.optional(),
    dueDate: dueDateField.optional(),
    assignedTo: assignedToField.optional(),
    priority: taskPrioritySchema.optional(),
  })
  .refine(hasSomeField, { error: journeyMessages.nothingToUpdate })
  .refine((value) => value.baseNotes === undefined || value.notes !== undefined, {
    error: journeyMessages.baseNotesWithoutNotes,
    path: ['baseNotes'],
  });
export type ClientTaskUpdate = z.infer<typeof clientTaskUpdateSchema>;
export type ClientTaskUpdateForm = z.input<typeof clientTaskUpdateSchema>;

/**
 * POST /api/clients/current/custom-tasks: title required; priority medium; empty → null. `id`
 * (optional, no default) is the task's id made by the seller's device, so a creation sent again
 * (offline, an answer lost) makes the task once: the same id in the same journey answers the task
 * as it is now; an id another journey's task holds is refused with 409, and so is the id of a task
 * of this journey deleted since (TASK_DELETED: a deleted task never comes back). Read in lower case,
 * so one UUID is one id however it was written.
 */
export const customTaskCreateSchema = z.object({
  id: z.uuid({ error: journeyMessages.invalidTaskId }).toLowerCase().optional(),
  title: titleField,
  description: descriptionField.optional().transform((value) => value ?? null),
  priority: taskPrioritySchema.default('medium'),
  dueDate: dueDateField.optional().transform((value) => value ?? null),
  assignedTo: assignedToField.optional().transform((value) => value ?? null),
  stageId: stageIdField.optional().transform((value) => value ?? null),
});
export type CustomTaskCreate = z.infer<typeof customTaskCreateSchema>;
export type CustomTaskCreateForm = z.input<typeof customTaskCreateSchema>;

/**
 * PUT /api/clients/current/custom-tasks/{id}: any of status; priority, assignedTo, dueDate; or the
 * create body. Absent fields stay as they are (no defaults here).
 */
export const customTaskUpdateSchema = z
  .object({
    title: titleField.optional(),
    description: descriptionField.optional(),
    priority: taskPrioritySchema.optional(),
    status: taskViewStatusSchema.optional(),
    dueDate: dueDateField.optional(),
    assignedTo: assignedToField.optional(),
    stageId: stageIdField.optional(),
  })
  .refine(hasSomeField, { error: journeyMessages.nothingToUpdate });
export type CustomTaskUpdate = z.infer<typeof customTaskUpdateSchema>;
export type CustomTaskUpdateForm = z.input<typeof customTaskUpdateSchema>;

/** `{id}` of the task calls. */
export const taskIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
// The agent dashboard's calls take the agent as `{agentId}` or `current` (shared with branding).
export { agentIdParamsSchema, CURRENT_AGENT_ID } from '../agent-address.ts';
