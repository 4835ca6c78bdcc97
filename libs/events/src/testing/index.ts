export * from './event-probe.ts';
export { namespacedKafkaTransport } from './kafka-namespace.ts';
