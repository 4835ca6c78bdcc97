import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  journeyResponseSchema,
  taskEntriesSchema,
  type JourneyResponse,
  type TaskEntry,
} from '@listready/contracts';
import { clientProgress, clients, JOURNEY_STAGES, journeyOutbox, users } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  startEventProbe,
  startTestJourneyService,
  must,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

const COUNTED_STAGES = JOURNEY_STAGES.filter((stage) => !stage.excludedFromProgress);
const READY_TO_SHOW = 'ready-to-show';

describe('GET /api/clients/current/journey', () => {
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
  const journeyOf = async (user: TestUser): Promise<JourneyResponse> => {
    const response = await journey.app.inject({ url: '/api/clients/current/journey', ...as(user) });
    expect(response.statusCode).toBe(200);
    return journeyResponseSchema.parse(response.json());
  };
  const put = async (user: TestUser, entry: TaskEntry, payload: Record<string, unknown>) => {
    const response = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${entry.id}`,
      payload,
      ...as(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskEntry>();
  };
  const statuses = (view: JourneyResponse) =>
    Object.fromEntries(view.stages.map((stage) => [stage.id, stage.status]));

  it('starts with the first stage in progress, the rest locked, 0 of 55 tasks', async () => {
    const seller = await journey.signUp('client');
    const view = await journeyOf(seller);
    expect(view.stages.map((stage) => stage.name)).toEqual(JOURNEY_STAGES.map((stage) => stage.name));
    expect(view.stages[0]).toMatchObject({
      id: 'initial-assessment',
      title: 'Initial Assessment',
      status: 'in_progress',
      totalTasks: 15,
    });
    expect(view.stages.slice(1).every((stage) => stage.status === 'locked')).toBe(true);
    expect(view.progress).toHaveLength(JOURNEY_STAGES.length);
    expect(view.progress[0]).toMatchObject({
      stageId: 'initial-assessment',
      status: 'in_progress',
      startedAt: expect.any(String),
      pointsEarned: 0,
    });
    expect(view.summary).toMatchObject({
      percent: 0,
      completedTasks: 0,
      totalTasks: 55,
      remainingTasks: 55,
      currentStageId: 'initial-assessment',
      todaysPriority: null,
    });
  });

  it('progress: rounded completed over all tasks outside Ready to Show!!, which never count', async () => {
    const seller = await journey.signUp('client');
    const entries = await tasksOf(seller);
    const counted = entries.filter((entry) => entry.stage.id !== READY_TO_SHOW);
    const readyToShow = entries.filter((entry) => entry.stage.id === READY_TO_SHOW);
    expect(counted).toHaveLength(55);
    expect(readyToShow).toHaveLength(7);

    await put(seller, must(counted[0]), { status: 'completed' });
    expect((await journeyOf(seller)).summary).toMatchObject({
      percent: 2,
      completedTasks: 1,
      remainingTasks: 54,
    }); // 1.8 → 2
    for (const entry of counted.slice(1, 3)) await put(seller, entry, { status: 'completed' });
    expect((await journeyOf(seller)).summary).toMatchObject({
      percent: 5,
      completedTasks: 3,
      totalTasks: 55,
    }); // 5.45 → 5

    // Every Ready to Show!! item checked: nothing moves.
    for (const entry of readyToShow) await put(seller, entry, { status: 'completed' });
    const withChecklist = await journeyOf(seller);
    expect(withChecklist.summary).toMatchObject({
      percent: 5,
      completedTasks: 3,
      totalTasks: 55,
      remainingTasks: 52,
    });
    const readyStage = must(withChecklist.stages.find((stage) => stage.id === READY_TO_SHOW));
    expect(readyStage).toMatchObject({ completedTasks: 7, totalTasks: 7, status: 'locked' });

    for (const entry of counted.slice(3, 28)) await put(seller, entry, { status: 'completed' });
    expect((await journeyOf(seller)).summary).toMatchObject({ percent: 51, completedTasks: 28 }); // 50.9 → 51
    // Clear All on the checklist changes nothing either.
    for (const entry of readyToShow) await put(seller, entry, { status: 'pending' });
    expect((await journeyOf(seller)).summary).toMatchObject({ percent: 51, completedTasks: 28 });
  });

  it('stage rule across a whole journey, stage by stage, with stored progress and stage-completed events', async () => {
    const probe = await startEventProbe(database.current, journey.transport, ['stage-completed']);
    try {
      const seller = await journey.signUp('client');
      const entries = await tasksOf(seller);
      const client = await journey.clientOf(seller.userId);

      for (const [index, stage] of COUNTED_STAGES.entries()) {
        const before = statuses(await journeyOf(seller));
        COUNTED_STAGES.forEach((other, otherIndex) =>
          expect(before[other.id], `${other.id} while on ${stage.id}`).toBe(
            otherIndex < index ? 'completed' : otherIndex === index ? 'in_progress' : 'locked',
          ),
        );
        // Ready to Show!! opens once every stage before it is completed, and never completes.
        expect(before[READY_TO_SHOW]).toBe(stage.orderIndex > 6 ? 'in_progress' : 'locked');

        const stageTasks = entries.filter((entry) => entry.stage.id === stage.id);
        for (const entry of stageTasks.slice(0, -1)) await put(seller, entry, { status: 'completed' });
        expect(statuses(await journeyOf(seller))[stage.id]).toBe('in_progress');
        await put(seller, must(stageTasks.at(-1)), { status: 'completed' });

        const after = await journeyOf(seller);
        expect(statuses(after)[stage.id]).toBe('completed');
        const next = COUNTED_STAGES[index + 1];
        expect(after.summary.currentStageId).toBe(next?.id ?? null);
        if (next) expect(statuses(after)[next.id]).toBe('in_progress');
        const [stored] = await database.current.db
          .select()
          .from(clientProgress)
          .where(and(eq(clientProgress.clientId, must(client).id), eq(clientProgress.stageId, stage.id)));
        expect(stored).toMatchObject({
          status: 'completed',
          pointsEarned: 100,
          completedAt: expect.any(Date),
          startedAt: expect.any(Date),
        });
      }

      const done = await journeyOf(seller);
      expect(done.summary).toMatchObject({
        percent: 100,
        completedTasks: 55,
        remainingTasks: 0,
        currentStageId: null,
      });
      expect(statuses(done)[READY_TO_SHOW]).toBe('in_progress');
      expect(done.progress.find((row) => row.stageId === READY_TO_SHOW)).toMatchObject({
        status: 'in_progress',
        pointsEarned: 0,
      });

      // Exactly one stage-completed per counted stage, in journey order, through the outbox.
      const outbox = await database.current.db
        .select()
        .from(journeyOutbox)
        .where(and(eq(journeyOutbox.type, 'stage-completed'), eq(journeyOutbox.key, must(client).id)))
        .orderBy(journeyOutbox.seq);
      expect(outbox.map((row) => (row.envelope.data as { stageId: string }).stageId)).toEqual(
        COUNTED_STAGES.map((stage) => stage.id),
      );
      await eventually(
        () =>
          probe.received.filter((event) => event.key === must(client).id).length === COUNTED_STAGES.length,
      );
      expect(
        probe.received.filter((event) => event.key === must(client).id).map((event) => event.data),
      ).toEqual(
        COUNTED_STAGES.map((stage) => ({
          clientId: must(client).id,
          stageId: stage.id,
          stageName: stage.name,
        })),
      );

      // Reopening a task reopens its stage (completed stages after it stay completed).
      const firstTask = must(entries.find((entry) => entry.stage.id === 'declutter'));
      await put(seller, firstTask, { status: 'pending' });
      const reopened = await journeyOf(seller);
      expect(statuses(reopened)).toMatchObject({
        'initial-assessment': 'completed',
        declutter: 'in_progress',
        'repairs-maintenance': 'completed',
      });
      expect(statuses(reopened)[READY_TO_SHOW]).toBe('locked');
      expect(reopened.progress.find((row) => row.stageId === 'declutter')).toMatchObject({
        status: 'in_progress',
        completedAt: null,
        pointsEarned: 0,
      });
    } finally {
      await probe.stop();
    }
  });

  describe("Today's Priority", () => {
    const noon = new Date('2030-06-15T16:00:00Z'); // 12:00 in New York
    afterAll(() => journey.setNow(null));

    it('is the first incomplete task due today outside Ready to Show!!, in task order', async () => {
      journey.setNow(noon);
      const seller = await journey.signUp('client');
      const entries = await tasksOf(seller);
      const byTitle = (title: string) => must(entries.find((entry) => entry.taskTemplate.title === title));
      expect((await journeyOf(seller)).summary.todaysPriority).toBeNull();

      await put(seller, byTitle('Remove personal photos'), { dueDate: '2030-06-15' }); // medium
      await put(seller, byTitle('Turn on the lights'), { dueDate: '2030-06-15' }); // Ready to Show!!
      await put(seller, byTitle('Clean out the garage'), { dueDate: '2030-06-16' }); // tomorrow
      let summary = (await journeyOf(seller)).summary;
      expect(summary.today).toBe('2030-06-15');
      expect(summary.todaysPriority).toEqual({
        source: 'task',
        id: byTitle('Remove personal photos').id,
        title: 'Remove personal photos',
        description: byTitle('Remove personal photos').taskTemplate.description,
        stageId: 'declutter',
        stageName: 'Declutter',
        priority: 'medium',
        dueDate: '2030-06-15',
        estimatedHours: 1,
      });

      // A high-priority task due today wins; completed ones never show.
      await put(seller, byTitle('Touch up paint'), { dueDate: '2030-06-15' }); // high, 4 h
      summary = (await journeyOf(seller)).summary;
      expect(summary.todaysPriority).toMatchObject({
        title: 'Touch up paint',
        priority: 'high',
        estimatedHours: 4,
      });
      await put(seller, byTitle('Touch up paint'), { status: 'completed' });
      expect((await journeyOf(seller)).summary.todaysPriority).toMatchObject({
        title: 'Remove personal photos',
      });

      // A custom task due today competes on the same order; its estimate defaults to 1 hour.
      const created = await journey.app.inject({
        method: 'POST',
        url: '/api/clients/current/custom-tasks',
        payload: {
          title: 'Call the plumber',
          priority: 'high',
          dueDate: '2030-06-15',
          stageId: 'repairs-maintenance',
        },
        ...as(seller),
      });
      expect(created.statusCode).toBe(201);
      expect((await journeyOf(seller)).summary.todaysPriority).toMatchObject({
        source: 'custom',
        id: created.json<{ id: string }>().id,
        title: 'Call the plumber',
        stageName: 'Repairs & Maintenance',
        estimatedHours: 1,
      });
    });

    it("measures today in the seller's time zone", async () => {
      journey.setNow(new Date('2030-06-15T02:00:00Z')); // still 14 June in New York, 15 June in Tokyo
      const newYork = await journey.signUp('client');
      const tokyo = await journey.signUp('client', { timezone: 'Asia/Tokyo' });
      for (const seller of [newYork, tokyo]) {
        const entries = await tasksOf(seller);
        await put(
          seller,
          must(entries.find((entry) => entry.taskTemplate.title === 'Remove personal photos')),
          { dueDate: '2030-06-14' },
        );
        await put(seller, must(entries.find((entry) => entry.taskTemplate.title === 'Touch up paint')), {
          dueDate: '2030-06-15',
        });
      }
      expect((await journeyOf(newYork)).summary).toMatchObject({
        today: '2030-06-14',
        todaysPriority: { title: 'Remove personal photos' },
      });
      expect((await journeyOf(tokyo)).summary).toMatchObject({
        today: '2030-06-15',
        todaysPriority: { title: 'Touch up paint' },
      });
      // An unknown zone falls back to America/New_York rather than failing.
      await database.current.db
        .update(users)
        .set({ timezone: 'Mars/Olympus' })
        .where(eq(users.id, tokyo.userId));
      expect((await journeyOf(tokyo)).summary.today).toBe('2030-06-14');
    });
  });

  it('GET /api/clients/current/profile: phone, property and agent when linked', async () => {
    const seller = await journey.signUp('client', { phone: '555-0142' });
    const alone = await journey.app.inject({ url: '/api/clients/current/profile', ...as(seller) });
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toMatchObject({
      client: { phone: '555-0142', agentId: null },
      property: null,
      agent: null,
    });

    const agent = await journey.signUp('agent', { firstName: 'Rita', lastName: 'Realtor' });
    await database.current.db
      .update(clients)
      .set({ agentId: agent.agentId })
      .where(eq(clients.userId, seller.userId));
    const linked = await journey.app.inject({ url: '/api/clients/current/profile', ...as(seller) });
    expect(linked.json()).toMatchObject({
      agent: { id: agent.agentId, name: 'Rita Realtor', phone: '555-0199', email: agent.email },
    });
  });
});
