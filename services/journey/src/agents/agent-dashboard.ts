import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import {
  JourneyErrorCode,
  journeyMessages,
  type AgentClientRow,
  type AgentStats,
} from '@listready/contracts';
import {
  agents,
  clientProgress,
  clients,
  clientTasks,
  customTasks,
  properties,
  tasks,
  users,
  type Db,
} from '@listready/db';
import { NotFoundError } from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import { percentOf, todayIn } from '../rules/journey-rules.ts';

export class AgentNotFoundError extends NotFoundError {
  constructor() {
    super(journeyMessages.agentNotFound, JourneyErrorCode.agentNotFound);
    this.name = 'AgentNotFoundError';
  }
}

interface ClientFigures {
  row: AgentClientRow;
  readyToList: boolean;
  tasksDueToday: number;
}

/**
 * The agent dashboard's stats strip and clients tab, from the journey's own tables (auth.users
 * and auth.agents are read for names and ownership). Progress comes from the stored stage progress
 * and task states, the same rules as the seller's journey.
 */
export function createAgentDashboard(options: {
  db: Db;
  content: () => Promise<JourneyContent>;
  clock: Clock;
}) {
  const { db, clock } = options;

  /** The agent account `agentId` when it belongs to the signed-in user; 404 otherwise (not yours). */
  async function ownAgent(userId: string, agentId: string): Promise<string> {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
      .limit(1);
    if (!agent) throw new AgentNotFoundError();
    return agent.id;
  }

  async function clientFigures(agentId: string): Promise<ClientFigures[]> {
    const content = await options.content();
    const counted = content.countedStages.map((stage) => stage.id);
    const rows = await db
      .select({
        id: clients.id,
        updatedAt: clients.updatedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        profileImageUrl: users.profileImageUrl,
        timezone: users.timezone,
        address: properties.address,
        city: properties.city,
        state: properties.state,
      })
      .from(clients)
      .leftJoin(users, eq(users.id, clients.userId))
      .leftJoin(properties, eq(properties.id, clients.propertyId))
      .where(eq(clients.agentId, agentId))
      .orderBy(desc(clients.updatedAt));
    if (rows.length === 0) return [];

    // "Due today" is each seller's today, in their own time zone.
    const now = clock();
    const todayOf = new Map(rows.map((row) => [row.id, todayIn(row.timezone, now)]));
    const ids = rows.map((row) => row.id);
    // Set-based: four statements for all the agent's clients, whatever their number.
    const [completedTasks, completedStages, dueTasks, dueCustom] = await Promise.all([
      db
        .select({ clientId: clientTasks.clientId, count: count() })
        .from(clientTasks)
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(
          and(
            inArray(clientTasks.clientId, ids),
            eq(clientTasks.status, 'completed'),
            inArray(tasks.stageId, counted),
          ),
        )
        .groupBy(clientTasks.clientId),
      db
        .select({ clientId: clientProgress.clientId, stageId: clientProgress.stageId })
        .from(clientProgress)
        .where(and(inArray(clientProgress.clientId, ids), eq(clientProgress.status, 'completed'))),
      db
        .select({ clientId: clientTasks.clientId, dueDate: clientTasks.dueDate })
        .from(clientTasks)
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(
          and(
            inArray(clientTasks.clientId, ids),
            ne(clientTasks.status, 'completed'),
            isNotNull(clientTasks.dueDate),
            inArray(tasks.stageId, counted),
          ),
        ),
      db
        .select({
          clientId: customTasks.clientId,
          dueDate: customTasks.dueDate,
          stageId: customTasks.stageId,
        })
        .from(customTasks)
        .where(
          and(
            inArray(customTasks.clientId, ids),
            ne(customTasks.status, 'completed'),
            isNotNull(customTasks.dueDate),
          ),
        ),
    ]);
    const dueCount = new Map<string, number>();
    const countDue = (clientId: string) => dueCount.set(clientId, (dueCount.get(clientId) ?? 0) + 1);
    for (const task of dueTasks) if (task.dueDate === todayOf.get(task.clientId)) countDue(task.clientId);
    for (const task of dueCustom) {
      const excluded = task.stageId ? content.stagesById.get(task.stageId)?.excludedFromProgress : false;
      if (!excluded && task.dueDate === todayOf.get(task.clientId)) countDue(task.clientId);
    }

    const completedCount = new Map(completedTasks.map((row) => [row.clientId, row.count]));
    const stagesDone = new Map<string, Set<string>>();
    for (const { clientId, stageId } of completedStages) {
      stagesDone.set(clientId, (stagesDone.get(clientId) ?? new Set()).add(stageId));
    }

    return rows.map((row) => {
      const completedStages = stagesDone.get(row.id) ?? new Set<string>();
      const current =
        content.countedStages.find((stage) => !completedStages.has(stage.id)) ?? content.countedStages.at(-1);
      return {
        row: {
          client: { id: row.id, updatedAt: row.updatedAt.toISOString() },
          user: {
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            email: row.email ?? '',
            profileImageUrl: row.profileImageUrl ?? null,
          },
          property:
            row.address !== null
              ? { address: row.address, city: row.city ?? '', state: row.state ?? '' }
              : null,
          progressPercentage: percentOf(completedCount.get(row.id) ?? 0, content.countedTemplateCount),
          currentStage: current ? { id: current.id, name: current.name, icon: current.icon } : null,
        },
        readyToList: content.preparationStageIds.every((stageId) => completedStages.has(stageId)),
        tasksDueToday: dueCount.get(row.id) ?? 0,
      };
    });
  }

  return {
    ownAgent,

    async stats(userId: string, agentId: string): Promise<AgentStats> {
      const figures = await clientFigures(await ownAgent(userId, agentId));
      const total = figures.reduce((sum, client) => sum + client.row.progressPercentage, 0);
      return {
        activeClients: figures.length,
        avgProgress: figures.length === 0 ? 0 : Math.round(total / figures.length),
        tasksDue: figures.reduce((sum, client) => sum + client.tasksDueToday, 0),
        readyToList: figures.filter((client) => client.readyToList).length,
      };
    },

    async clients(userId: string, agentId: string): Promise<AgentClientRow[]> {
      const figures = await clientFigures(await ownAgent(userId, agentId));
      return figures.map((client) => client.row);
    },
  };
}
export type AgentDashboard = ReturnType<typeof createAgentDashboard>;
