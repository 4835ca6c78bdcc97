/**
 * A consumer process that is killed (SIGKILL) right after applying an event's effect and before
 * acknowledging it: a real crash, for process-crash.test.ts. On the in-process transport it also
 * runs the producer's relay, which lives and dies with the process.
 *
 *   node crashing-consumer.ts '{"databaseUrl":"postgres://…","kafkaBrokers":["127.0.0.1:9092"],"namespace":"t."}'
 */
import pino from 'pino';
import { createDb } from '@listready/db';
import { createInProcessTransport, InProcessBus } from '../in-process-transport.ts';
import { KafkaTransport } from '../kafka-transport.ts';
import { crashConsumer, crashProducer } from './crash-buses.ts';

interface Arguments {
  databaseUrl: string;
  kafkaBrokers: string[];
  namespace: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Arguments;
const logger = pino({ level: 'silent' });
const database = await createDb({ databaseUrl: args.databaseUrl, poolMax: 4 });
const transport =
  args.kafkaBrokers.length > 0
    ? new KafkaTransport({ kafkaBrokers: args.kafkaBrokers, namespace: args.namespace, logger })
    : createInProcessTransport({ bus: new InProcessBus(), logger });

// The effect's transaction has committed; the acknowledgement (offset commit) has not happened.
await crashConsumer(database, transport, {
  afterEffect: () => void process.kill(process.pid, 'SIGKILL'),
}).start();
if (transport.kind === 'in-process') await crashProducer(database, transport).start();
