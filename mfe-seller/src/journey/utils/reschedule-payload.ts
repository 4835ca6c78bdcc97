import type { TaskPriority } from '@listready/contracts/journey';

export interface RescheduleForm {
  dueDate: string;
  assignedTo: string;
  priority: TaskPriority;
}

/**
 * The body of a Reschedule Task save (spec seller §5): dueDate only when filled; assignedTo null
 * when empty; assignee and priority only where the seller may edit them (predefined and custom
 * tasks — the server refuses them elsewhere). Null when there is nothing to send.
 */
export function reschedulePayload(
  form: RescheduleForm,
  canEditDetails: boolean,
): { dueDate?: string; assignedTo?: string | null; priority?: TaskPriority } | null {
  const payload: { dueDate?: string; assignedTo?: string | null; priority?: TaskPriority } = {};
  if (form.dueDate !== '') payload.dueDate = form.dueDate;
  if (canEditDetails) {
    const assignedTo = form.assignedTo.trim();
    payload.assignedTo = assignedTo === '' ? null : assignedTo;
    payload.priority = form.priority;
  }
  return Object.keys(payload).length === 0 ? null : payload;
}
