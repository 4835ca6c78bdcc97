import { z } from 'zod';
import { CURRENT_AGENT_ID } from '../agent-address.ts';
import { CONTACT_METHODS, STAGE_PROGRESS_STATUSES, TASK_CATEGORIES, TASK_KINDS } from '../enums.ts';
import { completedBySchema } from './groups.ts';
import { taskPrioritySchema, taskViewStatusSchema } from './requests.ts';

/** Answer shapes of the journey calls (seller spec §3, agent spec §2–§3). Browser-safe. */

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

export const taskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof taskKindSchema>;
export const taskCategorySchema = z.enum(TASK_CATEGORIES);

/** How a stage shows: locked (dimmed, lock icon), in_progress (clock), completed (check). */
export const STAGE_STATUSES = ['locked', 'in_progress', 'completed'] as const;
export const stageStatusSchema = z.enum(STAGE_STATUSES);
export type StageStatus = z.infer<typeof stageStatusSchema>;
/** Stored stage progress also knows `available` (spec data model); the service does not write it. */
export const stageProgressStatusSchema = z.enum(STAGE_PROGRESS_STATUSES);

/** The stage as each task entry carries it (the journey call has the full stage). */
export const taskStageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  orderIndex: z.int(),
  /** True for Ready to Show!!: a repeatable checklist outside progress and stage completion. */
  excludedFromProgress: z.boolean(),
});
export type TaskStage = z.infer<typeof taskStageSchema>;

export const taskTemplateSchema = z.object({
  id: z.string(),
  slug: z.string(),
  stageId: z.string(),
  /** predefined: a stage's built-in task; checklist: an assessment area or Ready to Show!! item; standard: ours. */
  kind: taskKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  category: taskCategorySchema.nullable(),
  estimatedHours: z.number(),
  /** The default priority; the seller's own is `clientTask.priority`. */
  priority: taskPrioritySchema,
  isOptional: z.boolean(),
  orderIndex: z.int(),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

/** The seller's copy of a task template. */
export const clientTaskSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  status: taskViewStatusSchema,
  dueDate: isoDate.nullable(),
  assignedTo: z.string().nullable(),
  /** Shared with the seller's group; at most 500 characters. */
  notes: z.string().nullable(),
  /** The seller's priority when set, else the template's. */
  priority: taskPrioritySchema,
  completedAt: isoDateTime.nullable(),
  /** Who completed it: the seller or a member of their household (null while pending). */
  completedBy: completedBySchema,
  updatedAt: isoDateTime,
});
export type ClientTask = z.infer<typeof clientTaskSchema>;

/**
 * One entry of GET /api/clients/current/tasks (and the answer of PUT /api/client-tasks/{id}).
 * `id` is the client task's id (the one to PUT). `canEditDetails`: assignee and priority may be
 * changed (predefined tasks); otherwise the task can only be rescheduled.
 */
export const taskEntrySchema = z.object({
  id: z.string(),
  taskTemplate: taskTemplateSchema,
  clientTask: clientTaskSchema,
  stage: taskStageSchema,
  canEditDetails: z.boolean(),
});
export type TaskEntry = z.infer<typeof taskEntrySchema>;
/**
 * GET /api/clients/current/tasks: every task of the seeded journey, ordered: incomplete first, then
 * priority high → low, then due date soonest (undated last), then stage and template order.
 */
export const taskEntriesSchema = z.array(taskEntrySchema);

export const journeyStageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The stage's display title (its name). */
  title: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  orderIndex: z.int(),
  excludedFromProgress: z.boolean(),
  status: stageStatusSchema,
  completedTasks: z.int(),
  totalTasks: z.int(),
});
export type JourneyStage = z.infer<typeof journeyStageSchema>;

export const stageProgressSchema = z.object({
  stageId: z.string(),
  status: stageProgressStatusSchema,
  startedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  pointsEarned: z.int(),
});
export type StageProgress = z.infer<typeof stageProgressSchema>;

/** The Today's Priority card: a journey task (`source: 'task'`) or a custom task (`'custom'`). */
export const todaysPrioritySchema = z.object({
  source: z.enum(['task', 'custom']),
  /** The client task id or the custom task id. */
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  stageId: z.string().nullable(),
  stageName: z.string().nullable(),
  priority: taskPrioritySchema,
  dueDate: isoDate,
  /** Hours the task takes; 1 when unknown. */
  estimatedHours: z.number(),
});
export type TodaysPriority = z.infer<typeof todaysPrioritySchema>;

