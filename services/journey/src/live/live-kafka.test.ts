import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveEventSchema, taskEntriesSchema, type LiveEvent } from '@listready/contracts';
import type { KafkaTransport } from '@listready/events';
import { namespacedKafkaTransport } from '@listready/events/testing';
import { SESSION_COOKIE } from '@listready/service-kit';
import { describeWithEngine, testKafkaBrokers, useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  must,
  startTestJourneyService,
  type TestJourneyService,
} from '../testing/test-journey-service.ts';

/**
 * Two replicas of the journey service on a real Apache Kafka (KAFKA_BROKERS, `npm run kafka:start`),
 * one database: a browser connected to replica B hears a completion made through replica A, because
 * each replica's live feed is a consumer group of its own. Topics live in a namespace of this run.
 */
describeWithEngine('kafka', 'the live household across replicas on Apache Kafka', () => {
  const database = useTestDatabase();
  let kafka: ReturnType<typeof namespacedKafkaTransport>;
  let transport: KafkaTransport;
  let replicaA: TestJourneyService | undefined;
  let replicaB: TestJourneyService | undefined;
  beforeAll(async () => {
    kafka = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-journey-live-test');
    transport = kafka.transport;
  }, 90_000);
  afterAll(async () => {
    await replicaA?.stop();
    await replicaB?.stop();
    await kafka.dispose();
  }, 60_000);

  it('a completion made on replica A reaches a stream open on replica B', async () => {
    // The seller signs up first, on the in-process bus (journey's first Kafka join is slow here);
    // the database and the session stay.
    const signUp = await startTestJourneyService(database.current);
    const seller = await signUp.signUp('client', { firstName: 'Sam', lastName: 'Seller' });
    await signUp.stop();
    replicaA = await startTestJourneyService(database.current, { deps: { transport } });
    const tasks = taskEntriesSchema.parse(
      (await replicaA.app.inject({ url: '/api/clients/current/tasks', ...as(seller) })).json(),
    );
    const task = must(tasks[0]);
    // Replica B starts once the seller exists (two members of the journey group would rebalance
    // while sign-up waits for user-registered).
    replicaB = await startTestJourneyService(database.current, { deps: { transport } });
    await replicaB.app.listen({ port: 0, host: '127.0.0.1' });

    const base = `http://127.0.0.1:${(replicaB.app.server.address() as AddressInfo).port}`;
    const abort = new AbortController();
    const response = await fetch(`${base}/api/clients/current/live`, {
      signal: abort.signal,
      headers: { accept: 'text/event-stream', cookie: `${SESSION_COOKIE}=${seller.cookie}` },
    });
    expect(response.status).toBe(200);
    const heard: LiveEvent[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of must(response.body)) {
        for (const line of decoder.decode(chunk as Uint8Array).split('\n')) {
          if (line.startsWith('data: {"id"')) heard.push(liveEventSchema.parse(JSON.parse(line.slice(6))));
        }
      }
    })().catch(() => undefined);
    // The new groups have joined and been given their partitions before anything is published.
    await new Promise((resolve) => setTimeout(resolve, 8_000));

    const put = await replicaA.app.inject({
      method: 'PUT',
      url: `/api/client-tasks/${task.id}`,
      payload: { status: 'completed' },
      ...as(seller),
    });
    expect(put.statusCode).toBe(200);
    await eventually(
      () => heard.some((event) => event.type === 'task-completed' && event.taskId === task.id),
      30_000,
    );
    abort.abort();
    await reading;

    // Each replica's live group is its own, and a replica that stops takes its group with it: the
    // broker keeps no group, and no offsets, of a process that is gone.
    expect(await liveGroups()).toHaveLength(2);
    await replicaB.stop();
    replicaB = undefined;
    expect(await liveGroups()).toHaveLength(1);
  }, 90_000);

  /** The journey-live-<uuid> groups the broker has in this run's namespace. */
  async function liveGroups(): Promise<string[]> {
    const admin = transport.kafka.admin();
    await admin.connect();
    try {
      const prefix = transport.physicalGroup('journey-live-');
      return (await admin.listGroups()).groups
        .map((group) => group.groupId)
        .filter((groupId) => groupId.startsWith(prefix));
    } finally {
      await admin.disconnect();
    }
  }
});
