import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { users } from '../schema/auth.ts';
import { clientProgress, clients, clientTasks, journeyStages, tasks } from '../schema/journey.ts';

/** Rows per insert statement: well under Postgres's 65,535 bind parameters. */
const CHUNK = 5_000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/**
 * Gives every seller (or the one named) a `clients` row, a `client_tasks` row per task template and
 * a `client_progress` row per stage: what a seller's journey reads. Called where a seller comes to
 * exist (journey's `user-registered` consumer) and by the seed, so sellers from before this rule and
 * templates added by a content change get their rows at deploy time, never on a read. Idempotent:
 * it inserts only what is missing, and a concurrent insert of the same row is skipped. Stage
 * statuses are the caller's to set (journey's stage rule).
 */
export async function ensureClientJourneys(db: Executor, options: { userId?: string } = {}): Promise<void> {
  const oneSeller: SQL | undefined = options.userId ? eq(clients.userId, options.userId) : undefined;

  const sellers = await db
    .select({ userId: users.id, phone: users.phone })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(
      and(
        eq(users.role, 'client'),
        isNull(clients.id),
        options.userId ? eq(users.id, options.userId) : undefined,
      ),
    );
  await insertInChunks(sellers, (chunk) =>
    db.insert(clients).values(chunk).onConflictDoNothing({ target: clients.userId }),
  );

  const missingTasks = await db
    .select({ clientId: clients.id, taskId: tasks.id })
    .from(clients)
    .crossJoin(tasks)
    .leftJoin(clientTasks, and(eq(clientTasks.clientId, clients.id), eq(clientTasks.taskId, tasks.id)))
    .where(and(isNull(clientTasks.id), oneSeller));
  await insertInChunks(missingTasks, (chunk) =>
    db
      .insert(clientTasks)
      .values(chunk)
      .onConflictDoNothing({ target: [clientTasks.clientId, clientTasks.taskId] }),
  );

  const missingStages = await db
    .select({ clientId: clients.id, stageId: journeyStages.id })
    .from(clients)
    .crossJoin(journeyStages)
    .leftJoin(
      clientProgress,
      and(eq(clientProgress.clientId, clients.id), eq(clientProgress.stageId, journeyStages.id)),
    )
    .where(and(isNull(clientProgress.id), oneSeller));
  await insertInChunks(missingStages, (chunk) =>
    db
      .insert(clientProgress)
      .values(chunk)
      .onConflictDoNothing({ target: [clientProgress.clientId, clientProgress.stageId] }),
  );
}
