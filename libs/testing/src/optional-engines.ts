import { describe, inject } from 'vitest';

/** Redis URL for this run, or null when no engine is available (suites then skip, loudly). */
export const testRedisUrl = (): string | null => inject('redisUrl');
/** Kafka bootstrap brokers for this run, or null when no broker is available. */
export const testKafkaBrokers = (): string[] | null =>
  inject('kafkaBrokers')
    ?.split(',')
    .map((broker) => broker.trim()) ?? null;

/**
 * `describe` for a suite that needs a real Redis or Kafka: with no engine it is reported as
 * skipped with "skipped: no engine" in its name, never passed silently.
 */
export function describeWithEngine(engine: 'redis' | 'kafka', name: string, body: () => void): void {
  const available = engine === 'redis' ? testRedisUrl() !== null : testKafkaBrokers() !== null;
  if (available) describe(name, body);
  else
    describe.skip(
      `${name} (skipped: no engine — set ${engine === 'redis' ? 'REDIS_URL' : 'KAFKA_BROKERS'})`,
      body,
    );
}
