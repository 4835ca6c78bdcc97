import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { journeyOutbox } from '@listready/db';
import { testKafkaBrokers, useTestDatabase } from '@listready/testing';
import type { EventBus } from '../event-bus.ts';
import { createInProcessTransport, InProcessBus } from '../in-process-transport.ts';
import { taskCompleted } from './backbone-suite.ts';
import { crashConsumer, crashProducer } from './crash-buses.ts';
import type { namespacedKafkaTransport } from './kafka-namespace.ts';

const crashingConsumer = path.join(import.meta.dirname, 'crashing-consumer.ts');

/** Runs testing/crashing-consumer.ts and resolves with the signal that ended it. */
function runCrashingConsumer(args: { databaseUrl: string; kafkaBrokers: string[]; namespace: string }) {
  return new Promise<NodeJS.Signals | null>((resolve, reject) => {
    const child = spawn(process.execPath, [crashingConsumer, JSON.stringify(args)], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the consumer process never applied an event'));
    }, 45_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal);
    });
  });
}

/**
 * A consumer process really dies (SIGKILL) after its effect committed and before it acknowledged
 * the message. The next consumer of the group gets the message again and skips it: effect once.
 * `makeKafka` gives a namespaced Kafka transport, or null for the in-process transport (then the
 * relay runs, and dies, in the consumer's process too).
 */
export function describeProcessCrash(
  makeKafka: () => ReturnType<typeof namespacedKafkaTransport> | null,
): void {
  const database = useTestDatabase();

  beforeAll(async () => {
    await database.current.db.execute(
      sql`create table if not exists public.crash_effects (id bigserial primary key, event_id text not null, pid int not null)`,
    );
  });
  beforeEach(async () => {
    await database.current.db.execute(
      sql`truncate journey.outbox, analytics.processed_events, public.crash_effects`,
    );
  });

  it('redelivers to the next consumer, which skips what the dead one applied', async () => {
    const namespaced = makeKafka();
    const transport = namespaced?.transport ?? null;
    const kafka = transport !== null;
    const buses: EventBus[] = [];
    try {
      const publisher = crashProducer(
        database.current,
        transport ?? createInProcessTransport({ bus: new InProcessBus() }),
      );
      const key = randomUUID();
      const ids: string[] = [];
      await database.current.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) ids.push((await publisher.publish(tx, taskCompleted(key, n))).id);
      });
      if (kafka) {
        // The relay runs here; the consumer in the child process.
        buses.push(publisher);
        await publisher.start();
      }

      const signal = await runCrashingConsumer({
        databaseUrl: database.current.url,
        kafkaBrokers: kafka ? (testKafkaBrokers() ?? []) : [],
        namespace: namespaced?.namespace ?? '',
      });
      expect(signal).toBe('SIGKILL');
      const appliedByTheDead = await database.current.db.execute<{ event_id: string }>(
        sql`select event_id from public.crash_effects`,
      );
      expect(appliedByTheDead.rows.length).toBeGreaterThanOrEqual(1);
      if (!kafka) {
        // In-process, the relay died with the consumer before marking: the rows are still there to send.
        const unpublished = await database.current.db.$count(
          journeyOutbox,
          sql`${journeyOutbox.publishedAt} is null`,
        );
        expect(unpublished).toBe(3);
      }

      // The next generation: a new consumer of the same group (and, in-process, a new relay).
      const next = transport ?? createInProcessTransport({ bus: new InProcessBus() });
      const redelivered = new Set<string>();
      const consumer = crashConsumer(database.current, next, {
        afterEffect: (event) => void redelivered.add(event.id),
      });
      buses.push(consumer);
      await consumer.start();
      if (!kafka) {
        const relay = crashProducer(database.current, next);
        buses.push(relay);
        await relay.start();
      }

      const deadline = Date.now() + 30_000;
      while (redelivered.size < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect([...redelivered].sort()).toEqual([...ids].sort());
      const effects = await database.current.db.execute<{ event_id: string; count: number }>(
        sql`select event_id, count(*)::int as count from public.crash_effects group by event_id`,
      );
      expect(effects.rows.map((row) => row.event_id).sort()).toEqual([...ids].sort());
      expect(effects.rows.every((row) => row.count === 1)).toBe(true);
    } finally {
      for (const bus of buses.reverse()) await bus.stop();
      await namespaced?.dispose();
    }
  }, 90_000);
}
