import { z } from 'zod';

const brokerList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((broker) => broker.trim())
      .filter((broker) => broker !== ''),
  );

/** The event backbone's environment (DESIGN.md §2): Kafka when `KAFKA_BROKERS` is set, in-process otherwise. */
export const eventsEnvSchema = z
  .object({
    KAFKA_BROKERS: brokerList,
    KAFKA_CLIENT_ID: z.string().min(1).default('listready'),
    KAFKA_TOPIC_PREFIX: z.string().default(''),
    KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).default(3),
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).default(1),
  })
  .transform((env) => ({
    kafkaBrokers: env.KAFKA_BROKERS,
    clientId: env.KAFKA_CLIENT_ID,
    namespace: env.KAFKA_TOPIC_PREFIX,
    partitions: env.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: env.KAFKA_REPLICATION_FACTOR,
  }));

export type EventsConfig = z.output<typeof eventsEnvSchema>;

/** Reads the events settings from an environment object (the caller's config module passes `process.env`). */
export function eventsConfigFromEnv(env: Record<string, string | undefined>): EventsConfig {
  const parsed = eventsEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid events configuration: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
