import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { ClientProfile, JourneyResponse, TodaysPriority } from '@listready/contracts';
import { clientProgress, customTasks, users, type Db } from '@listready/db';
import { JourneyNotReadyError, type ClientRepository } from '../clients/client-repository.ts';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.ts';
import type { JourneyContent } from '../content/journey-content.ts';
import {
  currentStage,
  pickTodaysPriority,
  progressFigures,
  stageStates,
  todayIn,
  toViewStatus,
  type PriorityCandidate,
} from '../rules/journey-rules.ts';
import type { JourneyAccess } from '../households/journey-access.ts';
import type { ClientTaskStore, SellerTasks } from './client-task-store.ts';
import { listTasks, taskEntriesJson } from './task-entries.ts';

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
const gzipAsync = promisify(gzip);

/** A task list ready to send: UTF-8 JSON, and its gzip made once on first demand. */
export interface SerializedTaskList {
  version: string;
  body: Buffer;
  gzipped(): Promise<Buffer>;
}

function serializedTaskList(version: string, json: string): SerializedTaskList {
  const body = Buffer.from(json, 'utf8');
  let compressed: Promise<Buffer> | null = null;
  return { version, body, gzipped: () => (compressed ??= gzipAsync(body, { level: 6 })) };
}

export interface SellerJourneyOptions {
  db: Db;
  /** Task lists kept serialized per seller (0: none); each is checked against its version. */
  taskListCacheSize: number;
  clients: ClientRepository;
  store: ClientTaskStore;
  content: () => Promise<JourneyContent>;
  clock: Clock;
}

