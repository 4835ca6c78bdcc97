import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  agentClientRowsSchema,
  agentStatsSchema,
  taskEntriesSchema,
  type TaskEntry,
} from '@listready/contracts';
import { clients, properties } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  startTestJourneyService,
  must,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('agent stats and client rows', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    journey.setNow(new Date('2030-06-15T16:00:00Z'));
  });
  afterAll(async () => journey.stop());

  const tasksOf = async (user: TestUser) =>
    taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(user) })).json(),
    );
  const put = async (user: TestUser, entry: TaskEntry, payload: Record<string, unknown>) => {
    const response = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${entry.id}`,
      payload,
      ...as(user),
    });
    expect(response.statusCode).toBe(200);
  };
  const link = async (seller: TestUser, agent: TestUser, address?: string) => {
    let propertyId: string | null = null;
    if (address) {
      const [property] = await database.current.db
        .insert(properties)
        .values({
          agentId: agent.agentId,
          address,
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
      .set({ agentId: agent.agentId, propertyId })
      .where(eq(clients.userId, seller.userId));
  };

  it('counts the agent’s clients, their average progress, tasks due today and who is ready to list', async () => {
    const agent = await journey.signUp('agent');
    const stats = (user: TestUser, agentId: string) =>
      journey.app.inject({ url: `/api/agents/${agentId}/stats`, ...as(user) });
    expect((await stats(agent, must(agent.agentId))).json()).toEqual({
      activeClients: 0,
      avgProgress: 0,
      tasksDue: 0,
      readyToList: 0,
    });

    const ready = await journey.signUp('client', { firstName: 'Rea', lastName: 'Dy' });
    const starting = await journey.signUp('client', { firstName: 'Sta', lastName: 'Rt' });
    const elsewhere = await journey.signUp('client');
    const readyTasks = await tasksOf(ready);
    const startingTasks = await tasksOf(starting);
    await tasksOf(elsewhere);
    await link(ready, agent, '1 Main St');
    await link(starting, agent);

    // `ready` completes every preparation stage (Initial Assessment … Marketing & Photography): 42 of 55.
    const preparation = [
      'initial-assessment',
      'declutter',
      'repairs-maintenance',
      'home-staging',
      'marketing-photography',
    ];
    for (const entry of readyTasks.filter((item) => preparation.includes(item.stage.id)))
      await put(ready, entry, { status: 'completed' });
    // Due today (12:00 in New York): two open tasks of `starting`, one completed, one Ready to Show!! item, one tomorrow.
    const byTitle = (entries: TaskEntry[], title: string) =>
      must(entries.find((entry) => entry.taskTemplate.title === title));
    await put(starting, byTitle(startingTasks, 'Curb Appeal'), { dueDate: '2030-06-15' });
    await put(starting, byTitle(startingTasks, 'Garage'), { dueDate: '2030-06-15' });
    await put(starting, byTitle(startingTasks, 'Kitchen'), { dueDate: '2030-06-15', status: 'completed' });
    await put(starting, byTitle(startingTasks, 'Pet cleanup'), { dueDate: '2030-06-15' });
    await put(starting, byTitle(startingTasks, 'Office'), { dueDate: '2030-06-16' });
    await journey.app.inject({
      method: 'POST',
      url: '/api/clients/current/custom-tasks',
      payload: { title: 'Call the stager', dueDate: '2030-06-15' },
      ...as(starting),
    });

    const response = await stats(agent, must(agent.agentId));
    expect(response.statusCode).toBe(200);
    // 42/55 → 76 %, 1/55 → 2 %: mean 39.
    expect(agentStatsSchema.parse(response.json())).toEqual({
      activeClients: 2,
      avgProgress: 39,
      tasksDue: 3,
      readyToList: 1,
    });

    const rows = await journey.app.inject({ url: `/api/agents/${agent.agentId}/clients`, ...as(agent) });
    expect(rows.statusCode).toBe(200);
    const parsed = agentClientRowsSchema.parse(rows.json());
    const readyClient = await journey.clientOf(ready.userId);
    expect(parsed).toHaveLength(2);
    expect(parsed.find((row) => row.user.firstName === 'Rea')).toEqual({
      client: { id: must(readyClient).id, updatedAt: must(readyClient).updatedAt.toISOString() },
      user: { firstName: 'Rea', lastName: 'Dy', email: ready.email, profileImageUrl: null },
      property: { address: '1 Main St', city: 'Springfield', state: 'IL' },
      progressPercentage: 76,
      currentStage: { id: 'go-live-and-show', name: 'Go Live and Show', icon: 'DoorOpen' },
    });
    expect(parsed.find((row) => row.user.firstName === 'Sta')).toMatchObject({
      property: null,
      progressPercentage: 2,
      currentStage: { id: 'initial-assessment', name: 'Initial Assessment', icon: 'ClipboardCheck' },
    });
  });

  it('is for agents, and only for their own agent id', async () => {
    const agent = await journey.signUp('agent');
    const otherAgent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    for (const suffix of ['stats', 'clients']) {
      const url = `/api/agents/${agent.agentId}/${suffix}`;
      const asSeller = await journey.app.inject({ url, ...as(seller) });
      expect(asSeller.statusCode).toBe(403);
      expect(asSeller.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This action is for agents only' });
      const notYours = await journey.app.inject({ url, ...as(otherAgent) });
      expect(notYours.statusCode).toBe(404);
      expect(notYours.json()).toEqual({ message: 'Agent not found', code: 'AGENT_NOT_FOUND' });
      expect(
        (await journey.app.inject({ url: `/api/agents/unknown/${suffix}`, ...as(agent) })).statusCode,
      ).toBe(404);
      expect((await journey.app.inject({ url })).statusCode).toBe(401);
      expect((await journey.app.inject({ url, ...as(agent) })).statusCode).toBe(200);
    }
  });
});
