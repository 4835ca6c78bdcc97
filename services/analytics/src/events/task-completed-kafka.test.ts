import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyticsStatsSchema } from '@listready/contracts';
import { analyticsEvents } from '@listready/db';
import type { KafkaTransport } from '@listready/events';
import { namespacedKafkaTransport } from '@listready/events/testing';
import { describeWithEngine, testKafkaBrokers, useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  startTestAnalyticsService,
  type TestAnalyticsService,
} from '../testing/test-analytics-service.ts';

/**
 * `task-completed` on a real Apache Kafka broker (KAFKA_BROKERS, `npm run kafka:start`): written to
 * journey's outbox, relayed, consumed by services/analytics and counted in the agent's stats once.
 * Topics live in a namespace of this run, removed afterwards.
 */
describeWithEngine('kafka', 'task-completed on Apache Kafka reaches the agent’s analytics', () => {
  const database = useTestDatabase();
  let kafka: ReturnType<typeof namespacedKafkaTransport>;
  let transport: KafkaTransport;
  let analytics: TestAnalyticsService;
  beforeAll(async () => {
    kafka = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-analytics-test');
    transport = kafka.transport;
    analytics = await startTestAnalyticsService(database.current, { deps: { transport } });
  }, 60_000);
  afterAll(async () => {
    await analytics.stop();
    await kafka.dispose();
  }, 60_000);

  it('counts a completed task once', async () => {
    const agent = await analytics.signUp('agent');
    const seller = await analytics.signUp('client', { agentOf: agent });
    const clientId = await analytics.clientIdOf(seller);
    const event = await analytics.publish({
      type: 'task-completed',
      key: clientId,
      data: {
        clientId,
        taskId: crypto.randomUUID(),
        kind: 'predefined',
        templateId: 'declutter-closets',
        title: 'Clear the closets',
        stageId: 'stage-declutter',
        stageName: 'Declutter',
        actorUserId: seller.userId,
        completedAt: new Date().toISOString(),
      },
    });
    const rows = () =>
      database.current.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, event.id));
    await eventually(async () => (await rows()).length > 0, 30_000);
    // Time for a duplicate to show up if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stats = analyticsStatsSchema.parse(
      (await analytics.app.inject({ url: '/api/analytics/stats', ...as(agent) })).json(),
    );
    expect(stats.topEvents).toEqual([{ event: 'task_completed', count: 1 }]);
    expect(stats.totalEvents).toBe(1);
  }, 60_000);
});
