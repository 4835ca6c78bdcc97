import pino from 'pino';
import type { DomainEvent, EventType } from '@listready/contracts';
import type { Database } from '@listready/db';
import { createEventBus, type EventBusOptions } from '../event-bus.ts';
import type { Transport } from '../transport.ts';

let probes = 0;

/**
 * A consumer group of its own on a service's transport, recording what it receives: what another
 * service would see. Its processed-event and dead-letter rows go to the tables given.
 */
export async function startEventProbe(
  database: Database,
  transport: Transport,
  types: EventType[],
  tables: Required<Pick<EventBusOptions, 'processedEvents' | 'deadLetters'>>,
) {
  const received: DomainEvent[] = [];
  const bus = createEventBus({
    database,
    transport,
    service: `test-probe-${++probes}`,
    logger: pino({ level: 'silent' }),
    ...tables,
  });
  for (const type of types) {
    bus.subscribe(type, async (event) => {
      received.push(event);
    });
  }
  await bus.start();
  return { received, stop: () => bus.stop() };
}