/** The seller's reads: task list, journey (stages, progress, summary) and profile. */
export function createSellerJourney(options: SellerJourneyOptions) {
  const { db, clients, store, clock } = options;
  const taskLists =
    options.taskListCacheSize > 0
      ? new LRUCache<string, SerializedTaskList>({ max: options.taskListCacheSize })
      : null;

  /** The journey's tasks; their rows exist from sign-up on (see `consumeUserRegistered`). */
  async function sellerTasks(clientId: string): Promise<SellerTasks> {
    const seller = await store.read(clientId);
    if (!seller) throw new JourneyNotReadyError();
    return seller;
  }

  return {
    sellerTasks,

    /**
     * GET /api/clients/current/tasks as UTF-8 JSON (see `taskEntriesJson`), and gzipped on demand.
     * A seller's list is kept serialized with the version it was read at; a request first reads
     * the version alone (one indexed row) and rebuilds the list only when it moved. Each replica
     * keeps its own lists, and they are never served stale: the version is always read from the
     * database.
     */
    async taskList({ clientId }: JourneyAccess): Promise<SerializedTaskList> {
      const version = await store.version(clientId);
      const cached = version === null ? undefined : taskLists?.get(clientId);
      if (cached && cached.version === version) return cached;
      const content = await options.content();
      const seller = await sellerTasks(clientId);
      const list = serializedTaskList(seller.version, taskEntriesJson(listTasks(content, seller.tasks)));
      taskLists?.set(clientId, list);
      return list;
    },

    /** GET /api/clients/current/journey */
    async journey({ clientId, sellerUserId }: JourneyAccess): Promise<JourneyResponse> {
      const content = await options.content();
      const seller = await sellerTasks(clientId);
      const [customRows, progress, [account]] = await Promise.all([
        db
          .select()
          .from(customTasks)
          .where(eq(customTasks.clientId, clientId))
          .orderBy(asc(customTasks.createdAt)),
        db.select().from(clientProgress).where(eq(clientProgress.clientId, clientId)),
        db.select({ timezone: users.timezone }).from(users).where(eq(users.id, sellerUserId)).limit(1),
      ]);
      const taskStates = seller.tasks.map((task) => ({
        taskId: task.taskId,
        completed: task.status === 'completed',
      }));
      const states = stageStates(content, taskStates);

      // Stored progress follows every task change in the change's transaction; a read never writes.
      const progressByStage = new Map(progress.map((row) => [row.stageId, row]));

      const today = todayIn(account?.timezone, clock());
      const listed = listTasks(content, seller.tasks);
      const candidates: (PriorityCandidate & { card: TodaysPriority })[] = [];
      for (const task of listed) {
        if (task.dueDate !== today) continue;
        candidates.push({
          ...task,
          excluded: task.template.stage.excludedFromProgress,
          card: {
            source: 'task',
            id: task.state.id,
            title: task.template.title,
            description: task.template.description,
            stageId: task.template.stageId,
            stageName: task.template.stage.name,
            priority: task.priority,
            dueDate: today,
            estimatedHours: task.template.estimatedHours || 1,
          },
        });
      }
      for (const custom of customRows) {
        if (custom.dueDate !== today) continue;
        const stage = custom.stageId ? content.stagesById.get(custom.stageId) : undefined;
        candidates.push({
          completed: toViewStatus(custom.status) === 'completed',
          priority: custom.priority,
          dueDate: custom.dueDate,
          excluded: stage?.excludedFromProgress ?? false,
          card: {
            source: 'custom',
            id: custom.id,
            title: custom.title,
            description: custom.description,
            stageId: stage?.id ?? null,
            stageName: stage?.name ?? null,
            priority: custom.priority,
            dueDate: today,
            // Custom tasks have no estimate: the spec's default.
            estimatedHours: 1,
          },
        });
      }
      const figures = progressFigures(content, taskStates);
      return {
        stages: states.map((state) => ({
          id: state.stage.id,
          slug: state.stage.slug,
          name: state.stage.name,
          title: state.stage.name,
          description: state.stage.description,
          icon: state.stage.icon,
          orderIndex: state.stage.orderIndex,
          excludedFromProgress: state.stage.excludedFromProgress,
          status: state.status,
          completedTasks: state.completedTasks,
          totalTasks: state.totalTasks,
        })),
        progress: content.stages.flatMap((stage) => {
          const row = progressByStage.get(stage.id);
          return row
            ? [
                {
                  stageId: stage.id,
                  status: row.status,
                  startedAt: isoOrNull(row.startedAt),
                  completedAt: isoOrNull(row.completedAt),
                  pointsEarned: row.pointsEarned,
                },
              ]
            : [];
        }),
        summary: {
          ...figures,
          currentStageId: currentStage(states)?.id ?? null,
          todaysPriority: pickTodaysPriority(candidates, today)?.card ?? null,
          today,
        },
      };
    },

    /** GET /api/clients/current/profile */
    async profile({ clientId }: JourneyAccess): Promise<ClientProfile> {
      const row = await clients.profile(clientId);
      if (!row) throw new JourneyNotReadyError();
      const { property, agent, agentUser } = row;
      const name = agentUser ? `${agentUser.firstName} ${agentUser.lastName}`.trim() : '';
      return {
        client: {
          id: row.client.id,
          userId: row.client.userId,
          phone: row.client.phone,
          preferredContact: row.client.preferredContact,
          agentId: row.client.agentId,
          propertyId: row.client.propertyId,
          createdAt: row.client.createdAt.toISOString(),
          updatedAt: row.client.updatedAt.toISOString(),
        },
        property: property
          ? {
              id: property.id,
              address: property.address,
              city: property.city,
              state: property.state,
              zipCode: property.zipCode,
              propertyType: property.propertyType,
              bedrooms: property.bedrooms,
              bathrooms: property.bathrooms,
              squareFootage: property.squareFootage,
            }
          : null,
        agent: agent
          ? {
              id: agent.id,
              name: name || 'Your agent',
              phone: agent.phone ?? agentUser?.phone ?? null,
              email: agentUser?.email ?? null,
            }
          : null,
      };
    },
  };
}
export type SellerJourney = ReturnType<typeof createSellerJourney>;
