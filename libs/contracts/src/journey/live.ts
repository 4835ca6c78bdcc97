import { z } from 'zod';
import { apiErrorSchema } from '../errors.ts';
import { taskChangeSchema, taskUpdatedFieldV2Schema } from '../events/task-updated.v2.ts';
import { householdQuerySchema } from './groups.ts';
import { taskEntrySchema } from './responses.ts';

/** The domain events a live screen hears about (the journey's own, keyed by client id). */
export const LIVE_EVENT_TYPES = ['task-completed', 'task-updated', 'stage-completed'] as const;
export const liveEventTypeSchema = z.enum(LIVE_EVENT_TYPES);

/**
 * One message of GET /api/clients/current/live and GET /api/agents/{agentId}/live (server-sent
 * events; the SSE `id` is `id`, so a reconnecting browser resumes after it). It says what changed
 * and who did it, not the new values: the screen reads them again with its own access.
 */
export const liveEventSchema = z.object({
  /** The domain event's id. */
  id: z.uuid(),
  type: liveEventTypeSchema,
  clientId: z.string(),
  /** The task that changed (null for a stage). */
  taskId: z.string().nullable(),
  /** A custom task `created` or `deleted`; otherwise `updated` (a completion, a stage reached too). */
  change: taskChangeSchema,
  /** What changed: `status` for a completion, the fields of a `task-updated`, none for a stage. */
  fields: z.array(taskUpdatedFieldV2Schema),
  /** Who did it (null when the event does not say). */
  actorUserId: z.string().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * The same routes without `Accept: text/event-stream` (a client that polls): the events after
 * `?after=` (or `Last-Event-ID`), oldest first; `reset` when they cannot be told (the screen reads
 * everything again). Without either, no events.
 */
export const liveEventsSchema = z.object({ events: z.array(liveEventSchema), reset: z.boolean() });
export type LiveEvents = z.infer<typeof liveEventsSchema>;
/** `?after=`: the id of the last event the caller has. */
export const liveAfterQuerySchema = z.object({ after: z.string().min(1).max(100).optional() });
export const householdLiveQuerySchema = householdQuerySchema.extend(liveAfterQuerySchema.shape);

/**
 * The SSE event name of a `reset`: the stream cannot replay from the `Last-Event-ID` it was given
 * (too old or unknown), so the screen reads everything again.
 */
export const LIVE_RESET_EVENT = 'reset';

/** 409 of PUT /api/client-tasks/{id} when `baseNotes` is no longer the task's notes. */
export const notesConflictSchema = apiErrorSchema.extend({
  /** The task as it is now, with the notes someone else saved. */
  current: taskEntrySchema,
});
export type NotesConflict = z.infer<typeof notesConflictSchema>;
