import { z } from 'zod';

/**
 * GET /api/agents/{agentId}/insights (issue 19, item 3): which of the agent's clients are stalled
 * and why, when each is likely to be ready to list at their own pace, and how many homes are at
 * each stage. Browser-safe: the agent dashboard parses the answer with it.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** Why a client is flagged as stalled; a client may have both reasons. */
export const stalledReasonSchema = z.discriminatedUnion('kind', [
  /** Nothing done on the journey (a task, a note, a custom task) for `days` whole days. */
  z.object({ kind: z.literal('inactive'), days: z.int().min(0) }),
  /**
   * `tasks` open tasks (journey and custom, outside Ready to Show!!) due before the client's own
   * today; `oldestDueDate` is the earliest of them.
   */
  z.object({ kind: z.literal('overdue'), tasks: z.int().min(1), oldestDueDate: isoDate }),
]);
export type StalledReason = z.infer<typeof stalledReasonSchema>;

/**
 * The forecast list-ready date. `ready`: every stage before Go Live and Show is completed.
 * `projected`: the client's today plus the remaining required tasks of those stages divided by
 * their pace (required tasks of those stages completed in the pace window, per day).
 * `not-enough-activity`: no such completion in the window, so no honest date.
 */
export const readinessForecastSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready') }),
  z.object({
    status: z.literal('projected'),
    date: isoDate,
    remainingTasks: z.int().min(1),
    /** Completions per week over the window, to one decimal. */
    tasksPerWeek: z.number().min(0),
  }),
  z.object({ status: z.literal('not-enough-activity'), remainingTasks: z.int().min(1) }),
]);
export type ReadinessForecast = z.infer<typeof readinessForecastSchema>;

export const clientInsightSchema = z.object({
  clientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The home's street address, when the client has a property. */
  address: z.string().nullable(),
  /** The client's last activity (the same as the clients tab's). */
  lastActivityAt: isoDateTime,
  /** The counted stage in progress; null once every counted stage is completed. */
  currentStage: z.object({ id: z.string(), name: z.string() }).nullable(),
  forecast: readinessForecastSchema,
  /** Empty when the client is not stalled. */
  stalledReasons: z.array(stalledReasonSchema),
});
export type ClientInsight = z.infer<typeof clientInsightSchema>;

export const pipelineStageSchema = z.object({
  /** A counted stage (Ready to Show!!, a checklist, is no step of the pipeline); null: all done. */
  stage: z.object({ id: z.string(), name: z.string() }).nullable(),
  homes: z.int().min(0),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const agentInsightsSchema = z.object({
  /** The rules the figures follow, so the screen can say them. */
  rules: z.object({
    /** A client with nothing done for this many days is stalled. */
    stalledAfterDays: z.int().min(1),
    /** The pace is measured over at most this many days. */
    paceWindowDays: z.int().min(1),
  }),
  /** Every client of the agent: stalled ones first (longest inactive, then most overdue), then by name. */
  clients: z.array(clientInsightSchema),
  /** Every counted stage in journey order with its number of homes, then the finished homes. */
  pipeline: z.array(pipelineStageSchema),
});
export type AgentInsights = z.infer<typeof agentInsightsSchema>;
