/**
 * What the service benchmarks share: a fresh migrated database, the components as their own
 * processes (production layout) with their logs in one file, and the teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, ensureDatabase, migrateAndSeed, type Database } from '@listready/db';
import { gatewayNodeOptions } from '@listready/service-kit/gateway-heap';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
/** The machine's load average (1, 5 and 15 minutes) as `uptime` shows it, for a bench's printout. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scenarios of `rounds` rounds in the order they run: every other round in reverse, so a drift
 * over the run (services getting cheaper per request for a minute or more after their warm-up)
 * weighs on every scenario alike instead of on whichever runs first.
 */
export const thereAndBack = <T>(scenarios: readonly T[], rounds: number): { round: number; scenario: T }[] =>
  Array.from({ length: rounds }, (_, round) =>
    (round % 2 === 0 ? scenarios : [...scenarios].reverse()).map((scenario) => ({ round, scenario })),
  ).flat();

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export interface BenchDatabase {
  name: string;
  url: string;
  /** Open for seeding fixtures; close it before the measured runs. */
  database: Database;
  /** Drops the database (closing what is still connected). */
  drop(): Promise<void>;
}

/** A new database named after the benchmark, migrated and seeded. */
export async function createBenchDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `listready_bench_${label}_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await ensureDatabase(adminUrl, name);
  const database = await createDb({ databaseUrl: url.toString(), poolMax: 2 });
  await migrateAndSeed(database);
  return {
    name,
    url: url.toString(),
    database,
    drop: async () => {
      const admin = await createDb({ databaseUrl: adminUrl, poolMax: 1 });
      await admin.pool.query(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}

export interface BenchProcesses {
  logFile: string;
  /** Runs `entry` (a path from the repository root) with production settings plus `env`. */
  start(entry: string, env: Record<string, string>): ChildProcess;
  /** Waits (up to 30 s) until `url` answers 2xx. */
  waitFor(url: string): Promise<void>;
  /** Stops every process started and closes the log. */
  stop(): Promise<void>;
}

/** Each server starts as in production (deploy/node/Dockerfile): with OpenTelemetry preloaded. */
const instrument = path.join(repositoryRoot, 'libs/service-kit/src/instrument.ts');

/**
 * The bench's own OTEL_* settings, handed to every server as a shell hands its environment down:
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set measures export, unset measures spans kept in memory only.
 */
const telemetrySettings = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('OTEL_') && entry[1] !== undefined,
    ),
  );

/**
 * The name the chart and compose give a server (OTEL_SERVICE_NAME), from its entry: `gateway` for
 * gateway/src/server.ts, `journey` for services/journey/src/server.ts. The gateway's telemetry
 * depends on it (libs/service-kit/src/instrument.ts), so a bench measures the gateway as deployed.
 */
const serviceNameOf = (entry: string): Record<string, string> => {
  const name = /(?:^|\/)([\w-]+)\/src\/server\.ts$/.exec(entry)?.[1];
  return name ? { OTEL_SERVICE_NAME: name } : {};
};

export function createBenchProcesses(label: string, logDir: string, logLevel: string): BenchProcesses {
  const children: ChildProcess[] = [];
  const logFile = path.join(logDir, `listready-bench-${label}-${process.pid}.log`);
  const log = createWriteStream(logFile);
  return {
    logFile,
    start(entry, env) {
      const child = spawn(process.execPath, ['--import', instrument, path.join(repositoryRoot, entry)], {
        cwd: repositoryRoot,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          LOG_LEVEL: logLevel,
          ...telemetrySettings(),
          ...serviceNameOf(entry),
          ...env,
          // The gateway runs with the heap it is deployed with (the chart's and compose's NODE_OPTIONS).
          ...(entry.startsWith('gateway/') ? { NODE_OPTIONS: gatewayNodeOptions(env.NODE_OPTIONS) } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Every process writes to the one log. Not by pipe(): each pipe listens on the log (eleven
      // drew Node's MaxListenersExceededWarning), and the first process to end would end the log.
      const write = (chunk: Buffer) => void log.write(chunk);
      child.stdout?.on('data', write);
      child.stderr?.on('data', write);
      children.push(child);
      return child;
    },
    async waitFor(url) {
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const answered = await fetch(url).then(
          (response) => response.ok,
          () => false,
        );
        if (answered) return;
        await sleep(100);
      }
      throw new Error(`${url} did not answer (see ${logFile})`);
    },
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await sleep(500);
      log.end();
    },
  };
}

/** The machine's load when a run ends: figures taken on a busy machine say so. */
export function reportLoad(logFile: string): void {
  console.log(
    `\nload after: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; server logs: ${logFile}`,
  );
}
