import type { ClientTaskUpdate, CustomTaskUpdate } from '@listready/contracts/journey';
import { trackUsage } from '@listready/web-client';

/**
 * The usage events of a confirmed task change (spec agent §3: task_action, note_action), for the
 * shell's tracker. Never the note's text — only its length. `task_completed` itself is recorded by
 * services/analytics from the `task-completed` domain event, exactly once: sending it from here too
 * would count every completion twice.
 */
export function trackTaskChange(
  task: { id: string; title: string },
  patch: ClientTaskUpdate | CustomTaskUpdate,
): void {
  if (patch.status !== undefined) {
    const completed = patch.status === 'completed';
    trackUsage({
      event: 'task_action',
      properties: { action: completed ? 'completed' : 'reopened', taskId: task.id, taskTitle: task.title },
    });
    return;
  }
  if ('notes' in patch && patch.notes !== undefined) {
    trackUsage({
      event: 'note_action',
      properties: {
        action: patch.notes ? 'saved' : 'cleared',
        taskId: task.id,
        noteLength: patch.notes?.length ?? 0,
      },
    });
    return;
  }
  trackUsage({
    event: 'task_action',
    properties: { action: 'rescheduled', taskId: task.id, taskTitle: task.title },
  });
}
