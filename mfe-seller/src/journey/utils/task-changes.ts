import type { ClientTaskUpdate, CustomTask, CustomTaskUpdate, TaskEntry } from './journey-api.ts';

export interface ClientTaskChange {
  id: string;
  patch: ClientTaskUpdate;
}

export interface CustomTaskChange {
  id: string;
  patch: CustomTaskUpdate;
}

/** A journey task entry with the seller's change made (what the list shows before the server answers). */
export function applyClientTaskPatch(entry: TaskEntry, patch: ClientTaskUpdate): TaskEntry {
  const clientTask = { ...entry.clientTask };
  if (patch.status !== undefined) {
    clientTask.status = patch.status;
    clientTask.completedAt = patch.status === 'completed' ? new Date().toISOString() : null;
    // Who completed it is the server's to say; un-completing clears it at once.
    if (patch.status === 'pending') clientTask.completedBy = null;
  }
  if (patch.notes !== undefined) clientTask.notes = patch.notes === '' ? null : patch.notes;
  if (patch.dueDate !== undefined) clientTask.dueDate = patch.dueDate;
  if (patch.assignedTo !== undefined) clientTask.assignedTo = patch.assignedTo;
  if (patch.priority !== undefined) clientTask.priority = patch.priority;
  return { ...entry, clientTask };
}

/** Each entry with every change made to it, in order (a task's notes wait apart from its other changes). */
export const applyClientTaskChanges = (entries: TaskEntry[], changes: readonly ClientTaskChange[]) =>
  entries.map((entry) =>
    changes
      .filter((item) => item.id === entry.id)
      .reduce((changed, item) => applyClientTaskPatch(changed, item.patch), entry),
  );

export const replaceEntry = (entries: TaskEntry[], updated: TaskEntry) =>
  entries.map((entry) => (entry.id === updated.id ? updated : entry));

export function applyCustomTaskPatch(task: CustomTask, patch: CustomTaskUpdate): CustomTask {
  const next = { ...task };
  if (patch.title !== undefined) next.title = patch.title;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.stageId !== undefined) next.stageId = patch.stageId;
  if (patch.status !== undefined) next.status = patch.status;
  if (patch.status === 'pending') next.completedBy = null;
  if (patch.dueDate !== undefined) next.dueDate = patch.dueDate;
  if (patch.assignedTo !== undefined) next.assignedTo = patch.assignedTo;
  if (patch.priority !== undefined) next.priority = patch.priority;
  return next;
}
