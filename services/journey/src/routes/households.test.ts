import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdsSchema, taskEntriesSchema, taskEntrySchema } from '@listready/contracts';
import { clients, clientTasks } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('the household works one journey', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(() => journey.stop());

  const get = (user: TestUser, url: string) => journey.app.inject({ url, ...as(user) });

  it('a member completes a task and writes a note; the seller sees both, completed by the member; the agent reads the note', async () => {
    const seller = await journey.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
    const member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    const agent = await journey.signUp('agent');
    const clientId = await journey.household(seller, member);
    await database.current.db.update(clients).set({ agentId: agent.agentId }).where(eq(clients.id, clientId));

    const tasks = taskEntriesSchema.parse(
      (await get(member, `/api/clients/current/tasks?clientId=${clientId}`)).json(),
    );
    const task = must(tasks.find((entry) => entry.stage.id === 'initial-assessment'));
    const put = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${task.id}`,
      payload: { status: 'completed', notes: 'Checked the roof' },
      ...as(member),
    });
    expect(put.statusCode).toBe(200);
    expect(taskEntrySchema.parse(put.json()).clientTask.completedBy).toEqual({
      id: member.userId,
      name: 'Max Member',
    });

    const seen = taskEntriesSchema.parse((await get(seller, '/api/clients/current/tasks')).json());
    expect(must(seen.find((entry) => entry.id === task.id)).clientTask).toMatchObject({
      status: 'completed',
      notes: 'Checked the roof',
      completedBy: { id: member.userId, name: 'Max Member' },
    });
    const [row] = await database.current.db.select().from(clientTasks).where(eq(clientTasks.id, task.id));
    expect(row).toMatchObject({ completedBy: member.userId, updatedBy: member.userId });

    const agentView = taskEntriesSchema.parse(
      (await get(agent, `/api/clients/current/tasks?clientId=${clientId}`)).json(),
    );
    expect(must(agentView.find((entry) => entry.id === task.id)).clientTask.notes).toBe('Checked the roof');
    const agentWrite = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${task.id}`,
      payload: { notes: 'x' },
      ...as(agent),
    });
    expect(agentWrite.statusCode).toBe(403);

    // Un-completing clears who completed it.
    await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${task.id}`,
      payload: { status: 'pending' },
      ...as(seller),
    });
    const after = taskEntriesSchema.parse(
      (await get(member, `/api/clients/current/tasks?clientId=${clientId}`)).json(),
    );
    expect(must(after.find((entry) => entry.id === task.id)).clientTask.completedBy).toBeNull();
  });

  it('a member of two households picks which one to work on', async () => {
    const first = await journey.signUp('client', { firstName: 'Ana', lastName: 'First' });
    const second = await journey.signUp('client', { firstName: 'Ben', lastName: 'Second' });
    const helper = await journey.signUp('client', { firstName: 'Hal', lastName: 'Helper' });
    const firstId = await journey.household(first, helper);
    const secondId = await journey.household(second, helper);
    const households = householdsSchema.parse((await get(helper, '/api/clients/current/households')).json());
    expect(households.map((entry) => [entry.ownerName, entry.own])).toEqual([
      ['My home', true],
      ['Ana First', false],
      ['Ben Second', false],
    ]);
    for (const clientId of [firstId, secondId]) {
      const profile = await get(helper, `/api/clients/current/profile?clientId=${clientId}`);
      expect(profile.json().client.id).toBe(clientId);
    }
    // Leaving a household ends the access.
    const groups = (await get(helper, '/api/user-groups')).json() as { id: string }[];
    await journey.app.inject({
      method: 'DELETE',
      url: `/api/user-groups/${must(groups[0]).id}/members/${helper.userId}`,
      ...as(helper),
    });
    expect((await get(helper, `/api/clients/current/journey?clientId=${firstId}`)).statusCode).toBe(404);
  });
});
