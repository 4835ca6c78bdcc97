import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it, vi } from 'vitest';
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

describeWithEngine('kafka', 'an ephemeral consumer group on Kafka (a replica’s live feed)', () => {
  it('commits while it runs and is deleted, offsets and all, when it stops; a lasting group stays', async () => {
    const { transport, dispose } = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-test');
    const admin = transport.kafka.admin();
    try {
      await transport.ensureTopics(['ephemeral-check']);
      await admin.connect();
      const handled: string[] = [];
      const subscribe = (groupId: string, ephemeral: boolean) =>
        transport.subscribe({
          groupId,
          topics: ['ephemeral-check'],
          ephemeral,
          handle: async (message) => {
            handled.push(`${groupId} ${message.key}`);
          },
        });
      const live = await subscribe('live', true);
      const lasting = await subscribe('lasting', false);
      await transport.send([{ topic: 'ephemeral-check', key: 'k1', value: '{}', headers: {} }]);
      await vi.waitFor(() => expect(handled.sort()).toEqual(['lasting k1', 'live k1']), { timeout: 30_000 });
      // While it runs, its offsets are committed as any group's: nothing left to consume.
      await vi.waitFor(async () => expect(await live.lag()).toBe(0), { timeout: 30_000 });

      await live.stop();
      await lasting.stop();
      const groups = (await admin.listGroups()).groups.map((group) => group.groupId);
      expect(groups).toContain(transport.physicalGroup('lasting'));
      expect(groups).not.toContain(transport.physicalGroup('live'));
      await transport.deleteGroup('lasting');
    } finally {
      await admin.disconnect();
      await dispose();
    }
  });
});

describeWithEngine('kafka', 'a lasting group whose member was killed (a service restarted)', () => {
  it('subscribes without waiting for the broker to drop the dead member, then consumes', async () => {
    const { transport, dispose } = namespacedKafkaTransport(testKafkaBrokers() ?? [], 'listready-test');
    const admin = transport.kafka.admin();
    const group = transport.physicalGroup('restarted');
    let member: ChildProcess | undefined;
    try {
      await transport.ensureTopics(['restart-check']);
      await admin.connect();
      // The service's last process: a member of the group, killed without leaving it.
      member = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `
import { Kafka } from 'kafkajs';
const consumer = new Kafka({ brokers: ${JSON.stringify(testKafkaBrokers())}, logLevel: 0 }).consumer({
  groupId: ${JSON.stringify(group)}, sessionTimeout: 10_000, heartbeatInterval: 1_000,
});
consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => process.stdout.write(payload.memberId + '\\n'));
await consumer.subscribe({ topics: [${JSON.stringify(transport.physicalTopic('restart-check'))}] });
await consumer.run({ eachMessage: async () => {} });
`,
        ],
        { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const deadMember = await new Promise<string>((resolve) =>
        member?.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
      );
      member.kill('SIGKILL');
      const members = async () =>
        (await admin.describeGroups([group])).groups[0]?.members.map((entry) => entry.memberId) ?? [];
      expect(await members()).toContain(deadMember);

      const handled: string[] = [];
      const subscription = await transport.subscribe({
        groupId: 'restarted',
        topics: ['restart-check'],
        handle: async (message) => {
          handled.push(message.key);
        },
      });
      // Started while the broker still counts the dead member (it waits out its 10 s session).
      expect(await members()).toContain(deadMember);
      expect(subscription.running()).toBe(true);
      await transport.send([{ topic: 'restart-check', key: 'after-restart', value: '{}', headers: {} }]);
      await vi.waitFor(() => expect(handled).toEqual(['after-restart']), { timeout: 40_000 });
      expect(await members()).not.toContain(deadMember);
      await subscription.stop();
      await transport.deleteGroup('restarted');
    } finally {
      member?.kill('SIGKILL');
      await admin.disconnect();
      await dispose();
    }
  }, 60_000);
});
