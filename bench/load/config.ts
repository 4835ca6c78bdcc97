/** The load benchmark's settings, from the environment (the only place it is read). */
import { positiveSetting } from '../support/settings.ts';

export interface LoadBenchConfig {
  /** `embedded` (npm start's one process), `real` (Postgres, Redis, Kafka, one process per part) or both. */
  engines: ('embedded' | 'real')[];
  /** Server to create the real engines' fresh database on (user with CREATEDB). */
  adminUrl: string;
  /** Simulated people (a tenth of them agents). */
  users: number;
  /** Length of the closed-loop run (seconds). */
  seconds: number;
  /** A person's mean pause between two actions (ms; 0: none, every person at full speed). */
  thinkMs: number;
  /** Open-loop completions at this multiple of the measured capacity. */
  overloadFactor: number;
  /** Length of the open-loop overload (seconds). */
  overloadSeconds: number;
  /** Requests per second during the faults run (faults.ts). */
  faultRate: number;
  /** The servers' LOG_LEVEL (pino). */
  logLevel: string;
  logDir: string;
  /**
   * Ports of this benchmark's own Redis and Kafka (never the shared ones: they are killed); a set
   * `kafkaPort` has the broker's controller on the next one. Unset: free ones, chosen as the platform
   * starts, so a run killed midway (its Redis and broker may outlive it) does not stop the next one.
   */
  redisPort: number | undefined;
  kafkaPort: number | undefined;
  /** Folder holding the Kafka broker's jars (deploy/kafka/start.sh fetches them into .cache/libs). */
  kafkaLibs: string;
}

/** A port setting: unset is undefined (a free port is chosen); anything but a port below 65535 is refused. */
export function portSetting(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_534)
    throw new Error(
      `${name} is a port from 1 to 65534 (the broker's controller takes the next), not ${value}`,
    );
  return port;
}

export function loadBenchConfig(env: Record<string, string | undefined> = process.env): LoadBenchConfig {
  const engines = (env.BENCH_ENGINES ?? 'embedded,real')
    .split(',')
    .map((engine) => engine.trim())
    .filter((engine): engine is 'embedded' | 'real' => engine === 'embedded' || engine === 'real');
  return {
    engines,
    adminUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    users: positiveSetting(env.BENCH_USERS, 200),
    seconds: positiveSetting(env.BENCH_SECONDS, 60),
    thinkMs: env.BENCH_THINK_MS === '0' ? 0 : positiveSetting(env.BENCH_THINK_MS, 1_000),
    overloadFactor: positiveSetting(env.BENCH_OVERLOAD_FACTOR, 3),
    overloadSeconds: positiveSetting(env.BENCH_OVERLOAD_SECONDS, 20),
    faultRate: positiveSetting(env.BENCH_FAULT_RATE, 40),
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: env.BENCH_LOG_DIR ?? env.TMPDIR ?? '/tmp',
    redisPort: portSetting('BENCH_REDIS_PORT', env.BENCH_REDIS_PORT),
    kafkaPort: portSetting('BENCH_KAFKA_PORT', env.BENCH_KAFKA_PORT),
    kafkaLibs: env.BENCH_KAFKA_LIBS ?? 'deploy/kafka/.cache/libs',
  };
}
