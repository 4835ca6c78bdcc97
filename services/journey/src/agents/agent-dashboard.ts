import { and, between, count, desc, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import {
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
  todayIn,
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
 * The agent dashboard's stats strip and clients tab. Set-based: five statements whatever the
 * number of clients — the ownership check, then at once the clients, their completed tasks per
 * stage, and their open tasks and custom tasks due around today — each reaching the rows through
 * `clients.agent_id`. The counts then go through the seller journey's own rules
 * (`stageStatesOfTallies`, `progressOfCompleted`), so the agent sees what the seller sees.
 */
export function createAgentDashboard(options: {
  db: Db;
  content: () => Promise<JourneyContent>;
  clock: Clock;
}) {
  const { db, clock } = options;

  /** `agentId` when it is the signed-in user's agent account; 403 otherwise (another's, or none). */
  async function ownAgent(userId: string, agentId: string): Promise<string> {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.id, agentId), eq(agents.userId, userId)))
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
    const countedStageIds = content.countedStages.map((stage) => stage.id);
    const excludedStageIds = content.stages
      .filter((stage) => stage.excludedFromProgress)
      .map((stage) => stage.id);

    // Every time zone's today lies within a day of UTC's: read the open tasks dated in that window,
    // counted per client and date, and keep each client's own today below.
    const now = clock();
    const window = [
      utcDate(new Date(now.getTime() - DAY_MS)),
      utcDate(new Date(now.getTime() + DAY_MS)),
    ] as const;
    const ofAgent = eq(clients.agentId, agentId);

    const [clientList, completed, dueTasks, dueCustomTasks] = await Promise.all([
      listing,
      db
        .select({
          clientId: clientTasks.clientId,
          stageId: tasks.stageId,
          isOptional: tasks.isOptional,
          count: count(),
        })
        .from(clientTasks)
        .innerJoin(clients, eq(clients.id, clientTasks.clientId))
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(and(ofAgent, eq(clientTasks.status, 'completed')))
        .groupBy(clientTasks.clientId, tasks.stageId, tasks.isOptional),
      db
        .select({ clientId: clientTasks.clientId, dueDate: clientTasks.dueDate, count: count() })
        .from(clientTasks)
        .innerJoin(clients, eq(clients.id, clientTasks.clientId))
        .innerJoin(tasks, eq(tasks.id, clientTasks.taskId))
        .where(
          and(
            ofAgent,
            ne(clientTasks.status, 'completed'),
            between(clientTasks.dueDate, ...window),
            inArray(tasks.stageId, countedStageIds),
          ),
        )
        .groupBy(clientTasks.clientId, clientTasks.dueDate),
      db
        .select({ clientId: customTasks.clientId, dueDate: customTasks.dueDate, count: count() })
        .from(customTasks)
        .innerJoin(clients, eq(clients.id, customTasks.clientId))
        .where(
          and(
            ofAgent,
            ne(customTasks.status, 'completed'),
            between(customTasks.dueDate, ...window),
            or(isNull(customTasks.stageId), notInArray(customTasks.stageId, excludedStageIds)),
          ),
        )
        .groupBy(customTasks.clientId, customTasks.dueDate),
    ]);

    const tallies = new Map<string, Map<string, StageTally>>();
    for (const row of completed) {
      const ofClient = tallies.get(row.clientId) ?? new Map<string, StageTally>();
      const tally = ofClient.get(row.stageId) ?? { completed: 0, requiredCompleted: 0 };
      tally.completed += row.count;
      if (!row.isOptional) tally.requiredCompleted += row.count;
      ofClient.set(row.stageId, tally);
      tallies.set(row.clientId, ofClient);
    }

    // Today once per time zone (a handful), not once per client.
    const todayByZone = new Map<string | null, string>();
    const todayOf = new Map<string, string>();
    for (const client of clientList) {
      let today = todayByZone.get(client.timezone);
      if (today === undefined) todayByZone.set(client.timezone, (today = todayIn(client.timezone, now)));
      todayOf.set(client.id, today);
    }
    const due = new Map<string, number>();
    for (const row of [...dueTasks, ...dueCustomTasks]) {
      if (row.dueDate !== todayOf.get(row.clientId)) continue;
      due.set(row.clientId, (due.get(row.clientId) ?? 0) + row.count);
    }

    const counted = new Set(countedStageIds);
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
