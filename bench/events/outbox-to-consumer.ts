/**
 * Event backbone benchmark: outbox → relay → transport (Kafka when KAFKA_BROKERS is set) →
 * consumer effect, on a fresh migrated database.
 *
 *   KAFKA_BROKERS=127.0.0.1:9092 node bench/events/outbox-to-consumer.ts
 *
 * 1. Throughput, two ways:
 *    - live: writers commit BENCH_EVENTS events (BENCH_EVENTS_PER_TX per transaction) as fast as
 *      they can while the relay and consumer run; events/s = events / (first commit → last effect);
 *    - drain: BENCH_EVENTS events wait in the outbox, then a relay starts; events/s = events /
 *      (relay start → last effect). This is the pipeline alone, without the writers' load.
 * 2. Latency at a steady BENCH_RATE events/s for BENCH_SECONDS, one event per transaction (one
 *    request, one event): occurredAt (in the producing transaction) → effect applied in the
 *    consumer's transaction. Prints p50/p99/max.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createDb, ensureDatabase, journeyOutbox, migrateAndSeed } from '@listready/db';
import {
  createEventBus,
  createTransport,
  KafkaTransport,
  type EventBus,
  type Transport,
} from '@listready/events';
import { benchConfig } from './config.ts';
import { benchTopics, createBenchConsumer } from './consumer-service.ts';

const config = benchConfig();
const logger = pino({ level: config.logLevel });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseName = `listready_bench_events_${randomBytes(3).toString('hex')}`;
const adminUrl = new URL(config.adminUrl);
const benchUrl = new URL(config.adminUrl);
benchUrl.pathname = `/${databaseName}`;

await ensureDatabase(adminUrl.toString(), databaseName);
// Two services, two pools (as in production): the writers' queue never delays the consumer.
const database = await createDb({ databaseUrl: benchUrl.toString(), poolMax: 16 });
const consumerDatabase = await createDb({ databaseUrl: benchUrl.toString(), poolMax: 6 });
await migrateAndSeed(database);
await database.db.execute(
  sql`create table public.bench_effects (event_id text primary key, key text not null, applied_at timestamptz not null default now())`,
);

const namespace = `bench-${randomBytes(3).toString('hex')}.`;
const transport: Transport = createTransport({
  kafkaBrokers: config.kafkaBrokers,
  namespace,
  partitions: 3,
  clientId: 'listready-bench',
  logger,
});
const topics = benchTopics;

/** Latency samples of the current phase: effect time − occurredAt. */
let latencies: number[] = [];
let applied = 0;
let lastAppliedAt = 0;

const createProducer = (): EventBus =>
  createEventBus({
    database,
    transport,
    service: 'journey',
    outbox: journeyOutbox,
    logger,
    topics,
    relay: { batchSize: 500 },
  });
let producer = createProducer();
const onApplied = (latencyMs: number, at: number) => {
  latencies.push(latencyMs);
  applied += 1;
  lastAppliedAt = Math.max(lastAppliedAt, at);
};

/**
 * The consumer: on Kafka its own process, like a real service (and so not competing with the
 * writers and the relay for one event loop); in-process it has to share this process.
 */
