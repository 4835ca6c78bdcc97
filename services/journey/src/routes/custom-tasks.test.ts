import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customTaskSchema, customTasksSchema, type CustomTask } from '@listready/contracts';
import { customTasks } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('custom tasks', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => journey.stop());

  const path = '/api/clients/current/custom-tasks';
  const create = (user: TestUser, payload: unknown) =>
    journey.app.inject({ method: 'POST', url: path, payload: payload as object, ...as(user) });
  const update = (user: TestUser, id: string, payload: unknown) =>
    journey.app.inject({ method: 'PUT', url: `${path}/${id}`, payload: payload as object, ...as(user) });
  const list = async (user: TestUser) =>
    customTasksSchema.parse((await journey.app.inject({ url: path, ...as(user) })).json());

  it('creates with priority medium by default and null for what is empty', async () => {
    const seller = await journey.signUp('client');
    expect(await list(seller)).toEqual([]);
    const response = await create(seller, {
      title: '  Paint the fence  ',
      description: '',
      dueDate: '',
      assignedTo: '',
      stageId: '',
    });
    expect(response.statusCode).toBe(201);
    const task = customTaskSchema.parse(response.json());
    expect(task).toMatchObject({
      title: 'Paint the fence',
      description: null,
      priority: 'medium',
      status: 'pending',
      dueDate: null,
      assignedTo: null,
      stageId: null,
      custom: true,
    });
    const full = customTaskSchema.parse(
      (
        await create(seller, {
          title: 'Book movers',
          description: 'Two trucks',
          priority: 'high',
          dueDate: '2030-02-03',
          assignedTo: 'Sam',
          stageId: 'contract-to-closing',
        })
      ).json(),
    );
    expect(full).toMatchObject({
      priority: 'high',
      dueDate: '2030-02-03',
      assignedTo: 'Sam',
      stageId: 'contract-to-closing',
      description: 'Two trucks',
    });
    // Listed in task order: high before medium.
    expect((await list(seller)).map((item) => item.title)).toEqual(['Book movers', 'Paint the fence']);
  });

  it('validates: title required, known stage, valid date and priority', async () => {
    const seller = await journey.signUp('client');
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Title is required'],
      [{ title: '   ' }, 400, 'Title is required'],
      [{ title: 'x'.repeat(201) }, 400, 'Title must be at most 200 characters'],
      [{ title: 'A', priority: 'urgent' }, 400, 'Priority must be low, medium or high'],
      [{ title: 'A', dueDate: '2030-13-01' }, 400, 'Due date must be a valid date (YYYY-MM-DD)'],
      [{ title: 'A', stageId: 'no-such-stage' }, 400, 'Unknown stage'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await create(seller, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await list(seller)).toEqual([]);
  });

  it('updates any of status, priority, assignee, due date or the create fields; absent fields stay', async () => {
    const seller = await journey.signUp('client');
    const task = (
      await create(seller, {
        title: 'Clean gutters',
        priority: 'low',
        assignedTo: 'Sam',
        dueDate: '2030-01-01',
      })
    ).json<CustomTask>();
    const moved = await update(seller, task.id, { dueDate: '2030-02-02' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      title: 'Clean gutters',
      priority: 'low',
      assignedTo: 'Sam',
      dueDate: '2030-02-02',
    });
    const renamed = await update(seller, task.id, {
      title: 'Clean the gutters',
      assignedTo: null,
      stageId: 'repairs-maintenance',
      priority: 'high',
    });
    expect(renamed.json()).toMatchObject({
      title: 'Clean the gutters',
      assignedTo: null,
      stageId: 'repairs-maintenance',
      priority: 'high',
      dueDate: '2030-02-02',
    });
    expect((await update(seller, task.id, { status: 'completed' })).json()).toMatchObject({
      status: 'completed',
    });
    expect((await update(seller, task.id, { status: 'pending' })).json()).toMatchObject({
      status: 'pending',
    });
    expect((await update(seller, task.id, {})).statusCode).toBe(400);
    expect((await update(seller, task.id, { title: '' })).json()).toMatchObject({
      message: 'Title is required',
    });
    expect((await update(seller, task.id, { stageId: 'nope' })).statusCode).toBe(400);
  });

  it("deletes; another seller's task is 404 and unchanged", async () => {
    const owner = await journey.signUp('client');
    const other = await journey.signUp('client');
    const task = (await create(owner, { title: 'Mine' })).json<CustomTask>();
    await create(other, { title: 'Theirs' });

    expect((await update(other, task.id, { title: 'Stolen' })).statusCode).toBe(404);
    const removeAsOther = await journey.app.inject({
      method: 'DELETE',
      url: `${path}/${task.id}`,
      ...as(other),
    });
    expect(removeAsOther.statusCode).toBe(404);
    expect(removeAsOther.json()).toEqual({ message: 'Task not found', code: 'TASK_NOT_FOUND' });
    const [row] = await database.current.db.select().from(customTasks).where(eq(customTasks.id, task.id));
    expect(row?.title).toBe('Mine');
    expect((await list(other)).map((item) => item.title)).toEqual(['Theirs']);

    const removed = await journey.app.inject({ method: 'DELETE', url: `${path}/${task.id}`, ...as(owner) });
    expect(removed.statusCode).toBe(204);
    expect(await list(owner)).toEqual([]);
    expect(
      (await journey.app.inject({ method: 'DELETE', url: `${path}/${task.id}`, ...as(owner) })).statusCode,
    ).toBe(404);
  });
});
