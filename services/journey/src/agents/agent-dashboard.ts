import { and, between, count, desc, eq, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CURRENT_AGENT_ID,
  JourneyErrorCode,
  journeyMessages,
  type AgentClientRow,
  type AgentStats,
} from '@listready/contracts';
import { agents, clients, clientTasks, customTasks, properties, tasks, users, type Db } from '@listready/db';
import { HttpError } from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import {
  currentStage,
  progressOfCompleted,
  stageStatesOfTallies,
  todayOfClients,
  type StageTally,
} from '../rules/journey-rules.ts';

/** Another agent's id, or one that names no agent: the same answer, so ids do not leak. */
export class NotYourAgentAccountError extends HttpError {
  constructor() {
    super(403, JourneyErrorCode.notYourAgentAccount, journeyMessages.notYourAgentAccount);
    this.name = 'NotYourAgentAccountError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count(*) FILTER (WHERE …)`: the query builder has no word for an aggregate's filter. */
const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** One client of the agent as the dashboard needs them, before their journey figures. */
interface ClientBasics {
  id: string;
  /** auth.users.timezone of the seller: "due today" is their today. */
  timezone: string | null;
}

/** A client's journey figures, by the rules the seller's own journey uses. */
interface JourneyFigures {
  progressPercentage: number;
  currentStage: { id: string; name: string; icon: string | null } | null;
  readyToList: boolean;
  tasksDueToday: number;
}

/**
 * The agent dashboard's stats strip and clients tab. Set-based: four statements whatever the
 * number of clients — the ownership check, then at once the clients, one grouped pass over their
 * task rows (completed tasks, and open tasks due around today, per stage) and their custom tasks
 * due around today — each reaching the rows through `clients.agent_id`. The counts then go through
 * the seller journey's own rules (`stageStatesOfTallies`, `progressOfCompleted`), so the agent
 * sees what the seller sees.
 */
export function createAgentDashboard(options: {
  db: Db;
  content: () => Promise<JourneyContent>;
  clock: Clock;
}) {
  const { db, clock } = options;

  /**
   * `agentId` when it is the signed-in user's agent account (CURRENT_AGENT_ID names it without its
   * id); 403 otherwise (another's, or none).
   */
  async function ownAgent(userId: string, agentId: string): Promise<string> {
    const own = eq(agents.userId, userId);
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(agentId === CURRENT_AGENT_ID ? own : and(eq(agents.id, agentId), own))
      .limit(1);
    if (!agent) throw new NotYourAgentAccountError();
    return agent.id;
  }

  /** The agent's clients (read by `listing`, at the same time as their tasks) and their figures. */
  async function journeyFigures<Client extends ClientBasics>(
    agentId: string,
    listing: Promise<Client[]>,
  ): Promise<{ clientList: Client[]; figures: Map<string, JourneyFigures> }> {
    const figures = new Map<string, JourneyFigures>();
    const content = await options.content();
    const excludedStageIds = content.stages
      .filter((stage) => stage.excludedFromProgress)
      .map((stage) => stage.id);

    // Every time zone's today is UTC's yesterday, today or tomorrow: open tasks due on each of the
    // three are counted apart, and each client keeps the count of their own today below.
    const now = clock();
    const days = [-1, 0, 1].map((offset) => utcDate(new Date(now.getTime() + offset * DAY_MS)));
    const [yesterday = '', today = '', tomorrow = ''] = days;
    const ofAgent = eq(clients.agentId, agentId);
    const openTask = ne(clientTasks.status, 'completed');

    const [clientList, stageCounts, dueCustomTasks] = await Promise.all([
      listing,
      // One pass over the clients' task rows: completed tasks and open tasks due per stage.
      db
        .select({
          clientId: clientTasks.clientId,
          stageId: tasks.stageId,
          isOptional: tasks.isOptional,
          completed: countWhere(eq(clientTasks.status, 'completed')),
          dueYesterday: countWhere(and(openTask, eq(clientTasks.dueDate, yesterday))),
          dueToday: countWhere(and(openTask, eq(clientTasks.dueDate, today))),
          dueTomorrow: countWhere(and(openTask, eq(clientTasks.dueDate, tomorrow))),
        })
        .from(clientTasks)
        .innerJoin(clients, eq(clients.id, clientTasks.clientId))
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(ofAgent)
        .groupBy(clientTasks.clientId, tasks.stageId, tasks.isOptional),
      db
        .select({ clientId: customTasks.clientId, dueDate: customTasks.dueDate, count: count() })
        .from(customTasks)
        .innerJoin(clients, eq(clients.id, customTasks.clientId))
        .where(
          and(
            ofAgent,
            ne(customTasks.status, 'completed'),
            between(customTasks.dueDate, yesterday, tomorrow),
            or(isNull(customTasks.stageId), notInArray(customTasks.stageId, excludedStageIds)),
          ),
        )
        .groupBy(customTasks.clientId, customTasks.dueDate),
    ]);

    const todayOf = todayOfClients(clientList, now);

    const excluded = new Set(excludedStageIds);
    const tallies = new Map<string, Map<string, StageTally>>();
    const due = new Map<string, number>();
    const countDue = (clientId: string, tasksDue: number) => {
      if (tasksDue > 0) due.set(clientId, (due.get(clientId) ?? 0) + tasksDue);
    };
    for (const row of stageCounts) {
      if (row.completed > 0) {
        const ofClient = tallies.get(row.clientId) ?? new Map<string, StageTally>();
        const tally = ofClient.get(row.stageId) ?? { completed: 0, requiredCompleted: 0 };
        tally.completed += row.completed;
        if (!row.isOptional) tally.requiredCompleted += row.completed;
        ofClient.set(row.stageId, tally);
        tallies.set(row.clientId, ofClient);
      }
      // Ready to Show!! items are a checklist, never "due".
      if (excluded.has(row.stageId)) continue;
      const ownDay = days.indexOf(todayOf.get(row.clientId) ?? '');
      countDue(row.clientId, [row.dueYesterday, row.dueToday, row.dueTomorrow][ownDay] ?? 0);
    }
    for (const row of dueCustomTasks) {
      if (row.dueDate === todayOf.get(row.clientId)) countDue(row.clientId, row.count);
    }

    const counted = new Set(content.countedStages.map((stage) => stage.id));
    const preparation = new Set(content.preparationStageIds);
    const noTallies = new Map<string, StageTally>();
    for (const client of clientList) {
      const ofClient = tallies.get(client.id) ?? noTallies;
      const states = stageStatesOfTallies(content, ofClient);
      let completedTasks = 0;
      for (const [stageId, tally] of ofClient) if (counted.has(stageId)) completedTasks += tally.completed;
      const stage = currentStage(states);
      figures.set(client.id, {
        progressPercentage: progressOfCompleted(content, completedTasks).percent,
        currentStage: stage ? { id: stage.id, name: stage.name, icon: stage.icon } : null,
        readyToList: states.every(
          (state) => !preparation.has(state.stage.id) || state.status === 'completed',
        ),
        tasksDueToday: due.get(client.id) ?? 0,
      });
    }
    return { clientList, figures };
  }

  return {
    ownAgent,

    /** GET /api/agents/{agentId}/stats */
    async stats(userId: string, agentId: string): Promise<AgentStats> {
      const id = await ownAgent(userId, agentId);
      const listing = db
        .select({ id: clients.id, timezone: users.timezone })
        .from(clients)
        .leftJoin(users, eq(users.id, clients.userId))
        .where(eq(clients.agentId, id));
      const figures = [...(await journeyFigures(id, listing)).figures.values()];
      const total = figures.reduce((sum, client) => sum + client.progressPercentage, 0);
      return {
        activeClients: figures.length,
        avgProgress: figures.length === 0 ? 0 : Math.round(total / figures.length),
        tasksDue: figures.reduce((sum, client) => sum + client.tasksDueToday, 0),
        readyToList: figures.filter((client) => client.readyToList).length,
      };
    },

    /** GET /api/agents/{agentId}/clients: most recently active first. */
    async clients(userId: string, agentId: string): Promise<AgentClientRow[]> {
      const id = await ownAgent(userId, agentId);
      const listing = db
        .select({
          id: clients.id,
          updatedAt: clients.updatedAt,
          clientPhone: clients.phone,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          userPhone: users.phone,
          profileImageUrl: users.profileImageUrl,
          timezone: users.timezone,
          address: properties.address,
          city: properties.city,
          state: properties.state,
        })
        .from(clients)
        .leftJoin(users, eq(users.id, clients.userId))
        .leftJoin(properties, eq(properties.id, clients.propertyId))
        .where(eq(clients.agentId, id))
        .orderBy(desc(clients.updatedAt), clients.id);
      const { clientList, figures } = await journeyFigures(id, listing);
      return clientList.map((row) => {
        const journey = figures.get(row.id);
        return {
          client: { id: row.id, updatedAt: row.updatedAt.toISOString() },
          user: {
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            email: row.email ?? '',
            // The number the seller gave as a client, else the one they signed up with.
            phone: row.clientPhone || row.userPhone || null,
            profileImageUrl: row.profileImageUrl ?? null,
          },
          property:
            row.address !== null
              ? { address: row.address, city: row.city ?? '', state: row.state ?? '' }
              : null,
          progressPercentage: journey?.progressPercentage ?? 0,
          currentStage: journey?.currentStage ?? null,
        };
      });
    },
  };
}
export type AgentDashboard = ReturnType<typeof createAgentDashboard>;
