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
export const eventsEnvSchema = z.object({
  KAFKA_BROKERS: brokerList,
  KAFKA_CLIENT_ID: z.string().min(1).default('listready'),
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).default(3),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).default(1),
});

export interface EventsConfig {
  kafkaBrokers: string[];
  clientId: string;
  namespace: string;
  partitions: number;
  replicationFactor: number;
}

/** Reads the events settings from an environment object (the caller's config module passes `process.env`). */
export function eventsConfigFromEnv(env: Record<string, string | undefined>): EventsConfig {
  const parsed = eventsEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Invalid events configuration: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`.trim(),
    );
  }
  return {
    kafkaBrokers: parsed.data.KAFKA_BROKERS,
    clientId: parsed.data.KAFKA_CLIENT_ID,
    namespace: parsed.data.KAFKA_TOPIC_PREFIX,
    partitions: parsed.data.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: parsed.data.KAFKA_REPLICATION_FACTOR,
  };
}
