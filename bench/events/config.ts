/** The benchmark's settings, from the environment (the only place it is read). */
export interface BenchConfig {
  /** Server to create the benchmark database on (user with CREATEDB). */
  adminUrl: string;
  /** Kafka bootstrap brokers; empty runs the in-process transport instead. */
  kafkaBrokers: string[];
  /** Events of the throughput run. */
  throughputEvents: number;
  /** Concurrent writers of the throughput run, and events per writer transaction. */
  writers: number;
  eventsPerTransaction: number;
  /** Steady rate and duration of the latency run. */
  steadyRate: number;
  steadySeconds: number;
  logLevel: string;
}

const number = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function benchConfig(env: Record<string, string | undefined> = process.env): BenchConfig {
  return {
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    kafkaBrokers: (env.KAFKA_BROKERS ?? '')
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
    throughputEvents: number(env.BENCH_EVENTS, 20_000),
    writers: number(env.BENCH_WRITERS, 4),
    eventsPerTransaction: number(env.BENCH_EVENTS_PER_TX, 50),
    steadyRate: number(env.BENCH_RATE, 500),
    steadySeconds: number(env.BENCH_SECONDS, 20),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
  };
}
