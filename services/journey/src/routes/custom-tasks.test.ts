import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customTaskSchema, customTasksSchema, type CustomTask } from '@listready/contracts';
import { customTasks, journeyOutbox } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
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
  /** The task's row as stored (undefined: there is none). */
  const rowOf = async (id: string) =>
    (await database.current.db.select().from(customTasks).where(eq(customTasks.id, id)))[0];
  /** The seller's clients row (its updatedAt moves with every write to the journey). */
  const clientRowOf = async (user: TestUser) => must(await journey.clientOf(user.userId));
  /** The `task-updated` rows the journey's outbox holds for one task. */
  const taskUpdatesOf = async (clientId: string, taskId: string) =>
    (
      await database.current.db
        .select()
        .from(journeyOutbox)
        .where(and(eq(journeyOutbox.type, 'task-updated'), eq(journeyOutbox.key, clientId)))
        .orderBy(journeyOutbox.seq)
    )
      .map((row) => row.envelope.data as { taskId: string; change: string })
      .filter((data) => data.taskId === taskId);

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

  describe('with an id made by the seller’s device (offline creation sent again)', () => {
    it('creates the task with exactly that id', async () => {
      const seller = await journey.signUp('client');
      const id = crypto.randomUUID();
      const response = await create(seller, { id, title: 'Fix the gate' });
      expect(response.statusCode).toBe(201);
      expect(customTaskSchema.parse(response.json())).toMatchObject({ id, title: 'Fix the gate' });
      expect((await list(seller)).map((task) => task.id)).toEqual([id]);
      expect(await rowOf(id)).toMatchObject({
        clientId: (await clientRowOf(seller)).id,
        createdBy: seller.userId,
      });
    });

    it('the same creation again answers 200 with the task, creates nothing and publishes nothing more', async () => {
      const seller = await journey.signUp('client');
      const clientId = (await clientRowOf(seller)).id;
      const id = crypto.randomUUID();
      const payload = { id, title: 'Book movers', priority: 'high', dueDate: '2030-02-03' };
      const first = await create(seller, payload);
      expect(first.statusCode).toBe(201);
      const touched = (await clientRowOf(seller)).updatedAt;

      const again = await create(seller, payload);
      expect(again.statusCode).toBe(200);
      expect(customTaskSchema.parse(again.json())).toEqual(first.json());
      expect((await list(seller)).map((task) => task.id)).toEqual([id]);
      // One `created`, through the outbox; the replay leaves no trace (not even on the journey).
      expect(await taskUpdatesOf(clientId, id)).toEqual([expect.objectContaining({ change: 'created' })]);
      expect((await clientRowOf(seller)).updatedAt).toEqual(touched);

      // Sent several times at once: one creates it, the others answer it.
      const raced = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => create(seller, { id: raced, title: 'Call the stager' })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect((await list(seller)).filter((task) => task.id === raced)).toHaveLength(1);
      expect(await taskUpdatesOf(clientId, raced)).toHaveLength(1);
    });

    it('sent again after the task was completed, answers it as it is now and does not reset it', async () => {
      const seller = await journey.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
      const id = crypto.randomUUID();
      const payload = { id, title: 'Clean gutters', assignedTo: 'Max' };
      expect((await create(seller, payload)).statusCode).toBe(201);
      const completed = await update(seller, id, { status: 'completed', title: 'Clean the gutters' });
      expect(completed.statusCode).toBe(200);

      const again = await create(seller, payload);
      expect(again.statusCode).toBe(200);
      const task = customTaskSchema.parse(again.json());
      expect(task).toEqual(completed.json());
      expect(task).toMatchObject({
        id,
        title: 'Clean the gutters',
        status: 'completed',
        completedBy: { id: seller.userId, name: 'Sam Seller' },
      });
      expect(await rowOf(id)).toMatchObject({ status: 'completed', title: 'Clean the gutters' });
    });

    it('an id another journey’s task holds is 409 TASK_ID_TAKEN, revealing and changing nothing', async () => {
      const owner = await journey.signUp('client');
      const other = await journey.signUp('client');
      const id = crypto.randomUUID();
      expect((await create(owner, { id, title: 'Mine', assignedTo: 'Sam' })).statusCode).toBe(201);
      const [ownerBefore, otherBefore, rowBefore] = [
        await clientRowOf(owner),
        await clientRowOf(other),
        await rowOf(id),
      ];

      const taken = await create(other, { id, title: 'Theirs' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'A task with this id already exists', code: 'TASK_ID_TAKEN' });
      expect(taken.body).not.toContain('Mine');
      expect(await rowOf(id)).toEqual(rowBefore);
      expect(await list(other)).toEqual([]);
      expect(await clientRowOf(owner)).toEqual(ownerBefore);
      expect(await clientRowOf(other)).toEqual(otherBefore);
      expect(await taskUpdatesOf(otherBefore.id, id)).toEqual([]);
      expect(await taskUpdatesOf(ownerBefore.id, id)).toHaveLength(1);
    });

    it('sent again naming a stage there is no longer, answers the task as it is (the stage is not judged again)', async () => {
      const seller = await journey.signUp('client');
      const id = crypto.randomUUID();
      const first = await create(seller, { id, title: 'Stage the hall', stageId: 'repairs-maintenance' });
      expect(first.statusCode).toBe(201);
      const again = await create(seller, { id, title: 'Stage the hall', stageId: 'no-such-stage' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      // A new task naming it is still refused, on the field.
      const fresh = await create(seller, { id: crypto.randomUUID(), title: 'B', stageId: 'no-such-stage' });
      expect(fresh.statusCode).toBe(400);
      expect(fresh.json()).toMatchObject({ issues: [{ path: 'stageId', message: 'Unknown stage' }] });
    });

    it('sent again after the task was deleted, is 409 TASK_DELETED and does not make it again', async () => {
      const seller = await journey.signUp('client');
      const clientId = (await clientRowOf(seller)).id;
      const id = crypto.randomUUID();
      expect((await create(seller, { id, title: 'Paint the fence' })).statusCode).toBe(201);
      const removed = await journey.app.inject({ method: 'DELETE', url: `${path}/${id}`, ...as(seller) });
      expect(removed.statusCode).toBe(204);
      const touched = (await clientRowOf(seller)).updatedAt;

      const again = await create(seller, { id, title: 'Paint the fence' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This task was deleted', code: 'TASK_DELETED' });
      expect(await rowOf(id)).toBeUndefined();
      expect(await list(seller)).toEqual([]);
      expect((await taskUpdatesOf(clientId, id)).map((data) => data.change)).toEqual(['created', 'deleted']);
      expect((await clientRowOf(seller)).updatedAt).toEqual(touched);

      // Another journey sending that id learns nothing of it: taken, as a live task's id is.
      const other = await journey.signUp('client');
      const taken = await create(other, { id, title: 'Theirs' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'TASK_ID_TAKEN' });
      expect(await list(other)).toEqual([]);
    });

    it('reads the id in lower case: one UUID is one task however it is written', async () => {
      const seller = await journey.signUp('client');
      const id = crypto.randomUUID();
      const first = await create(seller, { id: id.toUpperCase(), title: 'Fix the gate' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ id });
      expect(await rowOf(id)).toBeDefined();
      expect((await create(seller, { id, title: 'Fix the gate' })).statusCode).toBe(200);
      expect((await list(seller)).map((task) => task.id)).toEqual([id]);
    });

    it('refuses an id that is not a UUID, on the field', async () => {
      const seller = await journey.signUp('client');
      const response = await create(seller, { id: 'not-a-uuid', title: 'Fix the gate' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Task id must be a UUID',
        issues: [{ path: 'id', message: 'Task id must be a UUID' }],
      });
      expect(await list(seller)).toEqual([]);
    });

    it('a member of the seller’s household creates it in the seller’s journey', async () => {
      const seller = await journey.signUp('client');
      const member = await journey.signUp('client');
      const clientId = await journey.household(seller, member);
      const id = crypto.randomUUID();
      const asMember = () =>
        journey.app.inject({
          method: 'POST',
          url: `${path}?clientId=${clientId}`,
          payload: { id, title: 'Water the plants' },
          ...as(member),
        });

      const created = await asMember();
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ id, title: 'Water the plants' });
      expect(await rowOf(id)).toMatchObject({ clientId, createdBy: member.userId });
      expect((await list(seller)).map((task) => task.id)).toEqual([id]);
      expect(await list(member)).toEqual([]); // the member's own journey has none
      // Sent again by the member, or by the seller: the same task, the same journey.
      expect((await asMember()).statusCode).toBe(200);
      expect((await create(seller, { id, title: 'Water the plants' })).statusCode).toBe(200);
      expect(await taskUpdatesOf(clientId, id)).toHaveLength(1);
    });
  });
});
