import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { taskEntriesSchema, type CustomTask } from '@listready/contracts';
import {
  authDeadLetters,
  authOutbox,
  authProcessedEvents,
  clients,
  journeyOutbox,
  journeyProcessedEvents,
  users,
} from '@listready/db';
import { createEventBus } from '@listready/events';
import { useTestDatabase } from '@listready/testing';
import pino from 'pino';
import { JOURNEY_READY_WAIT_MS } from '../households/journey-access.ts';
import {
  as,
  eventually,
  startEventProbe,
  startTestJourneyService,
  must,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('journey events', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  let probe: Awaited<ReturnType<typeof startEventProbe>>;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    probe = await startEventProbe(database.current, journey.transport, ['task-completed']);
  });
  afterAll(async () => {
    await probe.stop();
    await journey.stop();
  });

  const put = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    journey.app.inject({ method: 'PUT', url: `/api/client-tasks/${id}`, payload, ...as(user) });
  const outboxFor = (clientId: string) =>
    database.current.db
      .select()
      .from(journeyOutbox)
      .where(and(eq(journeyOutbox.type, 'task-completed'), eq(journeyOutbox.key, clientId)))
      .orderBy(journeyOutbox.seq);
  const receivedFor = (clientId: string) => probe.received.filter((event) => event.key === clientId);

  it('publishes task-completed exactly once per transition to completed, through the outbox', async () => {
    const seller = await journey.signUp('client');
    const entries = taskEntriesSchema.parse(
      (await journey.app.inject({ url: '/api/clients/current/tasks', ...as(seller) })).json(),
    );
    const client = await journey.clientOf(seller.userId);
    const task = must(entries.find((entry) => entry.taskTemplate.title === 'Touch up paint'));

    // Marking complete twice publishes once.
    expect((await put(seller, task.id, { status: 'completed' })).statusCode).toBe(200);
    expect((await put(seller, task.id, { status: 'completed' })).statusCode).toBe(200);
    // So do concurrent requests: the conditional update lets one of them through.
    const other = must(entries.find((entry) => entry.taskTemplate.title === 'Mow and edge the yard'));
    const concurrent = await Promise.all(
      Array.from({ length: 8 }, () => put(seller, other.id, { status: 'completed' })),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    // Other edits of a completed task publish nothing.
    expect((await put(seller, task.id, { notes: 'done on Sunday', dueDate: '2030-01-01' })).statusCode).toBe(
      200,
    );

    let rows = await outboxFor(must(client).id);
    expect(rows).toHaveLength(2);
    expect(must(rows[0]).envelope).toMatchObject({
      type: 'task-completed',
      version: 2,
      producer: 'journey',
      key: must(client).id,
      data: {
        clientId: must(client).id,
        taskId: task.id,
        kind: 'predefined',
        templateId: 'repairs-maintenance-1',
        title: 'Touch up paint',
        stageId: 'repairs-maintenance',
        stageName: 'Repairs & Maintenance',
        actorUserId: seller.userId,
        completedAt: expect.any(String),
      },
    });

    // Incomplete, then complete again: a second transition, a second event.
    expect((await put(seller, task.id, { status: 'pending' })).statusCode).toBe(200);
    expect((await put(seller, task.id, { status: 'completed' })).statusCode).toBe(200);
    rows = await outboxFor(must(client).id);
    expect(rows.map((row) => (row.envelope.data as { title: string }).title)).toEqual([
      'Touch up paint',
      'Mow and edge the yard',
      'Touch up paint',
    ]);

    // The relay delivers them; the subscriber sees each exactly once, in order.
    await eventually(async () => (await outboxFor(must(client).id)).every((row) => row.publishedAt !== null));
    await eventually(() => receivedFor(must(client).id).length === 3);
    expect(receivedFor(must(client).id).map((event) => event.id)).toEqual(rows.map((row) => row.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receivedFor(must(client).id)).toHaveLength(3);
  });

  it('custom tasks publish task-completed once when completed, with or without a stage', async () => {
    const seller = await journey.signUp('client');
    const create = (payload: Record<string, unknown>) =>
      journey.app.inject({
        method: 'POST',
        url: '/api/clients/current/custom-tasks',
        payload,
        ...as(seller),
      });
    const staged = (
      await create({ title: 'Fix the gate', stageId: 'repairs-maintenance' })
    ).json<CustomTask>();
    const unstaged = (await create({ title: 'Buy boxes' })).json<CustomTask>();
    const client = await journey.clientOf(seller.userId);
    const complete = (task: CustomTask) =>
      journey.app.inject({
        method: 'PUT',
        url: `/api/clients/current/custom-tasks/${task.id}`,
        payload: { status: 'completed' },
        ...as(seller),
      });
    const results = await Promise.all([
      complete(staged),
      complete(staged),
      complete(staged),
      complete(unstaged),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(must(results[0]).json<CustomTask>()).toMatchObject({ status: 'completed', custom: true });
    const rows = await outboxFor(must(client).id);
    // v2 announces custom tasks with or without a stage, once each.
    expect(rows.map((row) => row.envelope.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          taskId: staged.id,
          kind: 'custom',
          templateId: null,
          title: 'Fix the gate',
          stageId: 'repairs-maintenance',
          stageName: 'Repairs & Maintenance',
          actorUserId: seller.userId,
        }),
        expect.objectContaining({ taskId: unstaged.id, kind: 'custom', stageId: null, stageName: null }),
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  describe('user-registered', () => {
    const silent = pino({ level: 'silent' });
    /** services/auth's side: the user row and the event in one transaction (auth's outbox). */
    async function register(role: 'client' | 'agent', auth: ReturnType<typeof createEventBus>) {
      return database.current.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: `reg-${crypto.randomUUID()}@example.com`,
            password: 'x',
            firstName: 'Reg',
            lastName: 'Istered',
            phone: '555-0177',
            role,
          })
          .returning();
        const event = await auth.publish(tx, {
          type: 'user-registered',
          key: must(user).id,
          data: {
            userId: must(user).id,
            email: must(user).email,
            firstName: must(user).firstName,
            lastName: must(user).lastName,
            role,
          },
        });
        return { ...must(user), eventId: event.id };
      });
    }
    const clientRows = (userId: string) =>
      database.current.db.select().from(clients).where(eq(clients.userId, userId));

    it('creates the seller’s clients row once, from the event alone', async () => {
      const auth = createEventBus({
        database: database.current,
        transport: journey.transport,
        service: 'auth',
        logger: silent,
        outbox: authOutbox,
        processedEvents: authProcessedEvents,
        deadLetters: authDeadLetters,
      });
      await auth.start();
      try {
        const seller = await register('client', auth);
        await eventually(async () => (await clientRows(seller.id)).length === 1);
        expect((await clientRows(seller.id))[0]).toMatchObject({ phone: '555-0177', agentId: null });

        // The same registration announced again (a second event) changes nothing.
        const again = await auth.publish(database.current.db, {
          type: 'user-registered',
          key: seller.id,
          data: {
            userId: seller.id,
            email: 'again@example.com',
            firstName: 'Reg',
            lastName: 'Istered',
            role: 'client',
          },
        });
        const processed = async (eventId: string) =>
          (
            await database.current.db
              .select({ count: sql<number>`count(*)::int` })
              .from(journeyProcessedEvents)
              .where(
                and(
                  eq(journeyProcessedEvents.consumer, 'journey'),
                  eq(journeyProcessedEvents.eventId, eventId),
                ),
              )
          )[0]?.count === 1;
        await eventually(() => processed(again.id));
        expect(await clientRows(seller.id)).toHaveLength(1);

        // Agents get no clients row.
        const agent = await register('agent', auth);
        await eventually(() => processed(agent.eventId));
        expect(await clientRows(agent.id)).toHaveLength(0);

        // Before its event arrives a seller's reads create nothing: they wait for it a while, then say
        // the journey is not ready.
        const early = await journey.signUp('client', {}, { announce: false });
        const asked = performance.now();
        const notReady = await journey.app.inject({ url: '/api/clients/current/profile', ...as(early) });
        expect([notReady.statusCode, notReady.json().code]).toEqual([404, 'JOURNEY_NOT_READY']);
        expect(performance.now() - asked).toBeGreaterThanOrEqual(JOURNEY_READY_WAIT_MS);
        expect(await clientRows(early.userId)).toHaveLength(0);
        // A read sent before the event arrives waits for it and answers with the journey.
        const waiting = journey.app.inject({ url: '/api/clients/current/profile', ...as(early) });
        await delay(200);
        await auth.publish(database.current.db, {
          type: 'user-registered',
          key: early.userId,
          data: {
            userId: early.userId,
            email: early.email,
            firstName: 'Ann',
            lastName: 'Lee',
            role: 'client',
          },
        });
        expect((await waiting).statusCode).toBe(200);
        expect(await clientRows(early.userId)).toHaveLength(1);
      } finally {
        await auth.stop();
      }
    });
  });
});
