import { KafkaTransport } from '../kafka-transport.ts';

/** Deletes a test's namespaced topics, leaving the shared broker as we found it (best effort). */
export async function deleteNamespace(transport: KafkaTransport, namespace: string): Promise<void> {
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
