/**
 * kafkajs with its Node 24 `TimeoutNegativeWarning` fixed (kafkajs-negative-timeout.ts), for code
 * outside this library that talks to Kafka directly (the images' smoke test reads an event back):
 * importing kafkajs itself would print the warning at every connection.
 */
import './kafkajs-negative-timeout.ts';

export { Kafka, logLevel } from 'kafkajs';
