import { eq, sql } from 'drizzle-orm';
import { clientProgress, clientTasks, type Executor } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { JourneyContent } from '../content/journey-content.ts';
import { publishStageCompleted } from '../events/journey-events.ts';
import { stageStates, type StageState } from '../rules/journey-rules.ts';

export type ProgressRow = typeof clientProgress.$inferSelect;

/**
 * Brings a seller's stored stage progress (client_progress) in line with the stage rule, inside
 * the caller's transaction — the one that changed the tasks, holding the seller's row lock — and
 * publishes `stage-completed` for each counted stage that becomes completed. A caller that has
 * already read the seller's task statuses and stored progress in that transaction, after the
 * change and under the lock, hands them in (`known`) and saves the two reads.
 */
export async function syncStageProgress(
  tx: Executor,
  options: {
    clientId: string;
    content: JourneyContent;
    events: EventBus;
    now: Date;
    known?: { tasks: { taskId: string; status: string }[]; stored: ProgressRow[] };
  },
): Promise<StageState[]> {
  const { clientId, content, now } = options;
  const [taskRows, stored] = options.known
    ? [options.known.tasks, options.known.stored]
    : await Promise.all([
        tx
          .select({ taskId: clientTasks.taskId, status: clientTasks.status })
          .from(clientTasks)
          .where(eq(clientTasks.clientId, clientId)),
        tx.select().from(clientProgress).where(eq(clientProgress.clientId, clientId)),
      ]);
  const states = stageStates(
    content,
    taskRows.map((row) => ({ taskId: row.taskId, completed: row.status === 'completed' })),
  );
  const storedByStage = new Map(stored.map((row) => [row.stageId, row]));
  const changes: (typeof clientProgress.$inferInsert)[] = [];
  for (const state of states) {
    const previous = storedByStage.get(state.stage.id);
    const completed = state.status === 'completed';
    const next = {
      status: state.status,
      startedAt: previous?.startedAt ?? (state.status === 'locked' ? null : now),
      completedAt: completed ? (previous?.status === 'completed' ? previous.completedAt : now) : null,
      pointsEarned: completed ? state.stage.pointsValue : 0,
    };
    if (
      previous &&
      previous.status === next.status &&
      previous.pointsEarned === next.pointsEarned &&
      (previous.startedAt?.getTime() ?? null) === (next.startedAt?.getTime() ?? null) &&
      (previous.completedAt?.getTime() ?? null) === (next.completedAt?.getTime() ?? null)
    ) {
      continue;
    }
    changes.push({
      id: previous?.id ?? crypto.randomUUID(),
      clientId,
      stageId: state.stage.id,
      ...next,
      updatedAt: now,
    });
    if (completed && previous?.status !== 'completed' && !state.stage.excludedFromProgress) {
      await publishStageCompleted(options.events, tx, {
        clientId,
        stageId: state.stage.id,
        stageName: state.stage.name,
      });
    }
  }
  if (changes.length > 0) {
    await tx
      .insert(clientProgress)
      .values(changes)
      .onConflictDoUpdate({
        target: [clientProgress.clientId, clientProgress.stageId],
        set: {
          status: sql`excluded.status`,
          startedAt: sql`excluded.started_at`,
          completedAt: sql`excluded.completed_at`,
          pointsEarned: sql`excluded.points_earned`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return states;
}
