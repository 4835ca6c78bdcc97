import { relations, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgSchema, text, unique } from 'drizzle-orm/pg-core';
import { agents, users } from './auth.ts';
import {
  deadLettersTable,
  id,
  oneOf,
  outboxTable,
  processedEventsTable,
  timestamps,
  timestamptz,
} from './common.ts';
import {
  CLIENT_TASK_STATUSES,
  CONTACT_METHODS,
  GROUP_ROLES,
  STAGE_PROGRESS_STATUSES,
  TASK_CATEGORIES,
  TASK_KINDS,
  TASK_PRIORITIES,
  INVITE_CODE_LENGTH,
  MESSAGE_CHANNELS,
  REMINDER_STATUSES,
  REMINDER_TASK_SOURCES,
} from '@listready/contracts';

/**
 * Owned by services/journey: the seeded journey content (stages, task templates), each client's
 * progress through it, custom tasks, family groups, properties and calendar events.
 * References to other schemas (`auth.users`, `auth.agents`) are plain indexed ids, not foreign
 * keys: each service owns its schema and could move to its own database (see README.md).
 */
export const journeySchema = pgSchema('journey');

/** Re-exported for the schema's users; declared once in libs/contracts (enums.ts). */
export {
  CLIENT_TASK_STATUSES,
  GROUP_ROLES,
  STAGE_PROGRESS_STATUSES,
  TASK_CATEGORIES,
  TASK_KINDS,
  TASK_PRIORITIES as PRIORITIES,
  INVITE_CODE_LENGTH,
};
export type Priority = (typeof TASK_PRIORITIES)[number];
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
export type ClientTaskStatus = (typeof CLIENT_TASK_STATUSES)[number];
export type StageProgressStatus = (typeof STAGE_PROGRESS_STATUSES)[number];
export type GroupRole = (typeof GROUP_ROLES)[number];
/** Notes are shared with the family group; the spec caps them at 500 characters. */
export const NOTES_MAX_LENGTH = 500;

