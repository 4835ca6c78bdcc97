import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  agentInsightsSchema,
  customTaskSchema,
  taskEntriesSchema,
  type AgentInsights,
  type TaskEntry,
} from '@listready/contracts';
import { clients } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { loadJourneyConfig } from '../config.ts';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

const PREPARATION = [
  'initial-assessment',
  'declutter',
  'repairs-maintenance',
  'home-staging',
  'marketing-photography',
];
const COUNTED = [...PREPARATION, 'go-live-and-show', 'contract-to-closing'];
const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('agent readiness insights', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  /** Real time at the start: a client's last activity is stamped by Postgres's own clock. */
  let start = new Date();
  const at = (days: number, hours = 0) => new Date(start.getTime() + days * DAY_MS + hours * 3_600_000);

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    start = new Date();
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
  const completeStages = async (user: TestUser, stageIds: string[]) => {
    for (const entry of (await tasksOf(user)).filter((item) => stageIds.includes(item.stage.id)))
      await put(user, entry, { status: 'completed' });
  };
  /** The first `count` required preparation tasks still open, completed through the API. */
  const completeRequired = async (user: TestUser, count: number) => {
    const open = (await tasksOf(user)).filter(
      (entry) =>
        PREPARATION.includes(entry.stage.id) &&
        !entry.taskTemplate.isOptional &&
        entry.clientTask.status !== 'completed',
    );
    for (const entry of open.slice(0, count)) await put(user, entry, { status: 'completed' });
  };
  const requiredPreparationTasks = async (user: TestUser) =>
    (await tasksOf(user)).filter(
      (entry) => PREPARATION.includes(entry.stage.id) && !entry.taskTemplate.isOptional,
    ).length;
  const link = async (seller: TestUser, agent: TestUser) => {
    await database.current.db
      .update(clients)
      .set({ agentId: agent.agentId })
      .where(eq(clients.userId, seller.userId));
  };
  const read = async (agent: TestUser, app = journey.app): Promise<AgentInsights> => {
    const response = await app.inject({ url: `/api/agents/${agent.agentId}/insights`, ...as(agent) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return agentInsightsSchema.parse(response.json());
  };
  const insightOf = (insights: AgentInsights, user: TestUser) =>
    must(insights.clients.find((client) => client.firstName === user.firstName));

  it('answers an agent with no clients: empty list, every stage at zero', async () => {
    journey.setNow(null);
    const agent = await journey.signUp('agent');
    const insights = await read(agent);
    expect(insights.rules).toEqual({ stalledAfterDays: 7, paceWindowDays: 28 });
    expect(insights.clients).toEqual([]);
    expect(insights.pipeline.map((step) => [step.stage?.id ?? null, step.homes])).toEqual([
      ...COUNTED.map((id) => [id, 0]),
      [null, 0],
    ]);
  });

  it('forecasts from the pace of the last 28 days, at least a week; no pace, no date; ready is ready', async () => {
    const agent = await journey.signUp('agent');
    // Tokyo: its today is UTC's tomorrow at 16:00 UTC, and the forecast counts from its own today.
    const steady = await journey.signUp('client', { firstName: 'Steady', timezone: 'Asia/Tokyo' });
    const idle = await journey.signUp('client', { firstName: 'Idle' });
    const newcomer = await journey.signUp('client', { firstName: 'Newcomer' });
    const done = await journey.signUp('client', { firstName: 'Done' });
    for (const seller of [steady, idle, newcomer, done]) await link(seller, agent);
    const required = await requiredPreparationTasks(steady);

    // Steady: two completions 29 days before the read (outside the window), six 5 days before.
    const readAt = new Date(`${at(30).toISOString().slice(0, 10)}T16:00:00Z`);
    journey.setNow(new Date(readAt.getTime() - 29 * DAY_MS));
    await completeRequired(steady, 2);
    journey.setNow(new Date(readAt.getTime() - 5 * DAY_MS));
    await completeRequired(steady, 6);
    // Done: every stage before Go Live and Show.
    journey.setNow(readAt);
    await completeStages(done, PREPARATION);
    // Idle: an optional task and a custom one do not make a pace towards list-ready.
    const optional = (await tasksOf(idle)).find(
      (entry) => PREPARATION.includes(entry.stage.id) && entry.taskTemplate.isOptional,
    );
    if (optional) await put(idle, optional, { status: 'completed' });
    await customTask(idle, { title: 'Call the stager' });

    const later = await read(agent);
    const tokyoToday = plusDays(readAt.toISOString().slice(0, 10), 1);
    // 28-day window: 6 completions → remaining × 28 / 6 days, rounded up.
    expect(insightOf(later, steady).forecast).toEqual({
      status: 'projected',
      date: plusDays(tokyoToday, Math.ceil(((required - 8) * 28) / 6)),
      remainingTasks: required - 8,
      tasksPerWeek: 1.5,
    });
    expect(insightOf(later, idle).forecast).toEqual({
      status: 'not-enough-activity',
      remainingTasks: required,
    });
    expect(insightOf(later, done).forecast).toEqual({ status: 'ready' });

    // Newcomer, a day after joining: four completions over the one-week floor, not over one day.
    journey.setNow(at(0, 1));
    await completeRequired(newcomer, 4);
    journey.setNow(at(1));
    const early = await read(agent);
    const today = at(1).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect(insightOf(early, newcomer).forecast).toEqual({
      status: 'projected',
      date: plusDays(today, Math.ceil(((required - 4) * 7) / 4)),
      remainingTasks: required - 4,
      tasksPerWeek: 4,
    });
  });

  it('flags no activity for N days on an unfinished journey, N from the config', async () => {
    const agent = await journey.signUp('agent');
    const quiet = await journey.signUp('client', { firstName: 'Quiet', lastName: 'A' });
    const finished = await journey.signUp('client', { firstName: 'Finished', lastName: 'B' });
    const busy = await journey.signUp('client', { firstName: 'Busy', lastName: 'C' });
    for (const seller of [quiet, finished, busy]) await link(seller, agent);
    journey.setNow(null);
    await completeStages(finished, COUNTED);
    await completeRequired(quiet, 1);
    const lastActivity = must(await journey.clientOf(quiet.userId)).updatedAt;

    // Six days and 23 hours after the last activity: not yet.
    journey.setNow(new Date(lastActivity.getTime() + 7 * DAY_MS - 3_600_000));
    expect((await read(agent)).clients.map((client) => client.stalledReasons)).toEqual([[], [], []]);

    // Busy worked two days later (last activity is Postgres's clock, so it is written as such);
    // Quiet does nothing for a week; Finished has nothing left to do.
    await database.current.db
      .update(clients)
      .set({ updatedAt: new Date(lastActivity.getTime() + 2 * DAY_MS) })
      .where(eq(clients.userId, busy.userId));
    journey.setNow(new Date(lastActivity.getTime() + 7 * DAY_MS + 60_000));
    const week = await read(agent);
    expect(week.clients.map((client) => [client.firstName, client.stalledReasons])).toEqual([
      ['Quiet', [{ kind: 'inactive', days: 7 }]],
      ['Finished', []],
      ['Busy', []],
    ]);
    expect(insightOf(week, quiet)).toMatchObject({
      lastActivityAt: lastActivity.toISOString(),
      currentStage: { id: 'initial-assessment', name: 'Initial Assessment' },
    });
    expect(insightOf(week, finished).currentStage).toBeNull();

    // Another journey service on the same data, configured with N = 3: four days is enough.
    const strict = await startTestJourneyService(database.current, {
      deps: {
        config: loadJourneyConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          INSIGHTS_STALLED_AFTER_DAYS: '3',
        }),
      },
    });
    try {
      strict.setNow(new Date(lastActivity.getTime() + 4 * DAY_MS + 60_000));
      const insights = await read(agent, strict.app);
      expect(insights.rules.stalledAfterDays).toBe(3);
      expect(insightOf(insights, quiet).stalledReasons).toEqual([{ kind: 'inactive', days: 4 }]);
    } finally {
      await strict.stop();
    }
  });

  it('counts overdue tasks from each client’s own today, custom tasks too; not done ones, not Ready to Show!!', async () => {
    const agent = await journey.signUp('agent');
    const york = await journey.signUp('client', { firstName: 'York', timezone: 'America/New_York' });
    const tokyo = await journey.signUp('client', { firstName: 'Tokyo', timezone: 'Asia/Tokyo' });
    for (const seller of [york, tokyo]) await link(seller, agent);
    // Near the real time (no one inactive): 16:00 UTC is 12:00 in New York, 01:00 tomorrow in Tokyo.
    const utcToday = start.toISOString().slice(0, 10);
    journey.setNow(new Date(`${utcToday}T16:00:00Z`));
    for (const seller of [york, tokyo]) {
      const entries = await tasksOf(seller);
      await put(seller, byTitle(entries, 'Curb Appeal'), { dueDate: utcToday });
      await put(seller, byTitle(entries, 'Garage'), { dueDate: plusDays(utcToday, -1) });
      await put(seller, byTitle(entries, 'Kitchen'), {
        dueDate: plusDays(utcToday, -9),
        status: 'completed',
      });
      await put(seller, byTitle(entries, 'Pet cleanup'), { dueDate: plusDays(utcToday, -9) });
      await customTask(seller, { title: 'Call the stager', dueDate: plusDays(utcToday, -3) });
      const paid = await customTask(seller, { title: 'Pay the deposit', dueDate: plusDays(utcToday, -5) });
      await journey.app.inject({
        method: 'PUT',
        url: `/api/clients/current/custom-tasks/${paid.id}`,
        payload: { status: 'completed' },
        ...as(seller),
      });
      await customTask(seller, {
        title: 'Buy flowers',
        dueDate: plusDays(utcToday, -8),
        stageId: 'ready-to-show',
      });
      await customTask(seller, { title: 'Sign up', dueDate: plusDays(utcToday, 1) });
    }
    const insights = await read(agent);
    // New York: Garage (yesterday) and the stager call. Tokyo: Curb Appeal (due its yesterday) too.
    expect(insightOf(insights, york).stalledReasons).toEqual([
      { kind: 'overdue', tasks: 2, oldestDueDate: plusDays(utcToday, -3) },
    ]);
    expect(insightOf(insights, tokyo).stalledReasons).toEqual([
      { kind: 'overdue', tasks: 3, oldestDueDate: plusDays(utcToday, -3) },
    ]);
    // Most overdue first among the stalled.
    expect(insights.clients.map((client) => client.firstName)).toEqual(['Tokyo', 'York']);

    // Late evening in New York is already tomorrow in UTC: Curb Appeal is overdue there only then.
    journey.setNow(new Date(`${plusDays(utcToday, 1)}T03:00:00Z`));
    expect(insightOf(await read(agent), york).stalledReasons).toEqual([
      { kind: 'overdue', tasks: 2, oldestDueDate: plusDays(utcToday, -3) },
    ]);
    journey.setNow(new Date(`${plusDays(utcToday, 1)}T05:00:00Z`));
    expect(insightOf(await read(agent), york).stalledReasons).toEqual([
      { kind: 'overdue', tasks: 3, oldestDueDate: plusDays(utcToday, -3) },
    ]);
  });

  it('counts homes per stage, the finished ones last, by the seller journey’s stage rule', async () => {
    journey.setNow(null);
    const agent = await journey.signUp('agent');
    // The first does nothing: Initial Assessment.
    const [first, second, third, fourth] = await Promise.all(
      ['P1', 'P2', 'P3', 'P4'].map((firstName) => journey.signUp('client', { firstName })),
    ).then((sellers) => sellers.map((seller) => must(seller)));
    for (const seller of [first, second, third, fourth]) await link(must(seller), agent);
    await completeStages(must(second), ['initial-assessment', 'declutter']);
    await completeStages(must(third), PREPARATION);
    await completeStages(must(fourth), COUNTED);
    const insights = await read(agent);
    expect(
      Object.fromEntries(insights.pipeline.map((step) => [step.stage?.id ?? 'finished', step.homes])),
    ).toEqual({
      'initial-assessment': 1,
      declutter: 0,
      'repairs-maintenance': 1,
      'home-staging': 0,
      'marketing-photography': 0,
      'go-live-and-show': 1,
      'contract-to-closing': 0,
      finished: 1,
    });
  });

  it('reads every client in the same three statements, however many clients there are', async () => {
    journey.setNow(null);
    const agent = await journey.signUp('agent');
    const statementsFor = async () => {
      const query = vi.spyOn(database.current.pool, 'query');
      try {
        await read(agent);
        // Statements about the agent's clients (the ownership check reads auth.agents).
        return query.mock.calls.filter(([statement]) =>
          (typeof statement === 'string' ? statement : (statement as { text: string }).text).includes(
            '"agent_id"',
          ),
        ).length;
      } finally {
        query.mockRestore();
      }
    };
    await link(await journey.signUp('client'), agent);
    const withOne = await statementsFor();
    for (let index = 0; index < 5; index += 1) await link(await journey.signUp('client'), agent);
    expect((await read(agent)).clients).toHaveLength(6);
    expect(await statementsFor()).toBe(withOne);
    expect(withOne).toBe(3);
  });

  it('is the agent’s own: 401 signed out, 403 for a seller, another agent or an unknown id', async () => {
    const agent = await journey.signUp('agent');
    const otherAgent = await journey.signUp('agent');
    const seller = await journey.signUp('client');
    const url = `/api/agents/${agent.agentId}/insights`;
    expect((await journey.app.inject({ url })).statusCode).toBe(401);
    expect((await journey.app.inject({ url, ...as(seller) })).json()).toMatchObject({ code: 'FORBIDDEN' });
    for (const response of [
      await journey.app.inject({ url, ...as(otherAgent) }),
      await journey.app.inject({ url: '/api/agents/unknown/insights', ...as(agent) }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'NOT_YOUR_AGENT_ACCOUNT' });
    }
  });
});
