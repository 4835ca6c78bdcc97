import { and, eq, inArray } from 'drizzle-orm';
import {
  clients,
  DEFAULT_NOTIFICATION_PREFERENCES,
  userGroupMemberships,
  userGroups,
  users,
  type NotificationPreferences,
} from '@listready/db';
import { isAssignedTo } from '@listready/contracts/journey';
import type { DatedTask, Queryable } from '../calendar/dated-tasks.ts';

/** Someone a task's reminder goes to, with what the reminder needs to reach them. */
export interface ReminderRecipient {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Their own number, else (for a seller) the one on their client record. */
  phone: string | null;
  timezone: string;
  preferences: NotificationPreferences;
}

const recipientColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  clientPhone: clients.phone,
  timezone: users.timezone,
  preferences: users.notificationPreferences,
};

type RecipientRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  clientPhone: string | null;
  timezone: string;
  preferences: NotificationPreferences | null;
};

const toRecipient = (row: RecipientRow): ReminderRecipient => ({
  userId: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone?.trim() || row.clientPhone?.trim() || null,
  timezone: row.timezone,
  preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...row.preferences },
});

/**
 * Who is reminded of which task: the seller of every task, and the active household member a
 * task is assigned to. (Agents follow all their clients' dates in their feed; a reminder per client
 * task would bury them.) Two statements for any number of tasks.
 */
export async function recipientsOf(
  db: Queryable,
  datedTasks: DatedTask[],
): Promise<Map<string, { task: DatedTask; recipient: ReminderRecipient }[]>> {
  const clientIds = [...new Set(datedTasks.map((task) => task.clientId))];
  const byTask = new Map<string, { task: DatedTask; recipient: ReminderRecipient }[]>();
  if (clientIds.length === 0) return byTask;
  const [sellers, members] = await Promise.all([
    db
      .select({ ...recipientColumns, clientId: clients.id })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .where(inArray(clients.id, clientIds)),
    db
      .select({ ...recipientColumns, clientId: clients.id })
      .from(userGroupMemberships)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMemberships.groupId))
      .innerJoin(clients, eq(clients.userId, userGroups.ownerId))
      .innerJoin(users, eq(users.id, userGroupMemberships.userId))
      .where(
        and(
          inArray(clients.id, clientIds),
          eq(userGroupMemberships.isActive, true),
          eq(userGroups.isActive, true),
        ),
      ),
  ]);
  const sellerOf = new Map(sellers.map((row) => [row.clientId, toRecipient(row)]));
  for (const task of datedTasks) {
    const list: { task: DatedTask; recipient: ReminderRecipient }[] = [];
    const seller = sellerOf.get(task.clientId);
    if (seller) list.push({ task, recipient: seller });
    for (const row of members) {
      if (row.clientId !== task.clientId || row.userId === seller?.userId) continue;
      // A member's client phone is the seller's, not theirs.
      const member = toRecipient({ ...row, clientPhone: null });
      if (isAssignedTo(task.assignedTo, member)) list.push({ task, recipient: member });
    }
    byTask.set(`${task.source}:${task.id}`, list);
  }
  return byTask;
}
