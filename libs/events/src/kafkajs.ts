/**
 * kafkajs with its request queue fixed (kafkajs-request-queue.ts: no check re-armed every
 * millisecond, no Node 24 `TimeoutNegativeWarning`), for code outside this library that talks to
 * Kafka directly (the images' smoke test reads an event back): importing kafkajs itself would print
 * the warning at every connection.
 */
import './kafkajs-request-queue.ts';

export { Kafka, logLevel } from 'kafkajs';
