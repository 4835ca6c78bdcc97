import type { TaskCompletedV2, TaskUpdatedV2 } from '@listready/contracts';
import type { Executor } from '@listready/db';
import type { EventBus } from '@listready/events';

/**
 * The journey's events, written to journey.outbox in the transaction of the change they describe.
 * Key: the client id, so one seller's completions reach consumers in order.
 */
export function publishTaskCompleted(
  events: EventBus,
  tx: Executor,
  data: Omit<TaskCompletedV2, 'completedAt'> & { completedAt: Date },
) {
  return events.publish(tx, {
    type: 'task-completed',
    key: data.clientId,
    data: { ...data, completedAt: data.completedAt.toISOString() },
  });
}

export function publishStageCompleted(
  events: EventBus,
  tx: Executor,
  data: { clientId: string; stageId: string; stageName: string },
) {
  return events.publish(tx, { type: 'stage-completed', key: data.clientId, data });
}

/**
 * A task changed in a way `task-completed` does not announce (notes, reopened, rescheduled…), or a
 * custom task was created or deleted (`change`; an update unless said).
 */
export function publishTaskUpdated(
  events: EventBus,
  tx: Executor,
  data: Omit<TaskUpdatedV2, 'updatedAt' | 'change'> & { change?: TaskUpdatedV2['change']; updatedAt: Date },
) {
  return events.publish(tx, {
    type: 'task-updated',
    key: data.clientId,
    data: { ...data, change: data.change ?? 'updated', updatedAt: data.updatedAt.toISOString() },
  });
}
