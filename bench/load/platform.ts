/**
 * The platform under load: the embedded defaults (`node runtime/src/main.ts`, as `npm start` runs
 * it: one process, embedded Postgres, in-process events and cache) or the real engines (a fresh
 * Postgres database, a Redis and a Kafka broker of the benchmark's own, each service and the
 * gateway as its own process, as in production). Every part can be killed and started again.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDb, freePort, type Database } from '@listready/db';
import { gatewayNodeOptions } from '@listready/service-kit/gateway-heap';
import { postgresPids } from '../journey/process-cpu.ts';
import { createBenchDatabase, repositoryRoot, sleep } from '../support/harness.ts';
import type { LoadBenchConfig } from './config.ts';

export const SERVICES = ['auth', 'journey', 'invitation', 'branding', 'analytics'] as const;
export type Part = (typeof SERVICES)[number] | 'gateway' | 'redis' | 'kafka' | 'platform';

export interface LoadPlatform {
  engines: 'embedded' | 'real';
  /** The gateway's base URL. */
  url: string;
  /** The platform's database, for fixtures and for counting effects. */
  database: Database;
  logFile: string;
  /** Process ids by part, for CPU figures. */
  pids(): Record<string, number>;
  /** Kills a part at once (SIGKILL: a crash, not a shutdown). */
  kill(part: Part): Promise<void>;
  /** Starts a killed part again and waits until it answers. */
  start(part: Part): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The machine's parts a bench charges CPU to: each process of the platform (npm start's one, or each
 * service, the gateway, Redis and Kafka) and every PostgreSQL process on the machine, each as a
 * function of its process ids now (a restarted part has a new one).
 */
export const platformParts = (platform: LoadPlatform): Record<string, () => number[]> => ({
  ...Object.fromEntries(
    Object.keys(platform.pids()).map((part) => [
      part,
      () => [platform.pids()[part] ?? 0].filter((pid) => pid > 0),
    ]),
  ),
  postgres: postgresPids,
});

/**
 * Whether a part `platformParts` (or a bench beside it) names is one of the platform's own Node
 * processes: not an engine it runs on (PostgreSQL, Redis, Kafka) nor the bench's load generator.
 */
export const isPlatformProcess = (part: string): boolean =>
  !['postgres', 'redis', 'kafka', 'load generator'].includes(part);

