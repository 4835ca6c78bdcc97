import type { Logger } from 'pino';
import type { EventsConfig } from './config.ts';
import { createInProcessTransport } from './in-process-transport.ts';
import { KafkaTransport } from './kafka-transport.ts';
import type { Transport } from './transport.ts';

export interface TransportConfig extends Partial<EventsConfig> {
  logger?: Logger;
}

/** Kafka when brokers are given (`KAFKA_BROKERS`), the process-wide in-process bus otherwise (DESIGN.md §2). */
export function createTransport(config: TransportConfig = {}): Transport {
  const { kafkaBrokers = [], logger } = config;
  if (kafkaBrokers.length > 0) return new KafkaTransport({ ...config, kafkaBrokers });
  return createInProcessTransport({ logger });
}