interface RunningConsumer {
  stop(): Promise<void>;
}
async function startConsumer(): Promise<RunningConsumer> {
  if (transport.kind === 'in-process') {
    const consumer = createBenchConsumer({ database: consumerDatabase, transport, logger, onApplied });
    await consumer.start();
    return consumer;
  }
  const child = fork(path.join(import.meta.dirname, 'consumer-process.ts'), [
    JSON.stringify({
      databaseUrl: benchUrl.toString(),
      kafkaBrokers: config.kafkaBrokers,
      namespace,
      logLevel: config.logLevel,
    }),
  ]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench consumer exited with ${code}`)));
    child.on('message', (message: { ready?: boolean; applied?: number[] }) => {
      if (message.ready) resolve();
      const pairs = message.applied ?? [];
      for (let index = 0; index + 1 < pairs.length; index += 2)
        onApplied(pairs[index] ?? 0, pairs[index + 1] ?? 0);
    });
  });
  return {
    stop: async () => {
      child.send({ stop: true });
      await Promise.race([exited, sleep(30_000).then(() => child.kill())]);
    },
  };
}

const taskCompleted = (key: string, n: number) => ({
  type: 'task-completed' as const,
  key,
  data: {
    clientId: key,
    taskId: `t${n}`,
    title: `task ${n}`,
    stageId: 's1',
    stageName: 'Declutter',
    kind: 'predefined' as const,
    templateId: 'declutter-closets',
    actorUserId: 'user-1',
    completedAt: new Date().toISOString(),
  },
});

async function waitForApplied(target: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (applied < target) {
    if (Date.now() > deadline)
      throw new Error(`only ${applied}/${target} events applied after ${timeoutMs} ms`);
    await sleep(5);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

let consumer: RunningConsumer | undefined;
try {
  [, consumer] = await Promise.all([producer.start(), startConsumer()]);

  // Warm-up: connections, group join, JIT.
  await database.db.transaction(async (tx) => {
    for (let n = 0; n < 200; n++) await producer.publish(tx, taskCompleted(`warm-${n % 10}`, n));
  });
  await waitForApplied(200, 60_000);

  // 1. Throughput.
  applied = 0;
  latencies = [];
  const keys = Array.from({ length: 100 }, (_, index) => `client-${index}`);
  const perWriter = Math.ceil(config.throughputEvents / config.writers);
  const started = Date.now();
  let committedAt = 0;
  await Promise.all(
    Array.from({ length: config.writers }, async (_, writer) => {
      for (let done = 0; done < perWriter; done += config.eventsPerTransaction) {
        await database.db.transaction(async (tx) => {
          for (let index = done; index < Math.min(perWriter, done + config.eventsPerTransaction); index++) {
            await producer.publish(
              tx,
              taskCompleted(keys[(writer * 31 + index) % keys.length] ?? 'client-0', index),
            );
          }
        });
      }
    }),
  ).then(() => {
    committedAt = Date.now();
  });
  const total = perWriter * config.writers;
  await waitForApplied(total, 300_000);
  const elapsedMs = lastAppliedAt - started;
  const live = {
    events: total,
    writeSeconds: (committedAt - started) / 1000,
    endToEndSeconds: elapsedMs / 1000,
    eventsPerSecond: Math.round((total / elapsedMs) * 1000),
    writeEventsPerSecond: Math.round((total / (committedAt - started)) * 1000),
  };

  // 1b. Drain a backlog: the relay is down while the events are written, then starts.
  await producer.stop();
  for (let done = 0; done < total; done += 500) {
    await database.db.transaction(async (tx) => {
      for (let index = done; index < Math.min(total, done + 500); index++) {
        await producer.publish(tx, taskCompleted(keys[index % keys.length] ?? 'client-0', index));
      }
    });
  }
  applied = 0;
  latencies = [];
  producer = createProducer();
  const drainStart = Date.now();
  await producer.start();
  await waitForApplied(total, 300_000);
  const drainMs = lastAppliedAt - drainStart;
  const drain = {
    events: total,
    seconds: drainMs / 1000,
    eventsPerSecond: Math.round((total / drainMs) * 1000),
  };

  // 2. Latency at a steady rate, one event per transaction.
  await sleep(1_000);
  applied = 0;
  latencies = [];
  const steadyTotal = config.steadyRate * config.steadySeconds;
  const interval = 1000 / config.steadyRate;
  const steadyStart = Date.now();
  const inFlight = new Set<Promise<unknown>>();
  let behind = 0;
  for (let n = 0; n < steadyTotal; n++) {
    const due = steadyStart + n * interval;
    const wait = due - Date.now();
    if (wait > 1) await sleep(wait);
    else if (wait < -50) behind += 1;
    // Bounded like a real service's request concurrency (its pool): beyond it, writes queue here.
    while (inFlight.size >= 32) await Promise.race(inFlight);
    const write = database.db.transaction((tx) =>
      producer.publish(tx, taskCompleted(keys[n % keys.length] ?? 'client-0', n)),
    );
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
  }
  await Promise.all(inFlight);
  const achievedRate = Math.round((steadyTotal / (Date.now() - steadyStart)) * 1000);
  await waitForApplied(steadyTotal, 120_000);
  const sorted = [...latencies].sort((a, b) => a - b);
  // Where the time goes: commit → relay's publishing transaction (from the outbox's own stamps).
  const relayWaits = await database.db.execute<{ ms: number }>(
    sql`select extract(epoch from published_at - created_at)::float8 * 1000 as ms from journey.outbox
        where created_at >= to_timestamp(${steadyStart / 1000}) order by 1`,
  );
  const relayWait = relayWaits.rows.map((row) => row.ms);
  const latency = {
    events: steadyTotal,
    targetRate: config.steadyRate,
    achievedRate,
    lateWrites: behind,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1),
    outboxToRelayP50Ms: Math.round(percentile(relayWait, 50)),
    outboxToRelayP99Ms: Math.round(percentile(relayWait, 99)),
  };

  const checks = await database.db.execute<{ effects: number; deadLetters: number }>(
    sql`select (select count(*)::int from public.bench_effects) as "effects", (select count(*)::int from analytics.dead_letters) as "deadLetters"`,
  );
  console.log(
    JSON.stringify({ transport: transport.kind, live, drain, latency, totals: checks.rows[0] }, null, 2),
  );
  console.log(
    `${transport.kind}: drain ${drain.eventsPerSecond} events/s, live ${live.eventsPerSecond} events/s (${total} events); ` +
      `steady ${latency.achievedRate}/s: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms`,
  );
} finally {
  await consumer?.stop();
  await producer.stop();
  await transport.close();
  await database.close();
  await consumerDatabase.close();
  const admin = await createDb({ databaseUrl: adminUrl.toString(), poolMax: 1 });
  await admin.pool.query(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
  await admin.close();
  if (transport instanceof KafkaTransport) {
    const kafkaAdmin = transport.kafka.admin();
    await kafkaAdmin.connect();
    const mine = (await kafkaAdmin.listTopics()).filter((topic) => topic.startsWith(namespace));
    if (mine.length > 0) await kafkaAdmin.deleteTopics({ topics: mine }).catch(() => undefined);
    await kafkaAdmin.disconnect();
  }
}