/** Settings every run shares: sign-ups and visitors' batches from one address are this load's normal. */
const COMMON_ENV = {
  LOG_LEVEL: 'warn',
  AUTH_SIGNUPS_PER_IP_PER_HOUR: '1000000',
  AUTH_RESETS_PER_IP_PER_HOUR: '1000000',
  ANALYTICS_ANONYMOUS_BATCHES_PER_MINUTE: '1000000',
};

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Checks until `check` holds, `signal` aborts (the part exited) or the time is up; a timeout names
 * what the last check said (a 503's body names the service that is not ready).
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 120_000,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline && !signal?.aborted) {
    try {
      if (await check()) return;
      last = 'not yet';
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  signal?.throwIfAborted();
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (the last check: ${last})`);
}

/** Whether a URL answers 2xx; any other answer is thrown with its status and the start of its body. */
export const answers = (url: string) => async () => {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  if (response.ok) return true;
  throw new Error(`${response.status} ${(await response.text()).slice(0, 600)}`);
};

interface Launcher {
  child?: ChildProcess;
  launch(): ChildProcess;
  /** Resolves once the part answers; `signal` aborts when its process exits first. */
  ready(signal: AbortSignal): Promise<void>;
}

/** How much of a part's own output a failed start quotes. */
const OUTPUT_KEPT = 4_000;

/** The platform's processes, one log file for all of them; exported for its tests. */
export function processGroup(label: string, logDir: string) {
  const logFile = path.join(logDir, `listready-load-${label}-${process.pid}.log`);
  const log = createWriteStream(logFile);
  log.setMaxListeners(100); // every process started, restarts included, pipes into it
  const parts = new Map<Part, Launcher>();
  const track = (child: ChildProcess) => {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    return child;
  };
  /** Keeps the end of what `child` prints until `stop`, for the error of a start that failed. */
  const recentOutput = (child: ChildProcess) => {
    let kept = '';
    const keep = (chunk: Buffer) => {
      kept = (kept + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return {
      text: () => kept.trim(),
      stop() {
        child.stdout?.off('data', keep);
        child.stderr?.off('data', keep);
      },
    };
  };
  return {
    logFile,
    add(part: Part, launcher: Omit<Launcher, 'child'>) {
      parts.set(part, launcher);
    },
    /**
     * Launches a part and waits until it answers. A process that ends first fails the start at
     * once, with how it ended and its last output, instead of being polled until the wait runs out.
     */
    async start(part: Part) {
      const launcher = parts.get(part);
      if (!launcher) throw new Error(`no part ${part}`);
      const child = track(launcher.launch());
      launcher.child = child;
      const output = recentOutput(child);
      const gone = new AbortController();
      const ended = new Promise<never>((_resolve, reject) => {
        // 'close': after the process exited and its output was read to the end.
        child.once('close', (code, signal) => {
          gone.abort();
          reject(
            new Error(
              `${part} ended (${signal ?? `exit code ${code}`}) before it answered; it said:\n${output.text()}`,
            ),
          );
        });
      });
      // A part that ends after it answered is the caller's business (kill, faults), not this start's.
      ended.catch(() => undefined);
      try {
        await Promise.race([launcher.ready(gone.signal), ended]);
      } finally {
        output.stop();
      }
    },
    async kill(part: Part) {
      const child = parts.get(part)?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    pids: () => Object.fromEntries([...parts].map(([part, launcher]) => [part, launcher.child?.pid ?? 0])),
    async stopAll() {
      for (const [, launcher] of [...parts].reverse()) {
        const child = launcher.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}

/** The load-shedding settings of this run's environment (SHED_*), passed on to every part to compare settings. */
const sheddingEnv = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('SHED_') && entry[1] !== undefined,
    ),
  );

/** BENCH_CPU_PROF=<dir>: each part writes V8 CPU profiles (one per thread) to <dir>/<part> when it stops. */
const profiled = (entry: string): Record<string, string> =>
  process.env.BENCH_CPU_PROF
    ? {
        NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, path.basename(path.dirname(path.dirname(entry))))}`,
      }
    : {};

const node = (entry: string, env: Record<string, string>) => {
  const profiling = profiled(entry);
  // The preload every server process has (instrument.ts takes it first), without telemetry's.
  return spawn(
    process.execPath,
    ['--import', '@listready/service-kit/module-resolution', path.join(repositoryRoot, entry)],
    {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH ?? '',
        ...COMMON_ENV,
        ...sheddingEnv(),
        ...profiling,
        ...env,
        // The gateway runs with the heap it is deployed with (libs/service-kit/src/gateway-heap.ts).
        ...(entry.startsWith('gateway/') ? { NODE_OPTIONS: gatewayNodeOptions(profiling.NODE_OPTIONS) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
};

/**
 * Removes a platform's data folder once its processes are gone. A server that is still closing its
 * files (Postgres's last checkpoint, Kafka's log segments) can add one while the folder is walked:
 * `rm` then fails with ENOTEMPTY, so it tries again, as Node offers, for up to about five seconds.
 */
const removeFolder = (folder: string) =>
  rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

/** `npm start`'s one process on a fresh data folder (embedded Postgres, in-process events and cache). */
export async function startEmbeddedPlatform(config: LoadBenchConfig): Promise<LoadPlatform> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'listready-load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const group = processGroup('embedded', config.logDir);
  group.add('platform', {
    launch: () =>
      node('runtime/src/main.ts', {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: config.logLevel,
        // The API is under load, not the pages: no front-end build needed.
        SERVE_FRONTEND: 'false',
      }),
    ready: (signal) => waitUntil('the platform', answers(`${url}/api/health`), 300_000, signal),
  });
  try {
    await group.start('platform');
  } catch (error) {
    await group.stopAll();
    await removeFolder(dataDir);
    throw error;
  }
  // The embedded server's port is kept beside its data (libs/db embedded.ts); its fixed password too.
  const pgPort = readFileSync(path.join(dataDir, 'postgres.port'), 'utf8').trim();
  const database = await createDb({
    databaseUrl: `postgres://postgres:listready-embedded@127.0.0.1:${pgPort}/listready`,
    poolMax: 2,
  });
  return {
    engines: 'embedded',
    url,
    database,
    logFile: group.logFile,
    pids: group.pids,
    kill: group.kill,
    start: group.start,
    async stop() {
      await database.close();
      await group.stopAll();
      await removeFolder(dataDir);
    },
  };
}

/**
 * A single-node KRaft broker of the benchmark's own, configured as deploy/kafka/start.sh configures
 * the development and CI broker: the same server.properties, log4j.properties and JVM flags
 * (common.sh's `write_config` and `BROKER_JVM_FLAGS`), on the benchmark's port and data folder.
 */
function kafkaLauncher(
  config: LoadBenchConfig & { kafkaPort: number; kafkaControllerPort: number },
  dataDir: string,
): Omit<Launcher, 'child'> {
  const libs = path.resolve(repositoryRoot, config.kafkaLibs);
  if (!existsSync(libs)) throw new Error(`no Kafka jars in ${libs} (run deploy/kafka/start.sh once)`);
  const configFile = path.join(dataDir, 'server.properties');
  const log4jFile = path.join(dataDir, 'log4j.properties');
  // Also the cluster id of start.sh's `new_cluster_id` (deploy/kafka/cluster-id.test.ts): a random
  // one starts with '-' one time in 64, and kafka-storage takes that for an option ("expected one
  // argument", a CI run on 28 Nov). One line for the id, then one per JVM flag.
  const [clusterId = '', ...jvmFlags] = execFileSync(
    'bash',
    [
      '-c',
      'source "$KAFKA_DIR/common.sh" && write_config "$1" "$2" && new_cluster_id </dev/urandom && printf "%s\\n" "${BROKER_JVM_FLAGS[@]}"',
      'kafka-config',
      configFile,
      log4jFile,
    ],
    {
      env: {
        ...process.env,
        KAFKA_DIR: path.join(repositoryRoot, 'deploy/kafka'),
        KAFKA_PORT: String(config.kafkaPort),
        KAFKA_CONTROLLER_PORT: String(config.kafkaControllerPort),
        KAFKA_DATA_DIR: path.join(dataDir, 'logs'),
      },
      encoding: 'utf8',
    },
  )
    .trim()
    .split('\n');
  const java = ['-cp', `${libs}/*`, `-Dlog4j.configuration=file:${log4jFile}`];
  const format = spawnSync(
    'java',
    ['-Xmx256m', ...java, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', configFile],
    { encoding: 'utf8' },
  );
  if (format.status !== 0) throw new Error(`Kafka storage format failed: ${format.stderr || format.stdout}`);
  return {
    launch: () =>
      spawn('java', ['-Xmx512m', '-Xms256m', ...jvmFlags, ...java, 'kafka.Kafka', configFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ready: (signal) => waitUntil('Kafka', () => portOpen(config.kafkaPort), 120_000, signal),
  };
}

/**
 * The ports of the benchmark's Redis and Kafka (the broker's and its controller's): those set
 * (refused if something listens there; the controller on the port after the broker's), or free ones.
 * Fixed defaults (6391, 9192) made a run killed midway stop every later one, its Redis still holding
 * the port ("port 6391 is taken", 5 Dec 2026).
 */
export async function enginePorts(
  config: LoadBenchConfig,
): Promise<{ redisPort: number; kafkaPort: number; kafkaControllerPort: number }> {
  const controller = config.kafkaPort === undefined ? undefined : config.kafkaPort + 1;
  for (const port of [config.redisPort, config.kafkaPort, controller]) {
    if (port !== undefined && (await portOpen(port)))
      throw new Error(`port ${port} is taken: the benchmark runs its own Redis and Kafka`);
  }
  return {
    redisPort: config.redisPort ?? (await freePort()),
    kafkaPort: config.kafkaPort ?? (await freePort()),
    kafkaControllerPort: controller ?? (await freePort()),
  };
}

/** The real engines: fresh database, own Redis and Kafka, each service and the gateway its own process. */
export async function startRealPlatform(settings: LoadBenchConfig): Promise<LoadPlatform> {
  const config = { ...settings, ...(await enginePorts(settings)) };
  const bench = await createBenchDatabase(config.adminUrl, 'load');
  const kafkaDir = await mkdtemp(path.join(os.tmpdir(), 'listready-load-kafka-'));
  const group = processGroup('real', config.logDir);
  const sessionSecret = randomBytes(48).toString('base64url');
  const engines = {
    DATABASE_URL: bench.url,
    REDIS_URL: `redis://127.0.0.1:${config.redisPort}`,
    KAFKA_BROKERS: `127.0.0.1:${config.kafkaPort}`,
    SESSION_SECRET: sessionSecret,
    NODE_ENV: 'production',
    LOG_LEVEL: config.logLevel,
    PUBLIC_URL: 'http://127.0.0.1',
  };

  group.add('redis', {
    launch: () =>
      spawn('redis-server', ['--port', String(config.redisPort), '--bind', '127.0.0.1', '--save', ''], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ready: (signal) => waitUntil('Redis', () => portOpen(config.redisPort), 120_000, signal),
  });
  group.add('kafka', kafkaLauncher(config, kafkaDir));

  const ports: Record<string, number> = {};
  for (const name of [...SERVICES, 'gateway']) ports[name] = await freePort();
  const serviceUrl = (name: string) => `http://127.0.0.1:${ports[name]}`;
  for (const name of SERVICES) {
    group.add(name, {
      launch: () => node(`services/${name}/src/server.ts`, { ...engines, PORT: String(ports[name]) }),
      ready: (signal) => waitUntil(name, answers(`${serviceUrl(name)}/readyz`), 120_000, signal),
    });
  }
  group.add('gateway', {
    launch: () =>
      node('gateway/src/server.ts', {
        ...engines,
        PORT: String(ports.gateway),
        SERVE_FRONTEND: 'false',
        ...Object.fromEntries(
          SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, serviceUrl(name)]),
        ),
      }),
    ready: (signal) => waitUntil('gateway', answers(`${serviceUrl('gateway')}/api/health`), 120_000, signal),
  });

  try {
    await group.start('redis');
    await group.start('kafka');
    for (const name of [...SERVICES, 'gateway'] as const) await group.start(name);
  } catch (error) {
    await group.stopAll();
    await bench.drop();
    await removeFolder(kafkaDir);
    throw error;
  }
  return {
    engines: 'real',
    url: serviceUrl('gateway'),
    database: bench.database,
    logFile: group.logFile,
    pids: group.pids,
    kill: group.kill,
    start: group.start,
    async stop() {
      await bench.database.close();
      await group.stopAll();
      await bench.drop();
      await removeFolder(kafkaDir);
    },
  };
}
