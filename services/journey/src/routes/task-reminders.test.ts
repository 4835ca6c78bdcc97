import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customTaskSchema,
  INVALID_REMINDER_LEAD,
  REMINDER_LEADS,
  taskEntriesSchema,
  taskRemindersSchema,
} from '@listready/contracts';
import { useTestDatabase } from '@listready/testing';
import { reminderMinutesOf, taskKey } from '../calendar/dated-tasks.ts';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('a person’s own reminder time for a task: /api/clients/current/task-reminders', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => journey.stop());

  const path = '/api/clients/current/task-reminders';
  const put = (user: TestUser, payload: unknown, clientId?: string) =>
    journey.app.inject({
      method: 'PUT',
      url: clientId ? `${path}?clientId=${clientId}` : path,
      payload: payload as object,
      ...as(user),
    });
  const list = async (user: TestUser, clientId?: string) => {
    const response = await journey.app.inject({
      url: clientId ? `${path}?clientId=${clientId}` : path,
      ...as(user),
    });
    expect(response.statusCode).toBe(200);
    return taskRemindersSchema.parse(response.json()).reminders;
  };
  const firstTaskOf = async (user: TestUser) =>
    must(
      taskEntriesSchema.parse(
        (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(user) })).json(),
      )[0],
    ).id;
  /** What the reminder scheduler and the calendar feed read for this person. */
  const minutesRead = async (user: TestUser) => reminderMinutesOf(database.current.db, [user.userId]);

  it('sets a journey task’s time, which the scheduler and the feed read, and goes back to the profile’s', async () => {
    const seller = await journey.signUp('client');
    const taskId = await firstTaskOf(seller);
    expect(await list(seller)).toEqual([]);

    const set = await put(seller, { source: 'journey', taskId, minutes: 1800 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ source: 'journey', taskId, minutes: 1800 });
    expect(await list(seller)).toEqual([{ source: 'journey', taskId, minutes: 1800 }]);
    expect((await minutesRead(seller)).get(`${seller.userId}|${taskKey('journey', taskId)}`)).toBe(1800);

    // Changed: one time per person and task, the latest.
    await put(seller, { source: 'journey', taskId, minutes: -480 });
    expect(await list(seller)).toEqual([{ source: 'journey', taskId, minutes: -480 }]);
    expect((await minutesRead(seller)).size).toBe(1);

    const cleared = await put(seller, { source: 'journey', taskId, minutes: null });
    expect(cleared.json()).toEqual({ source: 'journey', taskId, minutes: null });
    expect(await list(seller)).toEqual([]);
    expect((await minutesRead(seller)).size).toBe(0);
  });

  it('keeps one time per person and task when saves arrive together', async () => {
    const seller = await journey.signUp('client');
    const taskId = await firstTaskOf(seller);
    const times = [...REMINDER_LEADS, ...REMINDER_LEADS];
    const answers = await Promise.all(
      times.map((minutes) => put(seller, { source: 'journey', taskId, minutes })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(times.map(() => 200));
    const kept = await list(seller);
    expect(kept).toHaveLength(1);
    expect(times).toContain(kept[0]?.minutes);
    expect((await minutesRead(seller)).size).toBe(1);
  });

  it('sets a custom task’s time too', async () => {
    const seller = await journey.signUp('client');
    const created = await journey.app.inject({
      method: 'POST',
      url: '/api/clients/current/custom-tasks',
      payload: { title: 'Book the roofer', dueDate: '2031-03-04' },
      ...as(seller),
    });
    const { id } = customTaskSchema.parse(created.json());
    expect((await put(seller, { source: 'custom', taskId: id, minutes: 960 })).statusCode).toBe(200);
    expect(await list(seller)).toEqual([{ source: 'custom', taskId: id, minutes: 960 }]);
    expect((await minutesRead(seller)).get(`${seller.userId}|${taskKey('custom', id)}`)).toBe(960);
  });

  it('keeps each person’s own: a household member’s time is theirs, not the seller’s', async () => {
    const seller = await journey.signUp('client');
    const member = await journey.signUp('client');
    const clientId = await journey.household(seller, member);
    const taskId = await firstTaskOf(seller);
    expect((await put(member, { source: 'journey', taskId, minutes: 1800 }, clientId)).statusCode).toBe(200);
    expect(await list(member, clientId)).toEqual([{ source: 'journey', taskId, minutes: 1800 }]);
    expect(await list(seller)).toEqual([]);
    // The member's own journey has none of it.
    expect(await list(member)).toEqual([]);
  });

  it('refuses a task of another journey, a time not offered and a source it does not know', async () => {
    const seller = await journey.signUp('client');
    const other = await journey.signUp('client');
    const othersTask = await firstTaskOf(other);
    const notHers = await put(seller, { source: 'journey', taskId: othersTask, minutes: 360 });
    expect(notHers.statusCode).toBe(404);
    expect((await minutesRead(seller)).size).toBe(0);
    expect((await put(seller, { source: 'custom', taskId: othersTask, minutes: 360 })).statusCode).toBe(404);

    const taskId = await firstTaskOf(seller);
    const odd = await put(seller, { source: 'journey', taskId, minutes: 123 });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ issues: [{ path: 'minutes', message: INVALID_REMINDER_LEAD }] });
    const unknown = await put(seller, { source: 'calendar', taskId, minutes: 360 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'source' })] });
    const missing = await put(seller, { source: 'journey', taskId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'minutes' })] });
  });
});
