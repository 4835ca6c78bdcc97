import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CURRENT_AGENT_ID,
  agentClientRowsSchema,
  agentStatsSchema,
  customTaskSchema,
  taskEntriesSchema,
  type TaskEntry,
} from '@listready/contracts';
import { clients, clientTasks, properties } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  startTestJourneyService,
  must,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

/** Stages before Go Live and Show that count (Ready to Show!! is a checklist and never completes). */
const PREPARATION = [
  'initial-assessment',
  'declutter',
  'repairs-maintenance',
  'home-staging',
  'marketing-photography',
];
const COUNTED = [...PREPARATION, 'go-live-and-show', 'contract-to-closing'];

describe('agent stats and client rows', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    // 16:00 UTC: 12:00 on the 15th in New York, 01:00 on the 16th in Tokyo, 06:00 on the 15th in Honolulu.
    journey.setNow(new Date('2030-06-15T16:00:00Z'));
  });
  afterAll(async () => journey.stop());

  const tasksOf = async (user: TestUser) =>
    taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(user) })).json(),
    );
  const byTitle = (entries: TaskEntry[], title: string) =>
    must(entries.find((entry) => entry.taskTemplate.title === title));
  const put = async (user: TestUser, entry: TaskEntry, payload: Record<string, unknown>) => {
    const response = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${entry.id}`,
      payload,
      ...as(user),
    });
    expect(response.statusCode).toBe(200);
  };
  const customTask = async (user: TestUser, payload: Record<string, unknown>) => {
    const response = await journey.app.inject({
      method: 'POST',
      url: '/api/clients/current/custom-tasks',
      payload,
      ...as(user),
    });
    expect(response.statusCode).toBe(201);
    return customTaskSchema.parse(response.json());
  };
  /** Completes every task of these stages through the API (the seller's own path). */
  const completeStages = async (user: TestUser, stageIds: string[]) => {
    for (const entry of (await tasksOf(user)).filter((item) => stageIds.includes(item.stage.id)))
      await put(user, entry, { status: 'completed' });
  };
  const link = async (
    seller: TestUser,
    agent: TestUser,
    extra: { address?: string; phone?: string } = {},
  ) => {
    let propertyId: string | null = null;
    if (extra.address) {
      const [property] = await database.current.db
        .insert(properties)
        .values({
          agentId: agent.agentId,
          address: extra.address,
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
          propertyType: 'house',
        })
        .returning();
      propertyId = must(property).id;
    }
    await database.current.db
      .update(clients)
      .set({ agentId: agent.agentId, propertyId, ...(extra.phone ? { phone: extra.phone } : {}) })
      .where(eq(clients.userId, seller.userId));
  };
  const get = (user: TestUser, agentId: string | null, suffix: 'stats' | 'clients') =>
    journey.app.inject({ url: `/api/agents/${agentId}/${suffix}`, ...as(user) });

  it('counts three clients in three time zones exactly: progress, due today, ready to list', async () => {
    const agent = await journey.signUp('agent');
    expect((await get(agent, agent.agentId, 'stats')).json()).toEqual({
      activeClients: 0,
      avgProgress: 0,
      tasksDue: 0,
      readyToList: 0,
    });
    expect((await get(agent, agent.agentId, 'clients')).json()).toEqual([]);

    const york = await journey.signUp('client', {
      firstName: 'Nora',
      lastName: 'York',
      timezone: 'America/New_York',
      phone: '555-0101',
    });
    const tokyo = await journey.signUp('client', {
      firstName: 'Kenji',
      lastName: 'Tokyo',
      timezone: 'Asia/Tokyo',
      phone: '',
    });
    const honolulu = await journey.signUp('client', {
      firstName: 'Leilani',
      lastName: 'Hono',
      timezone: 'Pacific/Honolulu',
    });
    // Not the agent's: another agent's client and a seller with no agent, with tasks due today.
    const otherAgent = await journey.signUp('agent');
    const elsewhere = await journey.signUp('client', { timezone: 'America/New_York' });
    const alone = await journey.signUp('client', { timezone: 'America/New_York' });
    await link(york, agent, { address: '1 Main St' });
    await link(tokyo, agent);
    await link(honolulu, agent, { phone: '555-0303' });
    await link(elsewhere, otherAgent);
    for (const outsider of [elsewhere, alone]) {
      await put(outsider, byTitle(await tasksOf(outsider), 'Garage'), { dueDate: '2030-06-15' });
      await completeStages(outsider, PREPARATION);
    }

    // York (New York, today the 15th): every stage before Go Live and Show and one Go Live and Show
    // task, 43 of 55 → 78 %. Due today: a Go Live and Show task (counts), the completed one (no), a
    // Ready to Show!! item (no); one due the 16th (no).
    await completeStages(york, PREPARATION);
    const yorkTasks = await tasksOf(york);
    const goLive = yorkTasks.filter((entry) => entry.stage.id === 'go-live-and-show');
    await put(york, must(goLive[0]), { dueDate: '2030-06-15' });
    await put(york, must(goLive[1]), { dueDate: '2030-06-15', status: 'completed' });
    await put(york, byTitle(yorkTasks, 'Pet cleanup'), { dueDate: '2030-06-15' });
    await put(york, must(goLive[2]), { dueDate: '2030-06-16' });

    // Tokyo (today the 16th): 1 of 55 → 2 %. Due today: Curb Appeal and an open custom task (count);
    // Garage due the 15th (yesterday there), Kitchen completed, a completed custom task, a custom task
    // in Ready to Show!! (no).
    const tokyoTasks = await tasksOf(tokyo);
    await put(tokyo, byTitle(tokyoTasks, 'Curb Appeal'), { dueDate: '2030-06-16' });
    await put(tokyo, byTitle(tokyoTasks, 'Garage'), { dueDate: '2030-06-15' });
    await put(tokyo, byTitle(tokyoTasks, 'Kitchen'), { dueDate: '2030-06-16', status: 'completed' });
    await customTask(tokyo, { title: 'Call the stager', dueDate: '2030-06-16' });
    const done = await customTask(tokyo, { title: 'Book the cleaner', dueDate: '2030-06-16' });
    await journey.app.inject({
      method: 'PUT',
      url: `/api/clients/current/custom-tasks/${done.id}`,
      payload: { status: 'completed' },
      ...as(tokyo),
    });
    await customTask(tokyo, { title: 'Buy flowers', dueDate: '2030-06-16', stageId: 'ready-to-show' });

    // Honolulu (today the 15th): every counted task, 55 of 55 → 100 %, no stage in progress.
    // Due today: a Ready to Show!! item (no) and an open custom task (counts); one due the 16th (no).
    await completeStages(honolulu, COUNTED);
    await put(honolulu, byTitle(await tasksOf(honolulu), 'Pet cleanup'), { dueDate: '2030-06-15' });
    await customTask(honolulu, { title: 'Sign the papers', dueDate: '2030-06-15' });
    await customTask(honolulu, { title: 'Hand over the keys', dueDate: '2030-06-16' });

    const stats = await get(agent, agent.agentId, 'stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.headers['cache-control']).toBe('no-store');
    // (78 + 2 + 100) / 3 = 60; due: York 1, Tokyo 2, Honolulu 1; ready: York and Honolulu.
    expect(agentStatsSchema.parse(stats.json())).toEqual({
      activeClients: 3,
      avgProgress: 60,
      tasksDue: 4,
      readyToList: 2,
    });

    const response = await get(agent, agent.agentId, 'clients');
    expect(response.statusCode).toBe(200);
    const rows = agentClientRowsSchema.parse(response.json());
    const clientOf = async (user: TestUser) => must(await journey.clientOf(user.userId));
    const [yorkClient, tokyoClient, honoluluClient] = await Promise.all([
      clientOf(york),
      clientOf(tokyo),
      clientOf(honolulu),
    ]);
    // Most recently active first.
    expect(rows.map((row) => row.user.firstName)).toEqual(
      [
        ['Nora', yorkClient.updatedAt],
        ['Kenji', tokyoClient.updatedAt],
        ['Leilani', honoluluClient.updatedAt],
      ]
        .sort((a, b) => Number(b[1]) - Number(a[1]))
        .map(([name]) => name),
    );
    const row = (firstName: string) => must(rows.find((item) => item.user.firstName === firstName));
    expect(row('Nora')).toEqual({
      client: { id: yorkClient.id, updatedAt: yorkClient.updatedAt.toISOString() },
      user: {
        firstName: 'Nora',
        lastName: 'York',
        email: york.email,
        phone: '555-0101',
        profileImageUrl: null,
      },
      property: { address: '1 Main St', city: 'Springfield', state: 'IL' },
      progressPercentage: 78,
      currentStage: { id: 'go-live-and-show', name: 'Go Live and Show', icon: 'DoorOpen' },
    });
    expect(row('Kenji')).toEqual({
      client: { id: tokyoClient.id, updatedAt: tokyoClient.updatedAt.toISOString() },
      // No phone anywhere: the Call action is off.
      user: { firstName: 'Kenji', lastName: 'Tokyo', email: tokyo.email, phone: null, profileImageUrl: null },
      property: null,
      progressPercentage: 2,
      currentStage: { id: 'initial-assessment', name: 'Initial Assessment', icon: 'ClipboardCheck' },
    });
    // The client record's phone comes before the account's.
    expect(row('Leilani')).toMatchObject({
      user: { phone: '555-0303' },
      progressPercentage: 100,
      currentStage: null,
    });

    // The seller's own journey says the same.
    const journeyOf = async (user: TestUser) =>
      (await journey.app.inject({ url: '/api/clients/current/journey', ...as(user) })).json();
    expect((await journeyOf(york)).summary).toMatchObject({
      percent: 78,
      currentStageId: 'go-live-and-show',
    });
    expect((await journeyOf(tokyo)).summary).toMatchObject({
      percent: 2,
      currentStageId: 'initial-assessment',
    });
    expect((await journeyOf(honolulu)).summary).toMatchObject({ percent: 100, currentStageId: null });
  });

  it('counts a client’s today when it is still yesterday in UTC terms', async () => {
    const agent = await journey.signUp('agent');
    const seller = await journey.signUp('client', { timezone: 'America/New_York' });
    await link(seller, agent);
    const entries = await tasksOf(seller);
    await put(seller, byTitle(entries, 'Curb Appeal'), { dueDate: '2030-06-15' });
    await put(seller, byTitle(entries, 'Garage'), { dueDate: '2030-06-16' });
    await customTask(seller, { title: 'Call the stager', dueDate: '2030-06-15' });
    // 03:00 UTC on the 16th is 23:00 on the 15th in New York.
    journey.setNow(new Date('2030-06-16T03:00:00Z'));
    try {
      expect((await get(agent, agent.agentId, 'stats')).json()).toMatchObject({ tasksDue: 2 });
    } finally {
      journey.setNow(new Date('2030-06-15T16:00:00Z'));
    }
    expect((await get(agent, agent.agentId, 'stats')).json()).toMatchObject({ tasksDue: 2 });
  });

  it('follows a reopened task: the stage and Ready to List go back, as on the seller’s journey', async () => {
    const agent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    await link(seller, agent);
    await completeStages(seller, PREPARATION);
    expect((await get(agent, agent.agentId, 'stats')).json()).toMatchObject({
      readyToList: 1,
      avgProgress: 76,
    });

    const reopened = byTitle(await tasksOf(seller), 'Curb Appeal');
    await put(seller, reopened, { status: 'pending' });
    expect((await get(agent, agent.agentId, 'stats')).json()).toMatchObject({
      readyToList: 0,
      avgProgress: 75,
    });
    expect(agentClientRowsSchema.parse((await get(agent, agent.agentId, 'clients')).json())[0]).toMatchObject(
      {
        progressPercentage: 75,
        currentStage: { id: 'initial-assessment' },
      },
    );
  });

  it('counts from the task rows, not from stored stage progress', async () => {
    const agent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    await link(seller, agent);
    const client = must(await journey.clientOf(seller.userId));
    // Rows completed without the write path (as a content change or a repair script might leave them).
    const declutter = (await tasksOf(seller))
      .filter((entry) => ['initial-assessment', 'declutter'].includes(entry.stage.id))
      .map((entry) => entry.id);
    await database.current.db
      .update(clientTasks)
      .set({ status: 'completed' })
      .where(and(eq(clientTasks.clientId, client.id), inArray(clientTasks.id, declutter)));
    const [row] = agentClientRowsSchema.parse((await get(agent, agent.agentId, 'clients')).json());
    expect(row).toMatchObject({ progressPercentage: 42, currentStage: { id: 'repairs-maintenance' } });
  });

  it('answers `current` as the signed-in agent’s own id, and nobody else’s', async () => {
    const agent = await journey.signUp('agent');
    const otherAgent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    await link(seller, agent, { address: '1 Current Way' });
    for (const suffix of ['stats', 'clients'] as const) {
      const own = await get(agent, CURRENT_AGENT_ID, suffix);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual((await get(agent, agent.agentId, suffix)).json());
      // The other agent's `current` is their own (empty) dashboard, not the first agent's.
      expect((await get(otherAgent, CURRENT_AGENT_ID, suffix)).json()).toEqual(
        suffix === 'stats' ? { activeClients: 0, avgProgress: 0, tasksDue: 0, readyToList: 0 } : [],
      );
      expect((await get(seller, CURRENT_AGENT_ID, suffix)).statusCode).toBe(403);
      expect((await journey.app.inject({ url: `/api/agents/current/${suffix}` })).statusCode).toBe(401);
    }
    expect(agentClientRowsSchema.parse((await get(agent, CURRENT_AGENT_ID, 'clients')).json())).toHaveLength(
      1,
    );
  });

  it('is for agents, and only for their own agent id: 403 for another agent’s or an unknown id', async () => {
    const agent = await journey.signUp('agent');
    const otherAgent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    for (const suffix of ['stats', 'clients'] as const) {
      const url = `/api/agents/${agent.agentId}/${suffix}`;
      const asSeller = await journey.app.inject({ url, ...as(seller) });
      expect(asSeller.statusCode).toBe(403);
      expect(asSeller.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This action is for agents only' });
      for (const response of [
        await get(otherAgent, agent.agentId, suffix),
        await get(agent, 'unknown', suffix),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: 'You can only see the dashboard of your own agent account',
          code: 'NOT_YOUR_AGENT_ACCOUNT',
        });
      }
      expect((await journey.app.inject({ url })).statusCode).toBe(401);
      expect((await get(agent, agent.agentId, suffix)).statusCode).toBe(200);
    }
  });
});
