import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customTaskSchema,
  JourneyErrorCode,
  liveEventSchema,
  liveEventsSchema,
  notesConflictSchema,
  taskEntriesSchema,
  taskEntrySchema,
  type LiveEvent,
} from '@listready/contracts';
import { clients, journeyOutbox } from '@listready/db';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { loadJourneyConfig } from '../config.ts';
import {
  as,
  eventually,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';
import { createLiveFeed } from './live-feed.ts';

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** A text/event-stream read over HTTP as EventSource reads it (fields per the HTML standard). */
async function openStream(url: string, user: TestUser | null, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, {
    signal: abort.signal,
    headers: {
      accept: 'text/event-stream',
      ...(user ? { cookie: `${SESSION_COOKIE}=${user.cookie}` } : {}),
      ...headers,
    },
  });
  const frames: Frame[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame: Frame = {};
        for (const line of buffer.slice(0, end).split('\n')) {
          if (line.startsWith(':')) frame.comment = line.slice(1).trim();
          const [field, ...rest] = line.split(': ');
          if (field === 'id' || field === 'event' || field === 'data') frame[field] = rest.join(': ');
        }
        frames.push(frame);
        buffer = buffer.slice(end + 2);
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      ended = true;
    });
  const events = () =>
    frames
      .filter((frame) => frame.data && !frame.event)
      .map((frame) => liveEventSchema.parse(JSON.parse(must(frame.data))));
  return {
    response,
    frames,
    events,
    ended: () => ended,
    async next(predicate: (event: LiveEvent) => boolean, timeoutMs = 2_000): Promise<LiveEvent> {
      await eventually(() => events().some(predicate), timeoutMs);
      return must(events().find(predicate));
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

describe('a live household', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  let base = '';
  let seller: TestUser;
  let member: TestUser;
  let agent: TestUser;
  let clientId = '';
  let tasks: { id: string }[] = [];

  const put = (user: TestUser, taskId: string, payload: object) =>
    journey.app.inject({ method: 'PUT', url: `/api/client-tasks/${taskId}`, payload, ...as(user) });

  beforeAll(async () => {
    journey = await startTestJourneyService(database.current, {
      deps: {
        config: loadJourneyConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          REMINDER_INTERVAL_MS: '0',
          LIVE_HEARTBEAT_MS: '200',
          LIVE_STREAM_MAX_MS: '60000',
        }),
      },
    });
    await journey.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(journey.app.server.address() as AddressInfo).port}`;
    seller = await journey.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
    member = await journey.signUp('client', { firstName: 'Max', lastName: 'Member' });
    agent = await journey.signUp('agent');
    clientId = must(await journey.clientOf(seller.userId)).id;
    await database.current.db.update(clients).set({ agentId: agent.agentId }).where(eq(clients.id, clientId));
    await journey.household(seller, member);
    tasks = taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) })).json(),
    );
  });
  let stopReplica = async () => undefined as unknown;
  afterAll(async () => {
    await stopReplica();
    await journey.stop();
  });

  it("a member's completion reaches the seller's stream, the agent's dashboard stream and a second replica's feed", async () => {
    const sellerStream = await openStream(`${base}/api/clients/current/live`, seller);
    const agentStream = await openStream(`${base}/api/agents/${must(agent.agentId)}/live`, agent);
    // Another replica of the service on the same backbone: a consumer group of its own. (It runs
    // to the end: on the in-process bus a declared group is waited for, running or not.)
    const replica = createLiveFeed({
      db: database.current.db,
      transport: journey.transport,
      logger: pino({ level: 'silent' }),
      groupId: 'journey-live-replica-2',
    });
    await replica.start();
    stopReplica = () => replica.stop();
    const heardByReplica: LiveEvent[] = [];
    const stopListening = replica.listen({ clientId }, (event) => heardByReplica.push(event));
    try {
      expect(sellerStream.response.status).toBe(200);
      expect(sellerStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const task = must(tasks[0]);
      const started = Date.now();
      expect((await put(member, task.id, { status: 'completed' })).statusCode).toBe(200);

      const heard = await sellerStream.next(
        (event) => event.taskId === task.id && event.type === 'task-completed',
      );
      expect(heard).toMatchObject({ clientId, fields: ['status'], actorUserId: member.userId });
      expect(Date.now() - started).toBeLessThan(1_000);
      await agentStream.next((event) => event.id === heard.id);
      await eventually(() => heardByReplica.some((event) => event.id === heard.id), 2_000);
      // The stream says which event it is, so a reconnection resumes after it.
      expect(sellerStream.frames.find((frame) => frame.data?.includes(heard.id))?.id).toBe(heard.id);
      // Idle streams get comment lines (here every 200 ms), so proxies keep them open.
      await eventually(() => sellerStream.frames.some((frame) => frame.comment === 'keep-alive'), 2_000);
    } finally {
      stopListening();
      await sellerStream.close();
      await agentStream.close();
    }
  });

  it('a note saved is announced (task-updated, no text); a reconnection with Last-Event-ID replays what it missed', async () => {
    const first = await openStream(`${base}/api/clients/current/live?clientId=${clientId}`, member);
    const task = must(tasks[1]);
    expect((await put(seller, task.id, { notes: 'Call the roofer' })).statusCode).toBe(200);
    const noted = await first.next((event) => event.taskId === task.id);
    expect(noted).toMatchObject({ type: 'task-updated', fields: ['notes'], actorUserId: seller.userId });
    expect(JSON.stringify(first.frames)).not.toContain('roofer');
    await first.close(); // the connection drops

    // Meanwhile: another note, a reopening, and a completion on the seller's journey.
    await put(member, task.id, { notes: 'Roofer comes Monday' });
    await put(member, must(tasks[0]).id, { status: 'pending' });
    await put(seller, must(tasks[2]).id, { status: 'completed' });

    const resumed = await openStream(`${base}/api/clients/current/live?clientId=${clientId}`, member, {
      'last-event-id': noted.id,
    });
    await eventually(() => resumed.events().length >= 3, 2_000);
    expect(resumed.events().map((event) => [event.type, event.taskId, event.fields])).toEqual([
      ['task-updated', task.id, ['notes']],
      ['task-updated', must(tasks[0]).id, ['status']],
      ['task-completed', must(tasks[2]).id, ['status']],
    ]);
    await resumed.close();

    // The same, polled as JSON; an id the journey never published asks the screen to read it all again.
    const polled = await journey.app.inject({
      url: `/api/clients/current/live?after=${noted.id}`,
      ...as(seller),
    });
    expect(liveEventsSchema.parse(polled.json()).events.map((event) => event.taskId)).toEqual([
      task.id,
      must(tasks[0]).id,
      must(tasks[2]).id,
    ]);
    const unknown = await openStream(`${base}/api/clients/current/live`, seller, {
      'last-event-id': '00000000-0000-4000-8000-000000000000',
    });
    await eventually(() => unknown.frames.some((frame) => frame.event === 'reset'), 2_000);
    await unknown.close();
  });

  it('who may listen: nobody signed in 401, another seller and another agent never hear this household', async () => {
    const otherSeller = await journey.signUp('client');
    const otherAgent = await journey.signUp('agent');
    const stream = { accept: 'text/event-stream' };
    expect((await journey.app.inject({ url: '/api/clients/current/live', headers: stream })).statusCode).toBe(
      401,
    );
    expect(
      (await journey.app.inject({ url: `/api/agents/${must(agent.agentId)}/live`, headers: stream }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await journey.app.inject({
          url: `/api/clients/current/live?clientId=${clientId}`,
          headers: stream,
          ...as(otherSeller),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await journey.app.inject({
          url: `/api/agents/${must(agent.agentId)}/live`,
          headers: stream,
          ...as(otherAgent),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await journey.app.inject({
          url: `/api/agents/${must(agent.agentId)}/live`,
          headers: stream,
          ...as(seller),
        })
      ).statusCode,
    ).toBe(403);

    // Their own streams stay quiet while this household works.
    const othersOwn = await openStream(`${base}/api/clients/current/live`, otherSeller);
    const otherAgentsOwn = await openStream(
      `${base}/api/agents/${must(otherAgent.agentId)}/live`,
      otherAgent,
    );
    const witness = await openStream(`${base}/api/clients/current/live`, seller);
    expect((await put(member, must(tasks[3]).id, { status: 'completed' })).statusCode).toBe(200);
    await witness.next((event) => event.taskId === must(tasks[3]).id, 5_000);
    expect(othersOwn.events()).toEqual([]);
    expect(otherAgentsOwn.events()).toEqual([]);
    // Nor can they replay it.
    const [latest] = await database.current.db
      .select({ id: journeyOutbox.id })
      .from(journeyOutbox)
      .where(eq(journeyOutbox.key, clientId))
      .limit(1);
    const replayed = await journey.app.inject({
      url: `/api/clients/current/live?after=${must(latest).id}`,
      ...as(otherSeller),
    });
    expect(liveEventsSchema.parse(replayed.json()).events).toEqual([]);
    await Promise.all([othersOwn.close(), otherAgentsOwn.close(), witness.close()]);
  });

  it('a member removed while listening hears nothing more: the stream says reset and ends, and is refused again', async () => {
    const leaving = await journey.signUp('client', { firstName: 'Lee', lastName: 'Leaving' });
    const [group] = (await journey.app.inject({ url: '/api/user-groups', ...as(seller) })).json() as {
      id: string;
      inviteCode: string;
    }[];
    const joined = await journey.app.inject({
      method: 'POST',
      url: '/api/user-groups/join',
      payload: { inviteCode: must(group).inviteCode },
      ...as(leaving),
    });
    expect(joined.statusCode).toBe(200);
    const url = `${base}/api/clients/current/live?clientId=${clientId}`;
    const listening = await openStream(url, leaving);
    expect(listening.response.status).toBe(200);
    expect((await put(seller, must(tasks[5]).id, { status: 'completed' })).statusCode).toBe(200);
    await listening.next((event) => event.taskId === must(tasks[5]).id, 5_000);

    const removed = await journey.app.inject({
      method: 'DELETE',
      url: `/api/user-groups/${must(group).id}/members/${leaving.userId}`,
      ...as(seller),
    });
    expect(removed.statusCode).toBe(204);
    // At the next heartbeat (200 ms here) at the latest.
    await eventually(() => listening.ended(), 5_000);
    expect(listening.frames.at(-1)).toMatchObject({ event: 'reset' });
    const heard = listening.events().length;
    expect((await put(seller, must(tasks[5]).id, { status: 'pending' })).statusCode).toBe(200);
    const witness = await openStream(`${base}/api/clients/current/live`, seller);
    expect((await put(seller, must(tasks[5]).id, { status: 'completed' })).statusCode).toBe(200);
    await witness.next((event) => event.taskId === must(tasks[5]).id, 5_000);
    expect(listening.events()).toHaveLength(heard);
    const again = await openStream(url, leaving);
    expect(again.response.status).toBe(404);
    await Promise.all([listening.close(), witness.close(), again.close()]);
  });

  it('two people editing one note: the later save sees the conflict (409 with the current notes), nothing is overwritten', async () => {
    const task = must(tasks[4]);
    await put(seller, task.id, { notes: 'Paint: white' });
    // Both open the note reading "Paint: white"; the member saves first.
    expect(
      (await put(member, task.id, { notes: 'Paint: white, two coats', baseNotes: 'Paint: white' }))
        .statusCode,
    ).toBe(200);
    const late = await put(seller, task.id, { notes: 'Paint: grey', baseNotes: 'Paint: white' });
    expect(late.statusCode).toBe(409);
    const conflict = notesConflictSchema.parse(late.json());
    expect(conflict.code).toBe(JourneyErrorCode.notesConflict);
    expect(conflict.current.clientTask.notes).toBe('Paint: white, two coats');

    // The seller keeps both, from what they now have seen: saved.
    const merged = await put(seller, task.id, {
      notes: 'Paint: grey\nPaint: white, two coats',
      baseNotes: 'Paint: white, two coats',
    });
    expect(taskEntrySchema.parse(merged.json()).clientTask.notes).toBe(
      'Paint: grey\nPaint: white, two coats',
    );
    // Saving the very text that is there is no conflict; a note cleared is a base of ''.
    expect(
      (await put(member, task.id, { notes: 'Paint: grey\nPaint: white, two coats', baseNotes: 'x' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(member, task.id, { notes: '', baseNotes: 'Paint: grey\nPaint: white, two coats' }))
        .statusCode,
    ).toBe(200);
    expect((await put(seller, task.id, { notes: 'New', baseNotes: '' })).statusCode).toBe(200);
    // Without baseNotes (older clients) the note is replaced; baseNotes alone is refused.
    expect((await put(seller, task.id, { notes: 'Replaced' })).statusCode).toBe(200);
    const alone = await put(seller, task.id, { baseNotes: 'Replaced' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ issues: [{ path: 'baseNotes' }] });
  });

  it('a custom task created, edited, completed, reopened and deleted reaches the household’s and the agent’s streams', async () => {
    const memberStream = await openStream(`${base}/api/clients/current/live?clientId=${clientId}`, member);
    const agentStream = await openStream(`${base}/api/agents/${must(agent.agentId)}/live`, agent);
    const customUrl = '/api/clients/current/custom-tasks';
    const created = await journey.app.inject({
      method: 'POST',
      url: customUrl,
      payload: { title: 'Book the skip for the garage clear-out' },
      ...as(seller),
    });
    expect(created.statusCode).toBe(201);
    const taskId = customTaskSchema.parse(created.json()).id;
    const change = (payload: object, user: TestUser = seller) =>
      journey.app.inject({
        method: 'PUT',
        url: `${customUrl}/${taskId}?clientId=${clientId}`,
        payload,
        ...as(user),
      });
    expect((await change({ title: 'Book the skip', dueDate: '2026-12-05' }, member)).statusCode).toBe(200);
    expect((await change({ priority: 'medium' })).statusCode).toBe(200); // as it was: nothing to say
    expect((await change({ status: 'completed' }, member)).statusCode).toBe(200);
    expect((await change({ status: 'pending', assignedTo: 'Max' })).statusCode).toBe(200);
    expect(
      (await journey.app.inject({ method: 'DELETE', url: `${customUrl}/${taskId}`, ...as(seller) }))
        .statusCode,
    ).toBe(204);

    const deleted = await memberStream.next((event) => event.taskId === taskId && event.change === 'deleted');
    const heard = memberStream
      .events()
      .filter((event) => event.taskId === taskId)
      .map((event) => [event.type, event.change, event.fields, event.actorUserId]);
    expect(heard).toEqual([
      ['task-updated', 'created', [], seller.userId],
      ['task-updated', 'updated', ['title', 'dueDate'], member.userId],
      ['task-completed', 'updated', ['status'], member.userId],
      ['task-updated', 'updated', ['assignedTo', 'status'], seller.userId],
      ['task-updated', 'deleted', [], seller.userId],
    ]);
    // The words stay the household's: the stream names fields, not the title.
    expect(JSON.stringify(memberStream.frames)).not.toContain('skip');
    await agentStream.next((event) => event.id === deleted.id);
    await Promise.all([memberStream.close(), agentStream.close()]);
  });
});
