import type { Logger } from 'pino';
import type { EventsConfig } from './config.ts';
import { createInProcessTransport, type InProcessBus } from './in-process-transport.ts';
import { KafkaTransport, type KafkaTransportOptions } from './kafka-transport.ts';
import type { Transport } from './transport.ts';

export interface TransportConfig extends Partial<EventsConfig> {
  logger?: Logger;
  /** In-process only: the bus to use (default: the process-wide one). */
  bus?: InProcessBus;
  /** Kafka only: finer settings (timeouts, back-off). */
  kafka?: Omit<KafkaTransportOptions, 'brokers'>;
}

/** Kafka when brokers are given (`KAFKA_BROKERS`), the in-process bus otherwise (DESIGN.md §2). */
export function createTransport(config: TransportConfig = {}): Transport {
  const brokers = config.kafkaBrokers ?? [];
  if (brokers.length > 0) {
    return new KafkaTransport({
      brokers,
      ...(config.clientId ? { clientId: config.clientId } : {}),
      ...(config.namespace ? { namespace: config.namespace } : {}),
      ...(config.partitions ? { partitions: config.partitions } : {}),
      ...(config.replicationFactor ? { replicationFactor: config.replicationFactor } : {}),
      ...(config.logger ? { logger: config.logger } : {}),
      ...config.kafka,
    });
  }
  return createInProcessTransport({
    ...(config.bus ? { bus: config.bus } : {}),
    ...(config.logger ? { logger: config.logger } : {}),
  });
}
