import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';
import { journeyStages, tasks } from '../schema/journey.ts';
import { ensureClientJourneys } from './client-journeys.ts';
import { JOURNEY_STAGES, JOURNEY_TASKS } from './journey-content.ts';

const casing = new CasingCache('snake_case');

/**
 * `ON CONFLICT (id) DO UPDATE` that copies the seeded columns and only touches a row when one of
 * them differs, so re-running the seed on unchanged content writes nothing at all.
 */
function upsertFrom(table: PgTable, seeded: readonly string[]): { set: Record<string, SQL>; setWhere: SQL } {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const picked = seeded.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`seed: ${key} is not a column`);
    return { key, column, excluded: sql.raw(`excluded."${casing.getColumnCasing(column)}"`) };
  });
  return {
    set: Object.fromEntries(picked.map(({ key, excluded }) => [key, excluded])),
    setWhere: sql`(${sql.join(
      picked.map(({ column }) => sql`${column}`),
      sql`, `,
    )}) is distinct from (${sql.join(
      picked.map(({ excluded }) => excluded),
      sql`, `,
    )})`,
  };
}

const stageColumns = Object.keys(JOURNEY_STAGES[0] ?? {}).filter((key) => key !== 'id');
const taskColumns = Object.keys(JOURNEY_TASKS[0] ?? {}).filter((key) => key !== 'id');

/** Upserts the journey stages and task templates (idempotent; never deletes). */
export async function seedJourneyContent(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(journeyStages)
      .values([...JOURNEY_STAGES])
      .onConflictDoUpdate({ target: journeyStages.id, ...upsertFrom(journeyStages, stageColumns) });
    await tx
      .insert(tasks)
      .values([...JOURNEY_TASKS])
      .onConflictDoUpdate({ target: tasks.id, ...upsertFrom(tasks, taskColumns) });
  });
}

/** Everything seeded, in dependency order; then every seller's journey rows for that content. */
export async function seed(db: Executor): Promise<void> {
  await seedJourneyContent(db);
  await ensureClientJourneys(db);
}
