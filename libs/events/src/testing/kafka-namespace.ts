import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { KafkaTransport } from '../kafka-transport.ts';

/** Deletes a test's namespaced topics, leaving the shared broker as we found it (best effort). */
async function deleteNamespace(transport: KafkaTransport, namespace: string): Promise<void> {
  const admin = transport.kafka.admin();
  try {
    await admin.connect();
    const mine = (await admin.listTopics()).filter((topic) => topic.startsWith(namespace));
    if (mine.length > 0) await admin.deleteTopics({ topics: mine, timeout: 10_000 });
  } catch {
    // A leftover namespaced topic harms no other test.
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * A Kafka transport on `brokers` whose topics live in a namespace of this test run; `dispose`
 * deletes them and closes the transport.
 */
export function namespacedKafkaTransport(brokers: string[], clientId: string) {
  const namespace = `test-${randomBytes(4).toString('hex')}.`;
  const transport = new KafkaTransport({
    kafkaBrokers: brokers,
    clientId,
    namespace,
    partitions: 3,
    logger: pino({ level: 'silent' }),
  });
  return {
    transport,
    namespace,
    async dispose(): Promise<void> {
      await deleteNamespace(transport, namespace);
      await transport.close();
    },
  };
}
