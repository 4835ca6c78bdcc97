import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { TaskReminder } from '@listready/contracts';
import { calendarEvents, clientTasks, customTasks, tasks, type Db } from '@listready/db';
import type { Clock } from '../clock.ts';
import type { JourneyAccess } from '../households/journey-access.ts';
import { TaskNotFoundError } from '../tasks/client-task-updates.ts';

/**
 * A person's own reminder time for a task of a journey they work on, kept as their
 * `calendar_events` row for it (one per person and task, held so by the table's unique
 * constraints): the scheduler and their calendar feed's alarms read its minutes before their
 * profile's choice. The row's title and start are the task's at the time of choosing; nothing
 * reads them but a person looking at the table.
 */
export function createTaskReminders(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  /** The task on this journey, or null: its title and due date, for the event row. */
  async function taskOf({ clientId }: JourneyAccess, source: TaskReminder['source'], taskId: string) {
    if (source === 'journey') {
      const [row] = await db
        .select({ title: tasks.title, dueDate: clientTasks.dueDate })
        .from(clientTasks)
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(and(eq(clientTasks.id, taskId), eq(clientTasks.clientId, clientId)))
        .limit(1);
      return row ?? null;
    }
    const [row] = await db
      .select({ title: customTasks.title, dueDate: customTasks.dueDate })
      .from(customTasks)
      .where(and(eq(customTasks.id, taskId), eq(customTasks.clientId, clientId)))
      .limit(1);
    return row ?? null;
  }

  const sameTask = (source: TaskReminder['source'], taskId: string) =>
    source === 'journey' ? eq(calendarEvents.taskId, taskId) : eq(calendarEvents.customTaskId, taskId);

  return {
    /** The caller's own times on this journey's tasks (none where their profile decides). */
    async list(journey: JourneyAccess): Promise<TaskReminder[]> {
      const rows = await db
        .select({
          taskId: calendarEvents.taskId,
          customTaskId: calendarEvents.customTaskId,
          minutes: calendarEvents.reminderMinutes,
        })
        .from(calendarEvents)
        .leftJoin(clientTasks, eq(clientTasks.id, calendarEvents.taskId))
        .leftJoin(customTasks, eq(customTasks.id, calendarEvents.customTaskId))
        .where(
          and(
            eq(calendarEvents.userId, journey.actor.id),
            or(
              and(isNotNull(calendarEvents.taskId), eq(clientTasks.clientId, journey.clientId)),
              and(isNotNull(calendarEvents.customTaskId), eq(customTasks.clientId, journey.clientId)),
            ),
          ),
        );
      return rows.map((row) =>
        row.taskId
          ? { source: 'journey', taskId: row.taskId, minutes: row.minutes }
          : { source: 'custom', taskId: row.customTaskId ?? '', minutes: row.minutes },
      );
    },

    /**
     * Sets the caller's time for one task, or (`minutes` null) goes back to their profile's. A task
     * not on this journey is not found.
     */
    async set(journey: JourneyAccess, reminder: TaskReminder): Promise<TaskReminder> {
      const { source, taskId, minutes } = reminder;
      const task = await taskOf(journey, source, taskId);
      if (!task) throw new TaskNotFoundError();
      const userId = journey.actor.id;
      if (minutes === null) {
        await db
          .delete(calendarEvents)
          .where(and(eq(calendarEvents.userId, userId), sameTask(source, taskId)));
        return { source, taskId, minutes };
      }
      const event = {
        title: task.title,
        startTime: task.dueDate ? new Date(`${task.dueDate}T00:00:00Z`) : clock(),
        isAllDay: true,
        reminderMinutes: minutes,
      };
      // One row per person and task (the table's unique constraints): two saves at once end as the
      // later of the two, never as two rows.
      await db
        .insert(calendarEvents)
        .values({ userId, ...(source === 'journey' ? { taskId } : { customTaskId: taskId }), ...event })
        .onConflictDoUpdate({
          target: [
            calendarEvents.userId,
            source === 'journey' ? calendarEvents.taskId : calendarEvents.customTaskId,
          ],
          set: event,
        });
      return { source, taskId, minutes };
    },
  };
}
export type TaskReminders = ReturnType<typeof createTaskReminders>;
