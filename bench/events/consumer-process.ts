/**
 * The benchmark's consumer as its own process (production runs one process per service), fed by
 * Kafka. Started by outbox-to-consumer.ts with fork(); reports applied events over IPC.
 */
import pino from 'pino';
import { createDb } from '@listready/db';
import { createTransport } from '@listready/events';
import { createBenchConsumer } from './consumer-service.ts';

interface Arguments {
  databaseUrl: string;
  kafkaBrokers: string[];
  namespace: string;
  logLevel: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Arguments;
const logger = pino({ level: args.logLevel });
const database = await createDb({ databaseUrl: args.databaseUrl, poolMax: 6 });
const transport = createTransport({
  kafkaBrokers: args.kafkaBrokers,
  namespace: args.namespace,
  partitions: 3,
  clientId: 'listready-bench-consumer',
  logger,
});

let pending: number[] = [];
const flush = () => {
  if (pending.length === 0) return;
  process.send?.({ applied: pending });
  pending = [];
};
const timer = setInterval(flush, 20);
const consumer = createBenchConsumer({
  database,
  transport,
  logger,
  onApplied: (latencyMs, at) => {
    pending.push(latencyMs, at);
    if (pending.length >= 400) flush();
  },
});
await consumer.start();
process.send?.({ ready: true });

process.on('message', (message: { stop?: boolean }) => {
  if (!message.stop) return;
  void (async () => {
    await consumer.stop();
    flush();
    clearInterval(timer);
    await transport.close();
    await database.close();
    process.disconnect();
  })();
});
