import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeWithEngine, testKafkaBrokers } from '@listready/testing';
import { describeEventBackbone } from './testing/backbone-suite.ts';
import { namespacedKafkaTransport } from './testing/kafka-namespace.ts';
import { describeProcessCrash } from './testing/process-crash-suite.ts';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
/** The broker scripts of deploy/kafka (the "broker down" test stops and restarts the local broker). */
const kafkaScript = async (name: 'start.sh' | 'stop.sh'): Promise<void> => {
  await run('bash', [path.join(repositoryRoot, 'deploy/kafka', name)], {
    cwd: repositoryRoot,
    timeout: 120_000,
  });
};

/**
 * The same backbone suite on a real Apache Kafka broker (KAFKA_BROKERS=127.0.0.1:9092, started by
 * `npm run kafka:start`). Each test gets its own topic and group namespace, so tests never see
 * each other's messages. Everything Kafka sits in this one file so its tests run one after the
 * other: the "engine down" test stops the broker.
 */
describeWithEngine('kafka', 'event backbone on Apache Kafka', () => {
  describeEventBackbone({
    waitMs: 30_000,
    testMs: 60_000,
    outageTestMs: 180_000,
    setup: async () => {
      const { transport, dispose } = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-test');
      return {
        transport,
        takeDown: () => kafkaScript('stop.sh'),
        bringUp: () => kafkaScript('start.sh'),
        close: dispose,
      };
    },
  });
});

describeWithEngine('kafka', 'consumer process killed between effect and offset commit (Kafka)', () => {
  describeProcessCrash(() => namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-test'));
});
