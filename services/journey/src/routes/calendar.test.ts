import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedSchema, taskEntriesSchema, userGroupSchema } from '@listready/contracts';
import { calendarEvents, clients, users, type NotificationPreferences } from '@listready/db';
import { loggedUrl } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

/** The feed as a calendar app reads it: ical.js's parse, one entry per VEVENT. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const alarm = vevent.getFirstSubcomponent('valarm');
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        start: event.startDate,
        end: event.endDate,
        stamp: vevent.getFirstPropertyValue('dtstamp'),
        url: vevent.getFirstPropertyValue('url'),
        trigger: alarm ? String(alarm.getFirstPropertyValue('trigger')) : null,
        related: alarm?.getFirstProperty('trigger')?.getParameter('related') ?? null,
      };
    }),
  };
}

describe('calendar feeds', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  let seller: TestUser;
  let member: TestUser;
  let agent: TestUser;
  let otherSeller: TestUser;
  let journeyTaskId = '';
  let completedTaskId = '';
  const trickyDescription =
    'Call Bob, the painter; ask about the fence\nthen the gate — “Müller & Söhne” ✓ ' + 'long '.repeat(30);

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => journey.app.inject({ method, url, ...(payload ? { payload } : {}), ...(user ? as(user) : {}) });
  const feedOf = async (user: TestUser) =>
    calendarFeedSchema.parse((await call(user, 'POST', '/api/calendar/feed')).json());
  /** Fetches a feed URL the way a calendar app does: no cookie. */
  const fetchFeed = (url: string) => journey.app.inject({ method: 'GET', url: new URL(url).pathname });

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    seller = await journey.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
    member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    otherSeller = await journey.signUp('client', { firstName: 'Olga', lastName: 'Other' });
    agent = await journey.signUp('agent', { firstName: 'Ada', lastName: 'Agent' });
    const sellerClientId = must(await journey.clientOf(seller.userId)).id;
    await database.current.db
      .update(clients)
      .set({ agentId: agent.agentId })
      .where(eq(clients.id, sellerClientId));
    const group = userGroupSchema.parse(
      (await call(seller, 'POST', '/api/user-groups', { name: 'Household' })).json(),
    );
    await call(member, 'POST', '/api/user-groups/join', { inviteCode: group.inviteCode });

    const tasks = taskEntriesSchema.parse((await call(seller, 'GET', '/api/clients/current/tasks')).json());
    journeyTaskId = must(tasks[0]).id;
    completedTaskId = must(tasks[1]).id;
    expect(
      (await call(seller, 'PUT', `/api/client-tasks/${journeyTaskId}`, { dueDate: '2026-12-01' })).statusCode,
    ).toBe(200);
    expect(
      (
        await call(seller, 'PUT', `/api/client-tasks/${completedTaskId}`, {
          dueDate: '2026-11-20',
          status: 'completed',
        })
      ).statusCode,
    ).toBe(200);
    for (const payload of [
      {
        title: 'Fix the gate, finally; really',
        description: trickyDescription,
        dueDate: '2026-12-03',
        assignedTo: ' max ',
      },
      { title: 'Buy paint', dueDate: '2026-12-05', assignedTo: 'Sam' },
      { title: 'Someday', assignedTo: 'Max' },
    ]) {
      const response = await call(seller, 'POST', '/api/clients/current/custom-tasks', payload);
      expect(response.statusCode).toBe(201);
    }
    // The other seller's dated task must never show in the first seller's people's feeds.
    await call(otherSeller, 'POST', '/api/clients/current/custom-tasks', {
      title: 'Not yours',
      dueDate: '2026-12-04',
      assignedTo: 'Max',
    });
  });
  afterAll(() => journey.stop());

  it('has no feed until the person asks for one (a read creates nothing)', async () => {
    const person = await journey.signUp('client');
    const response = await call(person, 'GET', '/api/calendar/feed');
    expect(response.statusCode).toBe(200);
    expect(calendarFeedSchema.parse(response.json())).toEqual({
      url: null,
      webcalUrl: null,
      createdAt: null,
    });
  });

  it("serves the seller's dated tasks as all-day events with stable UIDs and alarms", async () => {
    const feed = await feedOf(seller);
    expect(feed.url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[0-9a-f-]{36}_[A-Za-z0-9_-]{22}\.ics$/);
    expect(feed.webcalUrl).toBe(must(feed.url).replace(/^http:/, 'webcal:'));
    expect((await call(seller, 'GET', '/api/calendar/feed')).json()).toEqual(feed);
    // The address is a key: no log line or span shows it (service-kit's loggedUrl knows its shape).
    expect(loggedUrl(new URL(must(feed.url)).pathname)).toBe('/api/calendar/[redacted]');

    const response = await fetchFeed(must(feed.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // RFC 5545: CRLF line ends and lines folded at 75 octets.
    expect(response.body).toContain('\r\n');
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(response.body).toMatch(/^DTSTART;VALUE=DATE:20261201\r$/m);

    const { calendar, events } = parseFeed(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('ListReady — Sam Seller');
    expect(events.map((event) => event.start.toString())).toEqual([
      '2026-11-20',
      '2026-12-01',
      '2026-12-03',
      '2026-12-05',
    ]);
    const [completed, journeyTask, gate] = events;
    expect(journeyTask?.uid).toBe(`journey-${journeyTaskId}@listready`);
    expect(journeyTask?.start.isDate).toBe(true);
    expect(journeyTask?.end.toString()).toBe('2026-12-02');
    expect(journeyTask?.trigger).toBe('-PT6H');
    expect(journeyTask?.stamp).toBeTruthy();
    expect(String(journeyTask?.url)).toMatch(/\/journey$/);
    expect(completed?.summary.startsWith('✓ ')).toBe(true);
    expect(completed?.trigger).toBeNull();
    // Escaping survives the round trip: commas, semicolons, a line break, non-ASCII, a long line.
    expect(gate?.summary).toBe('Fix the gate, finally; really');
    // (The service trims what it stores.)
    expect(gate?.description).toBe(`Assigned to: max\n${trickyDescription.trim()}`);

    // The same feed again is the same text: UIDs and DTSTAMPs do not move between fetches.
    expect((await fetchFeed(must(feed.url))).body).toBe(response.body);
  });

  it("takes the person's own reminder minutes from their calendar event", async () => {
    await database.current.db.insert(calendarEvents).values({
      userId: seller.userId,
      taskId: journeyTaskId,
      title: 'Own reminder',
      startTime: new Date('2026-12-01T00:00:00Z'),
      isAllDay: true,
      reminderMinutes: 30,
    });
    const feed = await feedOf(seller);
    const { events } = parseFeed((await fetchFeed(must(feed.url))).body);
    expect(events.find((event) => event.uid === `journey-${journeyTaskId}@listready`)?.trigger).toBe(
      '-PT30M',
    );
  });

  /**
   * A new seller whose one task is due on Dec 9: their feed's alarms, and their notification
   * preferences set as PUT /api/auth/user/notifications stores them (auth owns the row).
   */
  async function sellerWithOneDatedTask(firstName: string) {
    const person = await journey.signUp('client', { firstName, lastName: 'Seller' });
    const [task] = taskEntriesSchema.parse((await call(person, 'GET', '/api/clients/current/tasks')).json());
    await call(person, 'PUT', `/api/client-tasks/${must(task).id}`, { dueDate: '2026-12-09' });
    const feed = await feedOf(person);
    return {
      alarms: async () =>
        parseFeed((await fetchFeed(must(feed.url))).body).events.map(({ trigger, related }) => ({
          trigger,
          related,
        })),
      setPreferences: (preferences: Partial<NotificationPreferences>) =>
        database.current.db
          .update(users)
          .set({
            notificationPreferences: { email: true, push: true, sms: false, calendar: true, ...preferences },
          })
          .where(eq(users.id, person.userId)),
    };
  }

  it("rings when the person chose to be reminded, counted from the due day's start", async () => {
    const { alarms, setPreferences } = await sellerWithOneDatedTask('Maya');
    await setPreferences({ reminderMinutes: -8 * 60 });
    // 8 am on the day: after the start, which the alarm must name (alone, it would count from the end).
    expect(await alarms()).toEqual([{ trigger: 'PT8H', related: 'START' }]);
    await setPreferences({ reminderMinutes: 30 * 60 });
    expect(await alarms()).toEqual([{ trigger: '-P1DT6H', related: null }]);
  });

  it('rings no alarm once the person turns calendar alerts off; the dates stay', async () => {
    const { alarms, setPreferences } = await sellerWithOneDatedTask('Quinn');
    const triggers = async () => (await alarms()).map(({ trigger }) => trigger);
    expect(await triggers()).toEqual(['-PT6H']);
    await setPreferences({ calendar: false });
    expect(await triggers()).toEqual([null]);
    await setPreferences({ calendar: true });
    expect(await triggers()).toEqual(['-PT6H']);
  });

  it("gives a household member what is assigned to them and the agent every client's dated task", async () => {
    const memberFeed = parseFeed((await fetchFeed(must((await feedOf(member)).url))).body);
    expect(memberFeed.events.map((event) => event.summary)).toEqual([
      'Sam Seller: Fix the gate, finally; really',
    ]);
    expect(String(memberFeed.events[0]?.url)).toContain('/journey?clientId=');

    const agentFeed = parseFeed((await fetchFeed(must((await feedOf(agent)).url))).body);
    expect(agentFeed.events).toHaveLength(4);
    expect(agentFeed.events.every((event) => event.summary.includes('Sam Seller: '))).toBe(true);
    expect(agentFeed.events.some((event) => event.summary.includes('Not yours'))).toBe(false);

    const otherFeed = parseFeed((await fetchFeed(must((await feedOf(otherSeller)).url))).body);
    expect(otherFeed.events.map((event) => event.summary)).toEqual(['Not yours']);
  });

  it('revokes the old address when a new one is made, and on DELETE', async () => {
    const first = must((await feedOf(seller)).url);
    const second = must((await feedOf(seller)).url);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);

    expect((await call(seller, 'DELETE', '/api/calendar/feed')).statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await call(seller, 'GET', '/api/calendar/feed')).json()).toEqual({
      url: null,
      webcalUrl: null,
      createdAt: null,
    });
  });

  it('refuses forged, malformed and unknown tokens with 404 in the error shape', async () => {
    const real = new URL(must((await feedOf(agent)).url)).pathname;
    const [, feedId = ''] = /\/api\/calendar\/([^_]+)_/.exec(real) ?? [];
    for (const path of [
      `/api/calendar/${feedId}_AAAAAAAAAAAAAAAAAAAAAA.ics`,
      `/api/calendar/${crypto.randomUUID()}_AAAAAAAAAAAAAAAAAAAAAA.ics`,
      real.replace(/\.ics$/, '.txt'),
      '/api/calendar/nothing.ics',
      '/api/calendar/.ics',
    ]) {
      const response = await journey.app.inject({ url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
    }
    // Longer than the router takes: refused in the error shape, never a 500.
    const tooLong = await journey.app.inject({ url: `/api/calendar/${'x'.repeat(300)}.ics` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toHaveProperty('message');
  });

  it('answers 401 to the feed settings when signed out', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(null, method, '/api/calendar/feed')).statusCode).toBe(401);
    }
  });
});
