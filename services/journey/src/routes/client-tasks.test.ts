import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskEntriesSchema, taskEntrySchema, type TaskEntry } from '@listready/contracts';
import { clients, clientTasks } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('PUT /api/client-tasks/{id}', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => journey.stop());

  const tasksOf = async (user: TestUser) =>
    taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(user) })).json(),
    );
  const put = (user: TestUser | null, id: string, payload: unknown) =>
    journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${id}`,
      payload: payload as object,
      ...(user ? as(user) : {}),
    });
  const kindOf = (entries: TaskEntry[], kind: string, stageId?: string) =>
    must(
      entries.find((entry) => entry.taskTemplate.kind === kind && (!stageId || entry.stage.id === stageId)),
    );

  it('answers 400 naming the field, not a 500 from Postgres, for a NUL in the notes or a due date in year 0', async () => {
    const seller = await journey.signUp('client');
    const [task] = await tasksOf(seller);
    const id = must(task).id;
    const nul = await put(seller, id, { notes: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toEqual([{ path: 'notes', message: 'Must not contain control characters' }]);
    const yearZero = await put(seller, id, { dueDate: '0000-01-01' });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().issues).toEqual([
      { path: 'dueDate', message: 'Due date must be between the years 2000 and 2099' },
    ]);
    const badId = await put(seller, '%00', { notes: 'fine' });
    expect(badId.statusCode).toBe(400);
    const [row] = await database.current.db.select().from(clientTasks).where(eq(clientTasks.id, id));
    expect(row?.notes).toBeNull();
    expect(row?.dueDate).toBeNull();
  });

  it('saves notes up to 500 characters; 501 answers 400 with the spec message and changes nothing', async () => {
    const seller = await journey.signUp('client');
    const [task] = await tasksOf(seller);
    const ok = await put(seller, must(task).id, { notes: 'n'.repeat(500) });
    expect(ok.statusCode).toBe(200);
    expect(taskEntrySchema.parse(ok.json()).clientTask.notes).toHaveLength(500);

    const tooLong = await put(seller, must(task).id, { notes: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: 'Notes must be at most 500 characters',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'notes', message: 'Notes must be at most 500 characters' }],
    });
    const [row] = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.id, must(task).id));
    expect(row?.notes).toBe('n'.repeat(500));

    const cleared = await put(seller, must(task).id, { notes: '' });
    expect(cleared.json<TaskEntry>().clientTask.notes).toBeNull();
  });

  it('rejects bad input with 400, never 500', async () => {
    const seller = await journey.signUp('client');
    const [task] = await tasksOf(seller);
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update'],
      [{ status: 'done' }, 'Status must be pending or completed'],
      [{ dueDate: '2025-02-30' }, 'Due date must be a valid date (YYYY-MM-DD)'],
      [{ dueDate: '03/04/2025' }, 'Due date must be a valid date (YYYY-MM-DD)'],
      [{ priority: 'urgent' }, 'Priority must be low, medium or high'],
      [{ notes: 42 }, 'Notes must be text'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(seller, must(task).id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const malformed = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${must(task).id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"status":',
      ...as(seller),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("another seller's task answers 404 and stays unchanged; unknown ids 404", async () => {
    const owner = await journey.signUp('client');
    const other = await journey.signUp('client');
    const [task] = await tasksOf(owner);
    await tasksOf(other);
    const before = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.id, must(task).id));
    const [otherClient] = await database.current.db
      .select()
      .from(clients)
      .where(eq(clients.userId, other.userId));

    for (const payload of [{ status: 'completed' }, { notes: 'mine now' }, { dueDate: '2030-01-01' }]) {
      const response = await put(other, must(task).id, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Task not found', code: 'TASK_NOT_FOUND' });
    }
    expect(
      await database.current.db
        .select()
        .from(clientTasks)
        .where(eq(clientTasks.id, must(task).id)),
    ).toEqual(before);
    // The failed attempts left no trace on the other seller either (no "last activity").
    const [otherAfter] = await database.current.db
      .select()
      .from(clients)
      .where(eq(clients.userId, other.userId));
    expect(otherAfter?.updatedAt).toEqual(otherClient?.updatedAt);
    expect((await put(owner, 'no-such-task', { status: 'completed' })).statusCode).toBe(404);
    // A seller who never opened the journey has no tasks at all.
    const newcomer = await journey.signUp('client');
    expect((await put(newcomer, must(task).id, { status: 'completed' })).statusCode).toBe(404);
  });

  it('lets sellers edit due date, assignee and priority only on predefined tasks; others only reschedule', async () => {
    const seller = await journey.signUp('client');
    const entries = await tasksOf(seller);
    const predefined = kindOf(entries, 'predefined');
    const checklist = kindOf(entries, 'checklist', 'initial-assessment');
    const standard = kindOf(entries, 'standard');

    const edited = await put(seller, predefined.id, {
      dueDate: '2030-03-04',
      assignedTo: '  Sam  ',
      priority: 'low',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TaskEntry>().clientTask).toMatchObject({
      dueDate: '2030-03-04',
      assignedTo: 'Sam',
      priority: 'low',
    });
    expect(edited.json<TaskEntry>().taskTemplate.priority).toBe(predefined.taskTemplate.priority);

    for (const task of [checklist, standard]) {
      expect(task.canEditDetails).toBe(false);
      const rescheduled = await put(seller, task.id, { dueDate: '2030-05-06' });
      expect(rescheduled.statusCode).toBe(200);
      expect(rescheduled.json<TaskEntry>().clientTask.dueDate).toBe('2030-05-06');
      // The reschedule dialog sends assignedTo null when empty: no change, accepted.
      expect((await put(seller, task.id, { dueDate: '2030-05-07', assignedTo: null })).statusCode).toBe(200);
      expect((await put(seller, task.id, { priority: task.taskTemplate.priority })).statusCode).toBe(200);
      expect((await put(seller, task.id, { notes: 'ok', status: 'completed' })).statusCode).toBe(200);

      for (const payload of [
        { assignedTo: 'Sam' },
        { priority: task.taskTemplate.priority === 'low' ? 'high' : 'low' },
        { dueDate: '2030-01-01', assignedTo: 'Sam' },
      ]) {
        const refused = await put(seller, task.id, payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          message: 'This task can only be rescheduled: its assignee and priority cannot be changed',
          code: 'TASK_DETAILS_LOCKED',
        });
      }
      const [row] = await database.current.db.select().from(clientTasks).where(eq(clientTasks.id, task.id));
      expect(row).toMatchObject({
        dueDate: '2030-05-07',
        assignedTo: null,
        priority: null,
        notes: 'ok',
        status: 'completed',
      });
    }
  });

  it('toggles pending ↔ completed, stamping and clearing completedAt', async () => {
    const seller = await journey.signUp('client');
    const [task] = await tasksOf(seller);
    const done = await put(seller, must(task).id, { status: 'completed' });
    expect(done.json<TaskEntry>().clientTask).toMatchObject({
      status: 'completed',
      completedAt: expect.any(String),
    });
    const undone = await put(seller, must(task).id, { status: 'pending' });
    expect(undone.json<TaskEntry>().clientTask).toMatchObject({ status: 'pending', completedAt: null });
    const [row] = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.id, must(task).id));
    expect(row?.status).toBe('not_started');
  });

  it('is for home sellers: agents get 403 (404 for a task not theirs), signed-out callers 401', async () => {
    const agent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    const [task] = await tasksOf(seller);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/clients/current/profile'],
      ['GET', '/api/clients/current/journey'],
      ['GET', '/api/clients/current/tasks'],
      ['GET', '/api/clients/current/custom-tasks'],
      ['POST', '/api/clients/current/custom-tasks', { title: 'Agent task' }],
      ['PUT', '/api/clients/current/custom-tasks/x', { title: 'x' }],
      ['DELETE', '/api/clients/current/custom-tasks/x'],
    ];
    for (const [method, url, payload] of routes) {
      const asAgent = await journey.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
        ...as(agent),
      });
      expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
      expect(asAgent.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This action is for home sellers only',
      });
      const signedOut = await journey.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json()).toMatchObject({ message: 'Unauthorized' });
    }
    // A client task of a seller who is not theirs: as if it did not exist.
    // (Bad input is refused first, which says nothing about the task.)
    for (const [payload, status] of [
      [{ status: 'completed' }, 404],
      [{ notes: 'x'.repeat(600) }, 400],
    ] as const) {
      const put = await journey.app.inject({
        method: 'PUT',
        url: `/api/client-tasks/${must(task).id}`,
        payload,
        ...as(agent),
      });
      expect(put.statusCode).toBe(status);
    }
    expect(await journey.clientOf(agent.userId)).toBeUndefined();
    const [row] = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.id, must(task).id));
    expect(row?.status).toBe('not_started');
  });
});
