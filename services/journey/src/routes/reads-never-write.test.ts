import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedSchema, taskEntriesSchema } from '@listready/contracts';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

const database = useTestDatabase();
let journey: TestJourneyService;

/** Every row of every table the service can reach (its own schema, outbox included, and auth's). */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await database.current.pool.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema in ('journey', 'auth') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await database.current.pool.query<{ count: number; digest: string | null }>(
      `select count(*)::int as count, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
    );
    result[name] = `${rows[0]?.count}:${rows[0]?.digest}`;
  }
  return result;
}

/** The file name of the active seller's calendar feed (`<token>.ics`). */
let feedFile = '';

/** The GET routes of the service (HEAD and health probes aside), with `:agentId` and `:file` filled in. */
function getRoutes(agent: TestUser): string[] {
  return journey.app.registeredRoutes
    .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
    .map((route) => route.url.replace(':agentId', must(agent.agentId)).replace(':file', feedFile));
}

describe('a read never writes', () => {
  let activeSeller: TestUser;
  let newSeller: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    agent = await journey.signUp('agent');
    newSeller = await journey.signUp('client');
    activeSeller = await journey.signUp('client');
    const tasks = taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(activeSeller) })).json(),
    );
    // Activity: a completed task with notes, a custom task, and a stage completed by those writes.
    for (const task of tasks.filter((entry) => entry.stage.id === 'initial-assessment')) {
      const put = await journey.app.inject({
        method: 'PUT',
        url: `/api/client-tasks/${task.id}`,
        payload: { status: 'completed', notes: 'done' },
        ...as(activeSeller),
      });
      expect(put.statusCode).toBe(200);
    }
    const custom = await journey.app.inject({
      method: 'POST',
      url: '/api/clients/current/custom-tasks',
      payload: { title: 'Paint the fence', stageId: 'declutter' },
      ...as(activeSeller),
    });
    expect(custom.statusCode).toBe(201);
    // A calendar feed with a dated task in it, so its GET reads something.
    const dated = await journey.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${must(tasks[0]).id}`,
      payload: { dueDate: '2030-05-01' },
      ...as(activeSeller),
    });
    expect(dated.statusCode).toBe(200);
    const feed = calendarFeedSchema.parse(
      (await journey.app.inject({ method: 'POST', url: '/api/calendar/feed', ...as(activeSeller) })).json(),
    );
    feedFile = must(feed.url).split('/').pop() ?? '';
  });
  afterAll(() => journey.stop());

  it('covers the service’s GET routes', () => {
    expect(getRoutes(agent).length).toBeGreaterThanOrEqual(6);
  });

  it('every GET, as a new seller, an active seller, an agent and signed out, leaves every row as it was', async () => {
    // The relay may still be stamping the setup's events: wait until the outbox is quiet.
    let before = await snapshot();
    for (let settled = false; !settled;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await snapshot();
      settled = JSON.stringify(again) === JSON.stringify(before);
      before = again;
    }
    const callers = [newSeller, activeSeller, agent, null];
    const answered: number[] = [];
    for (const url of getRoutes(agent)) {
      for (const caller of callers) {
        const response = await journey.app.inject({ url, ...(caller ? as(caller) : {}) });
        answered.push(response.statusCode);
      }
    }
    expect(answered.filter((status) => status === 200).length).toBeGreaterThanOrEqual(8);
    expect(await snapshot()).toEqual(before);
  });
});
