import { describe, expect, it } from 'vitest';
import { eventsConfigFromEnv } from './config.ts';
import { createTransport } from './create-transport.ts';

describe('events configuration', () => {
  it('defaults to the in-process transport', async () => {
    const config = eventsConfigFromEnv({});
    expect(config).toEqual({
      kafkaBrokers: [],
      clientId: 'listready',
      namespace: '',
      partitions: 3,
      replicationFactor: 1,
    });
    const transport = createTransport(config);
    expect(transport.kind).toBe('in-process');
    await transport.close();
  });

  it('picks Kafka when brokers are set', async () => {
    const config = eventsConfigFromEnv({
      KAFKA_BROKERS: ' kafka-0:9092, kafka-1:9092 ',
      KAFKA_REPLICATION_FACTOR: '3',
    });
    expect(config.kafkaBrokers).toEqual(['kafka-0:9092', 'kafka-1:9092']);
    expect(config.replicationFactor).toBe(3);
    const transport = createTransport(config);
    expect(transport.kind).toBe('kafka');
    await transport.close();
  });

  it('names the bad variable', () => {
    expect(() => eventsConfigFromEnv({ KAFKA_TOPIC_PARTITIONS: 'many' })).toThrow('KAFKA_TOPIC_PARTITIONS');
  });
});
