/** Messages of the journey calls, shared by the seller's forms and services/journey. */
export const journeyMessages = {
  notesTooLong: 'Notes must be at most 500 characters',
  notesNotText: 'Notes must be text',
  baseNotesWithoutNotes: 'baseNotes is only sent with notes',
  /** A note saved by someone else since the editor opened it (409, with the current notes). */
  notesConflict: 'Someone else changed these notes while you were editing. Choose what to keep.',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  assignedToTooLong: 'Assigned to must be at most 100 characters',
  invalidDueDate: 'Due date must be a valid date (YYYY-MM-DD)',
  dueDateOutOfRange: 'Due date must be between the years 2000 and 2099',
  invalidPriority: 'Priority must be low, medium or high',
  invalidStatus: 'Status must be pending or completed',
  invalidStage: 'Stage must be a stage id or null',
  unknownStage: 'Unknown stage',
  nothingToUpdate: 'Nothing to update',
  taskNotFound: 'Task not found',
  /** A task id sent with a new task (made by the seller's device, offline) that is not a UUID. */
  invalidTaskId: 'Task id must be a UUID',
  /** A new task's id already names a task of another journey (409; nothing of it is revealed). */
  taskIdTaken: 'A task with this id already exists',
  /**
   * A new task's id names a task of this journey that was deleted since (a creation sent again
   * after its answer was lost and the task deleted elsewhere): it is not made again (409).
   */
  taskDeleted: 'This task was deleted',
  /** Checklist items and our standard tasks: only status, notes and the due date change. */
  onlyRescheduling: 'This task can only be rescheduled: its assignee and priority cannot be changed',
  /** An agent asking for the dashboard of an agent account that is not theirs (or none at all). */
  notYourAgentAccount: 'You can only see the dashboard of your own agent account',
  journeyNotReady: 'Your journey is being set up. Please try again in a moment.',
} as const;

/** Machine-readable codes of the journey errors (beside the shared `ErrorCode`s). */
export const JourneyErrorCode = {
  taskNotFound: 'TASK_NOT_FOUND',
  taskIdTaken: 'TASK_ID_TAKEN',
  taskDeleted: 'TASK_DELETED',
  taskDetailsLocked: 'TASK_DETAILS_LOCKED',
  unknownStage: 'UNKNOWN_STAGE',
  notYourAgentAccount: 'NOT_YOUR_AGENT_ACCOUNT',
  journeyNotReady: 'JOURNEY_NOT_READY',
  notesConflict: 'NOTES_CONFLICT',
} as const;
export type JourneyErrorCode = (typeof JourneyErrorCode)[keyof typeof JourneyErrorCode];
