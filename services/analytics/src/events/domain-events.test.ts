import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsStatsSchema, SERVER_SESSION_ID } from '@listready/contracts';
import { analyticsEvents, analyticsProcessedEvents } from '@listready/db';
import { recordStatements, useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  startTestAnalyticsService,
  type TestAnalyticsService,
  type TestUser,
} from '../testing/test-analytics-service.ts';

/**
 * The platform's domain events, published by their producers' outboxes and relays on the embedded
 * transport, become server-side usage events of the right user — each once.
 */
describe('domain events recorded as usage', () => {
  const database = useTestDatabase();
  let analytics: TestAnalyticsService;
  let agent: TestUser;
  let seller: TestUser;
  let clientId: string;
  beforeAll(async () => {
    analytics = await startTestAnalyticsService(database.current);
    agent = await analytics.signUp('agent');
    seller = await analytics.signUp('client', { agentOf: agent });
    clientId = await analytics.clientIdOf(seller);
  });
  afterAll(() => analytics.stop());

  const recorded = (id: string) =>
    database.current.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, id));
  const processed = async (id: string) =>
    (
      await database.current.db
        .select()
        .from(analyticsProcessedEvents)
        .where(eq(analyticsProcessedEvents.eventId, id))
    ).length > 0;
  const statsOf = async (user: TestUser) =>
    analyticsStatsSchema.parse(
      (await analytics.app.inject({ url: '/api/analytics/stats', ...as(user) })).json(),
    );
  const taskCompleted = () => ({
    type: 'task-completed' as const,
    key: clientId,
    data: {
      clientId,
      taskId: crypto.randomUUID(),
      kind: 'predefined' as const,
      templateId: 'declutter-closets',
      title: 'Clear the closets',
      stageId: 'stage-declutter',
      stageName: 'Declutter',
      actorUserId: seller.userId,
      completedAt: new Date().toISOString(),
    },
  });

  it('a task completed appears in the agent’s stats exactly once, even delivered again', async () => {
    const before = await statsOf(agent);
    const event = await analytics.publish(taskCompleted());
    await eventually(() => processed(event.id));
    const [row] = await recorded(event.id);
    expect(row).toMatchObject({
      event: 'task_completed',
      userId: seller.userId,
      sessionId: SERVER_SESSION_ID,
      timestamp: new Date(event.data.completedAt),
      properties: { source: 'journey', taskTitle: 'Clear the closets', stageName: 'Declutter', clientId },
    });

    // Kafka may deliver a message again (a crash before the commit of its offset): nothing changes.
    await analytics.transport.send([
      { topic: 'task-completed', key: event.key, value: JSON.stringify(event), headers: {} },
    ]);
    expect(await recorded(event.id)).toHaveLength(1);
    const after = await statsOf(agent);
    expect(after.totalEvents).toBe(before.totalEvents + 1);
    expect(after.topEvents).toContainEqual({ event: 'task_completed', count: 1 });
    expect(after.uniqueUsers).toBe(1);
    // Another agent sees none of it.
    const other = await analytics.signUp('agent');
    expect((await statsOf(other)).totalEvents).toBe(0);
  });

  it('records stage completions, invitations and sign-ups as the usage of whom they concern', async () => {
    const stage = await analytics.publish({
      type: 'stage-completed',
      key: clientId,
      data: { clientId, stageId: 'stage-declutter', stageName: 'Declutter' },
    });
    const invitationId = crypto.randomUUID();
    const sent = await analytics.publish({
      type: 'invitation-sent',
      key: invitationId,
      data: {
        invitationId,
        type: 'agent-to-client',
        inviterUserId: agent.userId,
        inviteeEmail: 'new.seller@example.com',
        inviteeName: 'New Seller',
        inviteePhone: null,
        expiresAt: null,
      },
    });
    const accepted = await analytics.publish({
      type: 'invitation-accepted',
      key: invitationId,
      data: {
        invitationId,
        type: 'agent-to-client',
        inviterUserId: agent.userId,
        acceptedByUserId: seller.userId,
      },
    });
    const registered = await analytics.publish({
      type: 'user-registered',
      key: seller.userId,
      data: { userId: seller.userId, email: seller.email, firstName: 'Ann', lastName: 'Lee', role: 'client' },
    });
    for (const event of [stage, sent, accepted, registered]) await eventually(() => processed(event.id));

    const rows = await Promise.all(
      [stage, sent, accepted, registered].map(async (event) => (await recorded(event.id))[0]),
    );
    expect(rows.map((row) => [row?.event, row?.userId])).toEqual([
      ['stage_completed', seller.userId],
      ['invitation_sent', agent.userId],
      ['invitation_accepted', seller.userId],
      ['user_registered', seller.userId],
    ]);
    // Who was invited, and the new account's name and address, stay with their own services.
    expect(JSON.stringify(rows)).not.toContain('new.seller@example.com');
    expect(JSON.stringify(rows)).not.toContain(seller.email);
    expect(rows[3]?.properties).toEqual({ source: 'auth', role: 'client' });
  });

  it('keeps a task of a seller whose client row is gone, with no user', async () => {
    const orphan = crypto.randomUUID();
    const event = await analytics.publish({
      ...taskCompleted(),
      key: orphan,
      data: { ...taskCompleted().data, clientId: orphan },
    });
    await eventually(() => processed(event.id));
    expect((await recorded(event.id))[0]?.userId).toBeNull();
  });

  it('a task completed costs its consumer one transaction of two named statements', async () => {
    // What each connection sends while the event is applied (issue #16 item 5: one per completion).
    const recording = recordStatements();
    let eventId = '';
    try {
      eventId = (await analytics.publish(taskCompleted())).id;
      await eventually(() => processed(eventId));
    } finally {
      recording.stop();
    }
    const { sent } = recording;
    // The consumer's transaction: from the begin before its processed-event record to its commit.
    const record = sent.findIndex((statement) =>
      /^insert into "analytics"."processed_events"/.test(statement.text),
    );
    const connection = sent[record]?.client;
    const own = sent.filter((statement) => statement.client === connection);
    const at = own.indexOf(sent[record] as (typeof own)[number]);
    const end = own.findIndex((statement, index) => index > at && statement.text === 'commit');
    expect(own.slice(at - 1, end + 1).map((statement) => statement.name ?? statement.text)).toEqual([
      'begin',
      'events_record_processed_analytics',
      'analytics_record_seller_event',
      'commit',
    ]);
    expect((await recorded(eventId))[0]?.userId).toBe(seller.userId);
  });
});
