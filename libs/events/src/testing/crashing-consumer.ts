/**
 * A consumer process that is killed (SIGKILL) right after applying an event's effect and before
 * acknowledging it: a real crash, for process-crash.test.ts. On the in-process transport it also
 * runs the producer's relay, which lives and dies with the process.
 *
 *   node crashing-consumer.ts '{"databaseUrl":"postgres://…","kafkaBrokers":["127.0.0.1:9092"],"namespace":"t."}'
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { analyticsDeadLetters, analyticsProcessedEvents, createDb, journeyOutbox } from '@listready/db';
import { createEventBus } from '../event-bus.ts';
import { createInProcessTransport, InProcessBus } from '../in-process-transport.ts';
import { KafkaTransport } from '../kafka-transport.ts';

interface Arguments {
  databaseUrl: string;
  kafkaBrokers: string[];
  namespace: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Arguments;
const logger = pino({ level: 'silent' });
const database = await createDb({ databaseUrl: args.databaseUrl, poolMax: 4 });
const topics = ['task-completed', 'task-completed.dlq'];
const transport =
  args.kafkaBrokers.length > 0
    ? new KafkaTransport({ brokers: args.kafkaBrokers, namespace: args.namespace, logger })
    : createInProcessTransport({ bus: new InProcessBus(), logger });

const consumer = createEventBus({
  database,
  transport,
  service: 'analytics',
  processedEvents: analyticsProcessedEvents,
  deadLetters: analyticsDeadLetters,
  logger,
  topics,
  // The effect's transaction has committed; the acknowledgement (offset commit) has not happened.
  faults: { afterEffect: () => void process.kill(process.pid, 'SIGKILL') },
});
consumer.subscribe('task-completed', async (event, tx) => {
  await tx.execute(
    sql`insert into public.crash_effects (event_id, pid) values (${event.id}, ${process.pid})`,
  );
});
await consumer.start();
if (transport.kind === 'in-process') {
  await createEventBus({
    database,
    transport,
    service: 'journey',
    outbox: journeyOutbox,
    logger,
    topics,
  }).start();
}
