import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invitationResponseSchema } from '@listready/contracts';
import { KafkaTransport } from '@listready/events';
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
  const namespace = `test-${randomBytes(4).toString('hex')}.`;
  let transport: KafkaTransport;
  let service: TestInvitationService;
  beforeAll(async () => {
    transport = new KafkaTransport({
      brokers: testKafkaBrokers() ?? [],
      clientId: 'listready-invitation-test',
      namespace,
      partitions: 3,
      logger: pino({ level: 'silent' }),
    });
    service = await startTestInvitationService(database.current, { deps: { transport } });
  }, 60_000);
  afterAll(async () => {
    await service.stop();
    const admin = transport.kafka.admin();
    try {
      await admin.connect();
      const mine = (await admin.listTopics()).filter((topic) => topic.startsWith(namespace));
      if (mine.length > 0) await admin.deleteTopics({ topics: mine, timeout: 10_000 });
    } catch {
      // Best effort: a leftover namespaced topic harms no other test.
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await transport.close();
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