export const journeyStages = journeySchema.table(
  'journey_stages',
  {
    /** Seeded stages use their slug as id, so the seed is an idempotent upsert. */
    id: id(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    /** A lucide-react icon name. */
    icon: text(),
    orderIndex: integer().notNull(),
    pointsValue: integer().notNull().default(100),
    estimatedDays: integer(),
    /** True only for Ready to Show!!: a repeatable checklist outside progress and stage completion. */
    excludedFromProgress: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('journey_stages_order_index_idx').on(t.orderIndex)],
);

/** Task templates: every client gets a `client_tasks` row per template it works on. */
export const tasks = journeySchema.table(
  'tasks',
  {
    id: id(),
    slug: text().notNull().unique(),
    stageId: text()
      .notNull()
      .references(() => journeyStages.id),
    kind: text({ enum: TASK_KINDS }).notNull().default('standard'),
    title: text().notNull(),
    description: text(),
    category: text({ enum: TASK_CATEGORIES }),
    estimatedHours: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull().default(1),
    priority: text({ enum: TASK_PRIORITIES }).notNull().default('medium'),
    isOptional: boolean().notNull().default(false),
    orderIndex: integer().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('tasks_stage_id_order_index_idx').on(t.stageId, t.orderIndex),
    oneOf('tasks_kind_check', t.kind, TASK_KINDS),
    oneOf('tasks_category_check', t.category, TASK_CATEGORIES),
    oneOf('tasks_priority_check', t.priority, TASK_PRIORITIES),
  ],
);

export const properties = journeySchema.table(
  'properties',
  {
    id: id(),
    /** auth.agents.id; null while the seller has no agent yet. */
    agentId: text(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    propertyType: text().notNull(),
    bedrooms: integer(),
    bathrooms: integer(),
    squareFootage: integer(),
    ...timestamps,
  },
  (t) => [index('properties_agent_id_idx').on(t.agentId)],
);

export const clients = journeySchema.table(
  'clients',
  {
    id: id(),
    /** auth.users.id of the seller: one client row per seller account. */
    userId: text().notNull().unique('clients_user_id_unique'),
    /** auth.agents.id; null until the seller is connected to an agent. */
    agentId: text(),
    propertyId: text().references(() => properties.id, { onDelete: 'set null' }),
    phone: text(),
    preferredContact: text({ enum: CONTACT_METHODS }).notNull().default('email'),
    ...timestamps,
  },
  (t) => [
    index('clients_agent_id_idx').on(t.agentId),
    index('clients_property_id_idx').on(t.propertyId),
    oneOf('clients_preferred_contact_check', t.preferredContact, CONTACT_METHODS),
  ],
);

export const clientTasks = journeySchema.table(
  'client_tasks',
  {
    id: id(),
    clientId: text()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    taskId: text()
      .notNull()
      .references(() => tasks.id),
    status: text({ enum: CLIENT_TASK_STATUSES }).notNull().default('not_started'),
    /** Free-text family member name. */
    assignedTo: text(),
    /** 'YYYY-MM-DD' (DESIGN.md §5). */
    dueDate: date({ mode: 'string' }),
    completedAt: timestamptz(),
    /** auth.users.id of who completed it: the seller or a member of their household. */
    completedBy: text(),
    notes: text(),
    /** The seller's own priority for this task; null means the template's priority. */
    priority: text({ enum: TASK_PRIORITIES }),
    /** auth.users.id of who changed it last. */
    updatedBy: text(),
    ...timestamps,
  },
  (t) => [
    unique('client_tasks_client_id_task_id_unique').on(t.clientId, t.taskId),
    index('client_tasks_task_id_idx').on(t.taskId),
    // The reminder scheduler's tick: open tasks due in the next day or two (only dated rows).
    index('client_tasks_due_date_idx')
      .on(t.dueDate)
      .where(sql`${t.dueDate} is not null`),
    oneOf('client_tasks_status_check', t.status, CLIENT_TASK_STATUSES),
    oneOf('client_tasks_priority_check', t.priority, TASK_PRIORITIES),
    check(
      'client_tasks_notes_length_check',
      sql`char_length(${t.notes}) <= ${sql.raw(String(NOTES_MAX_LENGTH))}`,
    ),
  ],
);

export const clientProgress = journeySchema.table(
  'client_progress',
  {
    id: id(),
    clientId: text()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    stageId: text()
      .notNull()
      .references(() => journeyStages.id),
    status: text({ enum: STAGE_PROGRESS_STATUSES }).notNull().default('locked'),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    pointsEarned: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('client_progress_client_id_stage_id_unique').on(t.clientId, t.stageId),
    index('client_progress_stage_id_idx').on(t.stageId),
    oneOf('client_progress_status_check', t.status, STAGE_PROGRESS_STATUSES),
  ],
);

export const customTasks = journeySchema.table(
  'custom_tasks',
  {
    id: id(),
    clientId: text()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    stageId: text().references(() => journeyStages.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text(),
    priority: text({ enum: TASK_PRIORITIES }).notNull().default('medium'),
    /** Free text in the spec (default 'pending'), so no check constraint. */
    status: text().notNull().default('pending'),
    dueDate: date({ mode: 'string' }),
    assignedTo: text(),
    /** auth.users.id of who created it, who completed it and who changed it last. */
    createdBy: text(),
    completedBy: text(),
    updatedBy: text(),
    ...timestamps,
  },
  (t) => [
    index('custom_tasks_client_id_idx').on(t.clientId),
    index('custom_tasks_stage_id_idx').on(t.stageId),
    index('custom_tasks_due_date_idx')
      .on(t.dueDate)
      .where(sql`${t.dueDate} is not null`),
    oneOf('custom_tasks_priority_check', t.priority, TASK_PRIORITIES),
  ],
);

/**
 * The ids of deleted custom tasks, kept with their journey: a creation of one sent again (by a
 * seller's device whose first answer was lost, after the task was deleted) must not make it again.
 */
export const deletedCustomTasks = journeySchema.table(
  'deleted_custom_tasks',
  {
    id: text().primaryKey(),
    clientId: text()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deletedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('deleted_custom_tasks_client_id_idx').on(t.clientId)],
);

export const userGroups = journeySchema.table(
  'user_groups',
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    /** auth.users.id of the creator. */
    ownerId: text().notNull(),
    /** 8 characters, upper case (e.g. 'K7P2QX9M'). */
    inviteCode: text().notNull().unique('user_groups_invite_code_unique'),
    maxMembers: integer().notNull().default(10),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('user_groups_owner_id_idx').on(t.ownerId),
    check(
      'user_groups_invite_code_length_check',
      sql`char_length(${t.inviteCode}) = ${sql.raw(String(INVITE_CODE_LENGTH))}`,
    ),
  ],
);

export const userGroupMemberships = journeySchema.table(
  'user_group_memberships',
  {
    id: id(),
    groupId: text()
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    /** auth.users.id of the member. */
    userId: text().notNull(),
    role: text({ enum: GROUP_ROLES }).notNull().default('member'),
    joinedAt: timestamptz().notNull().defaultNow(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [
    unique('user_group_memberships_group_id_user_id_unique').on(t.groupId, t.userId),
    index('user_group_memberships_user_id_idx').on(t.userId),
    oneOf('user_group_memberships_role_check', t.role, GROUP_ROLES),
  ],
);

export const calendarEvents = journeySchema.table(
  'calendar_events',
  {
    id: id(),
    /** auth.users.id of the owner. */
    userId: text().notNull(),
    /** A client task (not a template). */
    taskId: text().references(() => clientTasks.id, { onDelete: 'cascade' }),
    customTaskId: text().references(() => customTasks.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    startTime: timestamptz().notNull(),
    endTime: timestamptz(),
    isAllDay: boolean().notNull().default(false),
    reminderMinutes: integer().notNull().default(60),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_user_id_start_time_idx').on(t.userId, t.startTime),
    index('calendar_events_task_id_idx').on(t.taskId),
    index('calendar_events_custom_task_id_idx').on(t.customTaskId),
    // One row per person and task: a person's own reminder time for it (journey's task-reminders.ts
    // upserts on these). Rows without a task are distinct, as NULLs are in a unique constraint.
    unique('calendar_events_user_id_task_id_unique').on(t.userId, t.taskId),
    unique('calendar_events_user_id_custom_task_id_unique').on(t.userId, t.customTaskId),
  ],
);

/**
 * A person's private calendar feed (issue 19). The address's token is this row's random id and a
 * MAC of it under a key derived from the session secret, so the row alone opens nothing and the
 * screen can show the address again; regenerating deletes the row and makes another (revoked).
 */
export const calendarFeeds = journeySchema.table('calendar_feeds', {
  id: id(),
  /** auth.users.id of the person: a seller, a household member or an agent; one feed each. */
  userId: text().notNull().unique('calendar_feeds_user_id_unique'),
  createdAt: timestamptz().notNull().defaultNow(),
});

/**
 * One reminder of one task's due date to one person on one channel. The unique key is the
 * "sent once" marker every scheduler replica inserts with ON CONFLICT DO NOTHING; delivery claims
 * pending rows with FOR UPDATE SKIP LOCKED, so two replicas never send the same row.
 * `taskId` is a client task's or a custom task's id (see `taskSource`), not a foreign key: a
 * reminder of a deleted task is skipped, and its row kept as the record of what was sent.
 */
export const reminderDeliveries = journeySchema.table(
  'reminder_deliveries',
  {
    id: id(),
    /** auth.users.id of the recipient. */
    userId: text().notNull(),
    taskSource: text({ enum: REMINDER_TASK_SOURCES }).notNull(),
    taskId: text().notNull(),
    /** The due date reminded of: moving the task makes a new reminder. */
    dueDate: date({ mode: 'string' }).notNull(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    /** When it was due to go: the start of the due day in the recipient's zone, less the reminder minutes. */
    remindAt: timestamptz().notNull(),
    status: text({ enum: REMINDER_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull(),
    sentAt: timestamptz(),
    lastError: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    unique('reminder_deliveries_once_unique').on(t.userId, t.taskSource, t.taskId, t.dueDate, t.channel),
    index('reminder_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    oneOf('reminder_deliveries_task_source_check', t.taskSource, REMINDER_TASK_SOURCES),
    oneOf('reminder_deliveries_channel_check', t.channel, MESSAGE_CHANNELS),
    oneOf('reminder_deliveries_status_check', t.status, REMINDER_STATUSES),
  ],
);

/**
 * One SMS reply to a reminder (issue 19, "Actionable SMS"), keyed by Twilio's MessageSid: the row is
 * taken before the reply acts, so a retried webhook (same sid) changes nothing twice and gets the
 * first answer again. `reminderId` is the reminder acted on (none: unknown number or no reminder).
 */
export const smsReplies = journeySchema.table('sms_replies', {
  messageSid: text().primaryKey(),
  reminderId: text(),
  /** The answer sent back (TwiML's message); null while the reply is being handled. */
  answer: text(),
  receivedAt: timestamptz().notNull().defaultNow(),
});

export const journeyOutbox = outboxTable(journeySchema);
export const journeyProcessedEvents = processedEventsTable(journeySchema);
export const journeyDeadLetters = deadLettersTable(journeySchema);

export const journeyStagesRelations = relations(journeyStages, ({ many }) => ({
  tasks: many(tasks),
  clientProgress: many(clientProgress),
  customTasks: many(customTasks),
}));

export const tasksRelations = relations(tasks, ({ one, many }) => ({
  stage: one(journeyStages, { fields: [tasks.stageId], references: [journeyStages.id] }),
  clientTasks: many(clientTasks),
}));

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  agent: one(agents, { fields: [properties.agentId], references: [agents.id] }),
  clients: many(clients),
}));

export const clientsRelations = relations(clients, ({ one, many }) => ({
  user: one(users, { fields: [clients.userId], references: [users.id] }),
  agent: one(agents, { fields: [clients.agentId], references: [agents.id] }),
  property: one(properties, { fields: [clients.propertyId], references: [properties.id] }),
  tasks: many(clientTasks),
  progress: many(clientProgress),
  customTasks: many(customTasks),
}));

export const clientTasksRelations = relations(clientTasks, ({ one, many }) => ({
  client: one(clients, { fields: [clientTasks.clientId], references: [clients.id] }),
  task: one(tasks, { fields: [clientTasks.taskId], references: [tasks.id] }),
  calendarEvents: many(calendarEvents),
}));

export const clientProgressRelations = relations(clientProgress, ({ one }) => ({
  client: one(clients, { fields: [clientProgress.clientId], references: [clients.id] }),
  stage: one(journeyStages, { fields: [clientProgress.stageId], references: [journeyStages.id] }),
}));

export const customTasksRelations = relations(customTasks, ({ one, many }) => ({
  client: one(clients, { fields: [customTasks.clientId], references: [clients.id] }),
  stage: one(journeyStages, { fields: [customTasks.stageId], references: [journeyStages.id] }),
  calendarEvents: many(calendarEvents),
}));

export const userGroupsRelations = relations(userGroups, ({ one, many }) => ({
  owner: one(users, { fields: [userGroups.ownerId], references: [users.id] }),
  memberships: many(userGroupMemberships),
}));

export const userGroupMembershipsRelations = relations(userGroupMemberships, ({ one }) => ({
  group: one(userGroups, { fields: [userGroupMemberships.groupId], references: [userGroups.id] }),
  user: one(users, { fields: [userGroupMemberships.userId], references: [users.id] }),
}));

export const calendarEventsRelations = relations(calendarEvents, ({ one }) => ({
  user: one(users, { fields: [calendarEvents.userId], references: [users.id] }),
  clientTask: one(clientTasks, { fields: [calendarEvents.taskId], references: [clientTasks.id] }),
  customTask: one(customTasks, {
    fields: [calendarEvents.customTaskId],
    references: [customTasks.id],
  }),
}));
