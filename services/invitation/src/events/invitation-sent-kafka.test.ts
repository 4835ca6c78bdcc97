import { afterAll, beforeAll, expect, it } from 'vitest';
import { invitationResponseSchema } from '@listready/contracts';
import type { KafkaTransport } from '@listready/events';
import { namespacedKafkaTransport } from '@listready/events/testing';
import { describeWithEngine, testKafkaBrokers, useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  startEventProbe,
  startTestInvitationService,
  type TestInvitationService,
} from '../testing/test-invitation-service.ts';

/**
 * `invitation-sent` on a real Apache Kafka broker (KAFKA_BROKERS, `npm run kafka:start`): written to
 * the outbox with the invitation, relayed, and handed to another service's consumer exactly once.
 * Topics live in a namespace of this run, removed afterwards.
 */
describeWithEngine('kafka', 'invitation-sent on Apache Kafka', () => {
  const database = useTestDatabase();
  let kafka: ReturnType<typeof namespacedKafkaTransport>;
  let transport: KafkaTransport;
  let service: TestInvitationService;
  beforeAll(async () => {
    kafka = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-invitation-test');
    transport = kafka.transport;
    service = await startTestInvitationService(database.current, { deps: { transport } });
  }, 60_000);
  afterAll(async () => {
    await service.stop();
    await kafka.dispose();
  }, 60_000);

  it('delivers invitation-sent once to a consumer', async () => {
    const probe = await startEventProbe(database.current, transport, ['invitation-sent']);
    try {
      const agent = await service.signUp('agent');
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/invitations',
        payload: { name: 'Sam Seller', email: `kafka-${Date.now()}@example.com`, type: 'agent-to-client' },
        ...as(agent),
      });
      expect(response.statusCode).toBe(200);
      const { invitationId } = invitationResponseSchema.parse(response.json());
      await eventually(() => probe.received.some((event) => event.key === invitationId), 30_000);
      // Time for a duplicate to show up if one were coming.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(probe.received.filter((event) => event.key === invitationId)).toHaveLength(1);
    } finally {
      await probe.stop();
    }
  }, 60_000);
});
