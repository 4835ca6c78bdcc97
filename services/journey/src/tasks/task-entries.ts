import { taskEntriesSchema, type ClientTask, type TaskEntry, type TaskPriority } from '@listready/contracts';
import type { JourneyContent, Template } from '../content/journey-content.ts';
import { canEditDetails, compareTasks, toViewStatus } from '../rules/journey-rules.ts';
import type { ClientTaskState } from './client-task-store.ts';

export interface ListedTask {
  template: Template;
  state: ClientTaskState;
  completed: boolean;
  priority: TaskPriority;
  dueDate: string | null;
}

/** Pairs each client task with its template and sorts them by the journey's task order. */
export function listTasks(content: JourneyContent, states: readonly ClientTaskState[]): ListedTask[] {
  const listed: ListedTask[] = [];
  for (const state of states) {
    const template = content.templatesById.get(state.taskId);
    if (!template) continue;
    listed.push({
      template,
      state,
      completed: state.status === 'completed',
      priority: (state.priority as TaskPriority | null) ?? template.priority,
      dueDate: state.dueDate,
    });
  }
  // Journey order first, so ties of the task order stay in stage and template order.
  listed.sort(
    (a, b) =>
      a.template.stage.orderIndex - b.template.stage.orderIndex ||
      a.template.orderIndex - b.template.orderIndex,
  );
  return listed.sort(compareTasks);
}

function clientTaskOf(task: ListedTask): ClientTask {
  const { state } = task;
  return {
    id: state.id,
    taskId: state.taskId,
    title: task.template.title,
    status: toViewStatus(state.status),
    dueDate: state.dueDate,
    assignedTo: state.assignedTo,
    notes: state.notes,
    priority: task.priority,
    completedAt: state.completedAt,
    completedBy: state.completedBy,
    updatedAt: state.updatedAt,
  };
}

export function toTaskEntry(task: ListedTask): TaskEntry {
  const { template } = task;
  return {
    id: task.state.id,
    taskTemplate: {
      id: template.id,
      slug: template.slug,
      stageId: template.stageId,
      kind: template.kind,
      title: template.title,
      description: template.description,
      category: template.category,
      estimatedHours: template.estimatedHours,
      priority: template.priority,
      isOptional: template.isOptional,
      orderIndex: template.orderIndex,
    },
    clientTask: clientTaskOf(task),
    stage: {
      id: template.stage.id,
      slug: template.stage.slug,
      name: template.stage.name,
      icon: template.stage.icon,
      orderIndex: template.stage.orderIndex,
      excludedFromProgress: template.stage.excludedFromProgress,
    },
    canEditDetails: canEditDetails(template.kind),
  };
}

/**
 * The task list as JSON text, checked against its contract. Built only when the seller's task
 * version moves (the list is kept serialized per version), so the check costs little: 140 µs a
 * build for the 55 tasks against 50 µs for the hand-built string it replaced (docs/decisions.md).
 */
export function taskEntriesJson(tasks: readonly ListedTask[]): string {
  return JSON.stringify(taskEntriesSchema.parse(tasks.map(toTaskEntry)));
}
