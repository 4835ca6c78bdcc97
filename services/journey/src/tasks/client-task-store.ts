import { sql } from 'drizzle-orm';
import { clientProgress, clients, clientTasks, journeyStages, tasks, type Database } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { JourneyContent } from '../content/journey-content.ts';
import { syncStageProgress } from './stage-progress.ts';

/** A seller's client task as the list needs it; timestamps already ISO 8601 (UTC). */
export interface ClientTaskState {
  id: string;
  taskId: string;
  /** Stored status: not_started, in_progress, completed or skipped. */
  status: string;
  dueDate: string | null;
  assignedTo: string | null;
  notes: string | null;
  /** The seller's priority override (null: the template's). */
  priority: string | null;
  completedAt: string | null;
  updatedAt: string;
}

export interface SellerTasks {
  clientId: string;
  /**
   * The seller's clients.updated_at, read in the same statement as the tasks. Every change to the
   * seller's tasks bumps it in the same transaction, so it versions the task list.
   */
  version: string;
  tasks: ClientTaskState[];
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The seller's whole task list (GET /api/clients/current/tasks when its version moved): one
 * prepared statement by the seller's user id, rows as arrays, timestamps formatted by Postgres,
 * so it costs one round trip and little parsing. No row: the seller has no clients row yet.
 */
const SELLER_TASKS = {
  name: 'journey-seller-tasks-v1',
  text: `select c.id, c.updated_at::text, ct.id, ct.task_id, ct.status, ct.due_date::text, ct.assigned_to, ct.notes, ct.priority,
      ${iso('ct.completed_at')}, ${iso('ct.updated_at')}
    from journey.clients c left join journey.client_tasks ct on ct.client_id = c.id
    where c.user_id = $1`,
  rowMode: 'array' as const,
};
type SellerTaskRow = [
  clientId: string,
  version: string,
  id: string | null,
  taskId: string,
  status: string,
  dueDate: string | null,
  assignedTo: string | null,
  notes: string | null,
  priority: string | null,
  completedAt: string | null,
  updatedAt: string,
];

/** The task list's version alone: one indexed row. */
const SELLER_VERSION = {
  name: 'journey-seller-version-v1',
  text: 'select updated_at::text from journey.clients where user_id = $1',
  rowMode: 'array' as const,
};

export function createClientTaskStore(options: { database: Database; events: EventBus; now: () => Date }) {
  const { database } = options;

  return {
    /** The seller's client id and task rows, or null when the seller has no clients row. */
    async readByUser(userId: string): Promise<SellerTasks | null> {
      const result = await database.pool.query<SellerTaskRow>({ ...SELLER_TASKS, values: [userId] });
      const first = result.rows[0];
      if (!first) return null;
      const states: ClientTaskState[] = [];
      for (const row of result.rows) {
        if (row[2] === null) continue;
        states.push({
          id: row[2],
          taskId: row[3],
          status: row[4],
          dueDate: row[5],
          assignedTo: row[6],
          notes: row[7],
          priority: row[8],
          completedAt: row[9],
          updatedAt: row[10],
        });
      }
      return { clientId: first[0], version: first[1], tasks: states };
    },

    /** The seller's task-list version (see `SellerTasks.version`), or null without a clients row. */
    async versionByUser(userId: string): Promise<string | null> {
      const result = await database.pool.query<[string]>({ ...SELLER_VERSION, values: [userId] });
      return result.rows[0]?.[0] ?? null;
    },

    /**
     * Creates the seller's client tasks (one statement, every template) and stage progress on first
     * use, or the templates added since. Idempotent under concurrent first requests: the unique
     * (client_id, task_id) makes a second insert wait, then do nothing; the seller's row lock
     * orders the progress update.
     */
    async ensureJourney(clientId: string, content: JourneyContent): Promise<void> {
      await database.db.transaction(async (tx) => {
        // The seller's lock, and a new task-list version.
        await tx.execute(sql`update ${clients} set updated_at = clock_timestamp() where id = ${clientId}`);
        await tx.execute(sql`
          insert into ${clientTasks} (id, client_id, task_id)
          select gen_random_uuid()::text, ${clientId}, template.id from ${tasks} as template
          on conflict (client_id, task_id) do nothing`);
        await tx.execute(sql`
          insert into ${clientProgress} (id, client_id, stage_id)
          select gen_random_uuid()::text, ${clientId}, stage.id from ${journeyStages} as stage
          on conflict (client_id, stage_id) do nothing`);
        await syncStageProgress(tx, { clientId, content, events: options.events, now: options.now() });
      });
    },
  };
}
export type ClientTaskStore = ReturnType<typeof createClientTaskStore>;