/** The Your Home Sale Journey card: percent, "X of Y tasks completed", "N remaining". */
export const journeySummarySchema = z.object({
  percent: z.int().min(0).max(100),
  completedTasks: z.int(),
  totalTasks: z.int(),
  remainingTasks: z.int(),
  /** The stage in progress (null once every stage is completed). */
  currentStageId: z.string().nullable(),
  /** The first incomplete task due today (seller's time zone) outside Ready to Show!!, or null. */
  todaysPriority: todaysPrioritySchema.nullable(),
  /** Today in the seller's time zone (YYYY-MM-DD): what "due today" was measured against. */
  today: isoDate,
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

/** GET /api/clients/current/journey */
export const journeyResponseSchema = z.object({
  stages: z.array(journeyStageSchema),
  progress: z.array(stageProgressSchema),
  summary: journeySummarySchema,
});
export type JourneyResponse = z.infer<typeof journeyResponseSchema>;

/** A custom task (GET/POST/PUT /api/clients/current/custom-tasks…). */
export const customTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  priority: taskPrioritySchema,
  status: taskViewStatusSchema,
  dueDate: isoDate.nullable(),
  assignedTo: z.string().nullable(),
  stageId: z.string().nullable(),
  /** Who completed it: the seller or a member of their household (null while pending). */
  completedBy: completedBySchema,
  /** Always true: the list shows custom tasks with a custom flag. */
  custom: z.literal(true),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CustomTask = z.infer<typeof customTaskSchema>;
/** GET /api/clients/current/custom-tasks, ordered like the journey's tasks. */
export const customTasksSchema = z.array(customTaskSchema);

/** GET /api/clients/current/profile (clients only). */
export const clientProfileSchema = z.object({
  client: z.object({
    id: z.string(),
    userId: z.string(),
    phone: z.string().nullable(),
    preferredContact: z.enum(CONTACT_METHODS),
    agentId: z.string().nullable(),
    propertyId: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
  property: z
    .object({
      id: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      propertyType: z.string(),
      bedrooms: z.int().nullable(),
      bathrooms: z.int().nullable(),
      squareFootage: z.int().nullable(),
    })
    .nullable(),
  /** The linked agent for the banner (Call <name>, Email Agent when there is an e-mail), or null. */
  agent: z
    .object({
      id: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** GET /api/agents/{agentId}/stats: the stats strip. */
export const agentStatsSchema = z.object({
  activeClients: z.int(),
  /** Rounded mean of the clients' progress percents (0 with no clients). */
  avgProgress: z.int().min(0).max(100),
  /** Incomplete tasks due today (each seller's time zone), outside Ready to Show!!. */
  tasksDue: z.int(),
  /** Clients with every stage before Go Live and Show completed (Ready to Show!!, a checklist, never completes). */
  readyToList: z.int(),
});
export type AgentStats = z.infer<typeof agentStatsSchema>;

/** One row of GET /api/agents/{agentId}/clients. Last activity is `client.updatedAt`. */
export const agentClientRowSchema = z.object({
  client: z.object({ id: z.string(), updatedAt: isoDateTime }),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** The client's phone (their client record's, else their account's), for the Call action; null: none. */
    phone: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  property: z.object({ address: z.string(), city: z.string(), state: z.string() }).nullable(),
  /** As the seller's journey shows it: rounded completed over all tasks outside Ready to Show!!. */
  progressPercentage: z.int().min(0).max(100),
  /** The stage in progress; null once every counted stage is completed. */
  currentStage: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() }).nullable(),
});
export type AgentClientRow = z.infer<typeof agentClientRowSchema>;
export const agentClientRowsSchema = z.array(agentClientRowSchema);
/** GET: the signed-in agent's clients, as their dashboard lists them (the agent named `current`). */
export const AGENT_CLIENTS_URL = `/api/agents/${CURRENT_AGENT_ID}/clients`;
/** A client as the agent's screens name them: their full name, else their e-mail (a seller always has one). */
export const agentClientName = (row: AgentClientRow): string =>
  `${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email;
