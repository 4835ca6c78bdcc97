import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskEntriesSchema, type TaskEntry } from '@listready/contracts';
import { clientProgress, clients, clientTasks, JOURNEY_TASKS } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { compareTasks } from '../rules/journey-rules.ts';
import { acceptsGzip } from './current-client.ts';
import { toTaskEntry } from '../tasks/task-entries.ts';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
} from '../testing/test-journey-service.ts';

describe('GET /api/clients/current/tasks', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => journey.stop());

  const tasksOf = async (user: Parameters<typeof as>[0]) => {
    const response = await journey.app.inject({ url: '/api/clients/current/tasks', ...as(user) });
    expect(response.statusCode).toBe(200);
    return taskEntriesSchema.parse(response.json());
  };

  it('gives a new seller every task of the seeded journey, from sign-up on', async () => {
    const seller = await journey.signUp('client');
    const response = await journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const entries = taskEntriesSchema.parse(response.json());
    expect(entries).toHaveLength(JOURNEY_TASKS.length);
    expect(new Set(entries.map((entry) => entry.taskTemplate.id))).toEqual(
      new Set(JOURNEY_TASKS.map((task) => task.id)),
    );
    for (const entry of entries) {
      expect(entry.clientTask).toMatchObject({
        status: 'pending',
        dueDate: null,
        assignedTo: null,
        notes: null,
        completedAt: null,
      });
      expect(entry.clientTask.priority).toBe(entry.taskTemplate.priority);
      expect(entry.clientTask.title).toBe(entry.taskTemplate.title);
      expect(entry.stage.id).toBe(entry.taskTemplate.stageId);
      expect(entry.canEditDetails).toBe(entry.taskTemplate.kind === 'predefined');
    }
    const client = await journey.clientOf(seller.userId);
    expect(client).toMatchObject({
      userId: seller.userId,
      phone: '555-0100',
      agentId: null,
      propertyId: null,
    });
    // A second call reads the same.
    expect(await tasksOf(seller)).toEqual(entries);
    const rows = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.clientId, must(client).id));
    expect(rows).toHaveLength(JOURNEY_TASKS.length);
  });

  it('concurrent first reads find the journey sign-up made: one row each, the first stage in progress', async () => {
    const seller = await journey.signUp('client');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const { db } = database.current;
    const clientRows = await db.select().from(clients).where(eq(clients.userId, seller.userId));
    expect(clientRows).toHaveLength(1);
    const clientId = must(clientRows[0]).id;
    expect(await db.select().from(clientTasks).where(eq(clientTasks.clientId, clientId))).toHaveLength(
      JOURNEY_TASKS.length,
    );
    const progress = await db.select().from(clientProgress).where(eq(clientProgress.clientId, clientId));
    expect(progress).toHaveLength(8);
    expect(progress.find((row) => row.stageId === 'initial-assessment')).toMatchObject({
      status: 'in_progress',
    });
    expect(progress.filter((row) => row.status === 'locked')).toHaveLength(7);
  });

  it('serializes exactly what the typed entries are', async () => {
    const seller = await journey.signUp('client');
    const entries = await tasksOf(seller);
    const first = must(entries[0]);
    const put = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${first.id}`,
      payload: { notes: 'Quote "from" the\nplumber ✓', status: 'completed', dueDate: '2030-01-02' },
      ...as(seller),
    });
    expect(put.statusCode).toBe(200);
    const updated = put.json<TaskEntry>();
    const again = await tasksOf(seller);
    expect(again.find((entry) => entry.id === first.id)).toEqual(updated);
    // The fast serializer is byte-for-byte the typed entry.
    expect(JSON.stringify(again.find((entry) => entry.id === first.id))).toBe(
      JSON.stringify(toTaskEntry({ ...updatedToListed(updated) })),
    );
  });

  it('sends the list gzipped to clients that accept it', async () => {
    const seller = await journey.signUp('client');
    const plain = await journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) });
    const zipped = await journey.app.inject({
      url: '/api/clients/current/tasks',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' },
      ...as(seller),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect([
      acceptsGzip('gzip, deflate, br'),
      acceptsGzip('identity'),
      acceptsGzip('gzip;q=0'),
      acceptsGzip('*'),
      acceptsGzip(undefined),
    ]).toEqual([true, false, false, true, false]);
  });

  it('never serves a kept list stale, even when another replica changed the tasks', async () => {
    const replica = await startTestJourneyService(database.current);
    try {
      const seller = await journey.signUp('client');
      const [first] = await tasksOf(seller);
      expect(must(first).clientTask.status).toBe('pending');
      await tasksOf(seller); // kept by this replica now
      const changed = await replica.app.inject({
        method: 'PUT',
        url: `/api/client-tasks/${must(first).id}`,
        payload: { status: 'completed', notes: 'from the other replica' },
        ...as(seller),
      });
      expect(changed.statusCode).toBe(200);
      const after = (await tasksOf(seller)).find((entry) => entry.id === must(first).id);
      expect(after?.clientTask).toMatchObject({ status: 'completed', notes: 'from the other replica' });
    } finally {
      await replica.stop();
    }
  });

  it('orders incomplete first, then priority high → low, then due date soonest, undated last', async () => {
    const seller = await journey.signUp('client');
    const entries = await tasksOf(seller);
    const byTitle = (title: string) => must(entries.find((entry) => entry.taskTemplate.title === title));
    const put = (entry: TaskEntry, payload: Record<string, unknown>) =>
      journey.app.inject({ method: 'PUT', url: `/api/client-tasks/${entry.id}`, payload, ...as(seller) });
    // Two high-priority declutter tasks: the dated one goes first, the sooner date before the later.
    expect((await put(byTitle('Clear the kitchen counters'), { dueDate: '2031-05-01' })).statusCode).toBe(
      200,
    );
    expect((await put(byTitle('Spruce up the front entry'), { dueDate: '2031-04-01' })).statusCode).toBe(200);
    // A low task raised to high with a date joins them; a completed high task sinks to the end.
    expect(
      (await put(byTitle('Add a sense of fun'), { priority: 'high', dueDate: '2031-04-15' })).statusCode,
    ).toBe(200);
    expect((await put(byTitle('Touch up paint'), { status: 'completed' })).statusCode).toBe(200);

    const ordered = await tasksOf(seller);
    expect(ordered.slice(0, 3).map((entry) => entry.taskTemplate.title)).toEqual([
      'Spruce up the front entry',
      'Add a sense of fun',
      'Clear the kitchen counters',
    ]);
    expect(ordered.at(-1)?.taskTemplate.title).toBe('Touch up paint');
    const view = ordered.map((entry) => ({
      completed: entry.clientTask.status === 'completed',
      priority: entry.clientTask.priority,
      dueDate: entry.clientTask.dueDate,
    }));
    for (let index = 1; index < view.length; index++)
      expect(compareTasks(must(view[index - 1]), must(view[index]))).toBeLessThanOrEqual(0);
    // Within equal keys, journey order (stage, then template order).
    const undatedHighs = ordered.filter(
      (entry) =>
        entry.clientTask.priority === 'high' &&
        !entry.clientTask.dueDate &&
        entry.clientTask.status === 'pending',
    );
    const journeyOrder = [...undatedHighs].sort(
      (a, b) =>
        a.stage.orderIndex - b.stage.orderIndex || a.taskTemplate.orderIndex - b.taskTemplate.orderIndex,
    );
    expect(undatedHighs).toEqual(journeyOrder);
  });
});

function updatedToListed(entry: TaskEntry) {
  const { taskTemplate, clientTask, stage } = entry;
  return {
    template: {
      ...taskTemplate,
      stage: { ...stage, description: null, pointsValue: 100 },
    },
    state: {
      id: clientTask.id,
      taskId: clientTask.taskId,
      status: clientTask.status === 'completed' ? 'completed' : 'not_started',
      dueDate: clientTask.dueDate,
      assignedTo: clientTask.assignedTo,
      notes: clientTask.notes,
      priority: clientTask.priority === taskTemplate.priority ? null : clientTask.priority,
      completedAt: clientTask.completedAt,
      completedBy: clientTask.completedBy,
      updatedAt: clientTask.updatedAt,
    },
    completed: clientTask.status === 'completed',
    priority: clientTask.priority,
    dueDate: clientTask.dueDate,
  };
}
