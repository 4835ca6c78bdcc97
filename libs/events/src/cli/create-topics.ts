/**
 * Creates the platform's Kafka topics (each event topic and its `.dlq`) and waits for their
 * leaders. Run once per release, e.g. as a Kubernetes Job before the services roll out:
 *
 *   KAFKA_BROKERS=kafka:9092 KAFKA_REPLICATION_FACTOR=3 node libs/events/src/cli/create-topics.ts
 */
import pino from 'pino';
import { allEventTopics } from '@listready/contracts';
import { eventsConfigFromEnv } from '../config.ts';
import { KafkaTransport } from '../kafka-transport.ts';

const logger = pino({ name: 'create-topics' });

async function main(): Promise<void> {
  const config = eventsConfigFromEnv(process.env);
  if (config.kafkaBrokers.length === 0) throw new Error('KAFKA_BROKERS is not set: nothing to create');
  const transport = new KafkaTransport({ ...config, clientId: `${config.clientId}-admin`, logger });
  try {
    const topics = allEventTopics();
    await transport.ensureTopics(topics);
    logger.info({ topics: topics.map((topic) => transport.physicalTopic(topic)) }, 'kafka topics ready');
  } finally {
    await transport.close();
  }
}

main().catch((error: unknown) => {
  logger.error({ err: error }, 'creating kafka topics failed');
  process.exitCode = 1;
});
