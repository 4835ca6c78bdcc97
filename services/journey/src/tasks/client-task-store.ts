import { eq, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { clients, clientTasks, users, type Database } from '@listready/db';

const completer = alias(users, 'completer');

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
  /** Who completed it (the seller or a household member), when it is completed. */
  completedBy: { id: string; name: string } | null;
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

/** A timestamp as ISO 8601 (UTC) text, formatted by Postgres: the list sends it as is. */
const isoText = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Reads of a seller's task rows. Both are prepared statements (built once, planned once per
 * connection): the task list is the platform's hottest read.
 */
export function createClientTaskStore(options: { database: Database }) {
  const { db } = options.database;

  /** The seller's whole task list (GET /api/clients/current/tasks when its version moved). */
  const sellerTasks = db
    .select({
      clientId: clients.id,
      version: sql<string>`${clients.updatedAt}::text`,
      id: clientTasks.id,
      taskId: clientTasks.taskId,
      status: clientTasks.status,
      dueDate: clientTasks.dueDate,
      assignedTo: clientTasks.assignedTo,
      notes: clientTasks.notes,
      priority: clientTasks.priority,
      completedAt: isoText(clientTasks.completedAt),
      completedById: clientTasks.completedBy,
      completedByFirstName: completer.firstName,
      completedByLastName: completer.lastName,
      updatedAt: isoText(clientTasks.updatedAt),
    })
    .from(clients)
    .leftJoin(clientTasks, eq(clientTasks.clientId, clients.id))
    .leftJoin(completer, eq(completer.id, clientTasks.completedBy))
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('journey_seller_tasks');

  /** The task list's version alone: one indexed row. */
  const sellerVersion = db
    .select({ version: sql<string>`${clients.updatedAt}::text` })
    .from(clients)
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('journey_seller_version');

  return {
    /** The journey's task rows, or null when there is no such client. */
    async read(clientId: string): Promise<SellerTasks | null> {
      const rows = await sellerTasks.execute({ clientId });
      const first = rows[0];
      if (!first) return null;
      const states: ClientTaskState[] = [];
      for (const row of rows) {
        if (row.id === null || row.taskId === null || row.status === null || row.updatedAt === null) continue;
        states.push({
          id: row.id,
          taskId: row.taskId,
          status: row.status,
          dueDate: row.dueDate,
          assignedTo: row.assignedTo,
          notes: row.notes,
          priority: row.priority,
          completedAt: row.completedAt,
          completedBy:
            row.status === 'completed' && row.completedById
              ? {
                  id: row.completedById,
                  name: `${row.completedByFirstName ?? ''} ${row.completedByLastName ?? ''}`.trim(),
                }
              : null,
          updatedAt: row.updatedAt,
        });
      }
      return { clientId: first.clientId, version: first.version, tasks: states };
    },

    /** The journey's task-list version (see `SellerTasks.version`), or null without a clients row. */
    async version(clientId: string): Promise<string | null> {
      const [row] = await sellerVersion.execute({ clientId });
      return row?.version ?? null;
    },
  };
}
export type ClientTaskStore = ReturnType<typeof createClientTaskStore>;
