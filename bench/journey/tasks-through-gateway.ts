/**
 * Journey benchmark: an authenticated `GET /api/clients/current/tasks` (the seller's whole task
 * list, 62 entries) through the gateway and straight to services/journey, and a trivial route
 * proxied by the same gateway, BENCH_SECONDS (10) each at BENCH_CONNECTIONS (50), in BENCH_ROUNDS
 * (2) rounds, there and back. Prints req/s, p50 and p99 per scenario (the rounds' mean, and each
 * round's) and two ratios: gateway/direct for the task list, and task list/trivial through the
 * gateway.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/journey/tasks-through-gateway.ts
 *
 * Production layout: services/journey and the gateway each run as their own process
 * (services/journey/src/server.ts, gateway/src/server.ts, NODE_ENV=production, LOG_LEVEL warn),
 * the trivial upstream (bench/journey/trivial-upstream.ts) as a third; the session is checked
 * against the store on every request (memory cache); autocannon runs in this process. Fresh
 * migrated and seeded database, dropped at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureClientJourneys, freePort, sessions, users } from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@listready/service-kit';
import { reportFigures } from '../support/figures.ts';
import { createBenchDatabase, createBenchProcesses, reportLoad, thereAndBack } from '../support/harness.ts';
import { journeyBenchConfig } from './config.ts';
import { cpuSnapshot, cpuSpent, pidsMatching } from './process-cpu.ts';

const config = journeyBenchConfig();
const bench = await createBenchDatabase(config.adminUrl, 'journey');
const { database } = bench;

// A signed-in seller, made the way services/auth makes one: a user, a session row, a signed token.
const sessionSecret = randomBytes(48).toString('base64url');
const [seller] = await database.db
  .insert(users)
  .values({
    email: 'bench-seller@example.com',
    password: 'not-used',
    firstName: 'Bench',
    lastName: 'Seller',
    phone: '555-0100',
    role: 'client',
  })
  .returning();
if (!seller) throw new Error('could not create the seller');
// What journey's user-registered consumer does at sign-up: the seller's journey rows.
await ensureClientJourneys(database.db, { userId: seller.id });
const sessionId = randomUUID();
await database.db.insert(sessions).values({
  sid: sessionId,
  sess: { userId: seller.id, role: 'client' },
  userId: seller.id,
  expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
});
const token = await createSessionCodec(sessionSecret).sign({ id: seller.id, role: 'client', sessionId });
const cookie = `${SESSION_COOKIE}=${token}`;
await database.close();

const processes = createBenchProcesses('journey', config.logDir, config.logLevel);

// Throughput is measured to saturation: load shedding (a 503 when the event loop lags) stays off.
const unshed = { SHED_LOAD: 'off' };
// BENCH_CPU_PROF=<dir>: the gateway writes V8 CPU profiles to <dir>/gateway when it stops (open in
// DevTools), one per thread — named by Node (pid, thread): a fixed name made the module loader's
// thread, which stops last, overwrite the main thread's profile.
const profiled = (name: string): Record<string, string> =>
  process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, name)}` }
    : {};

const [journeyPort, trivialPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
const pids: Record<string, number> = {};
const direct = `http://127.0.0.1:${journeyPort}`;
const trivial = `http://127.0.0.1:${trivialPort}`;
const viaGateway = `http://127.0.0.1:${gatewayPort}`;
pids.journey =
  processes.start('services/journey/src/server.ts', {
    PORT: String(journeyPort),
    DATABASE_URL: bench.url,
    SESSION_SECRET: sessionSecret,
    ...unshed,
  }).pid ?? 0;
pids.trivial = processes.start('bench/journey/trivial-upstream.ts', { PORT: String(trivialPort) }).pid ?? 0;
pids.gateway =
  // BENCH_GATEWAY_ENTRY: another gateway's server.ts (an older commit's, relative to the repository
  // root), to compare before/after on the same machine minutes apart.
  processes.start(process.env.BENCH_GATEWAY_ENTRY ?? 'gateway/src/server.ts', {
    PORT: String(gatewayPort),
    JOURNEY_SERVICE_URL: direct,
    BRANDING_SERVICE_URL: trivial,
    SHELL_DIR: path.join(os.tmpdir(), 'listready-bench-no-shell'),
    REMOTES_ROOT: os.tmpdir(),
    ...unshed,
    ...profiled('gateway'),
  }).pid ?? 0;
await Promise.all([
  processes.waitFor(`${direct}/readyz`),
  processes.waitFor(`${trivial}/api/branding/current`),
  processes.waitFor(`${viaGateway}/readyz`),
]);

// First use creates the seller's journey; a few changes make the list less uniform.
const first = await fetch(`${direct}/api/clients/current/tasks`, { headers: { cookie } });
if (first.status !== 200) throw new Error(`tasks failed: ${first.status} ${await first.text()}`);
const entries = (await first.json()) as { id: string; canEditDetails: boolean }[];
for (const [index, entry] of entries.slice(0, 12).entries()) {
  const body =
    index % 3 === 0
      ? { status: 'completed' }
      : { dueDate: `2030-01-${String(10 + index).padStart(2, '0')}`, notes: 'Bench note' };
  const response = await fetch(`${direct}/api/client-tasks/${entry.id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`update failed: ${response.status} ${await response.text()}`);
}
const sample = await fetch(`${viaGateway}/api/clients/current/tasks`, { headers: { cookie } });
const bytes = (await sample.arrayBuffer()).byteLength;
const zipped = await fetch(`${viaGateway}/api/clients/current/tasks`, {
  headers: { cookie, 'accept-encoding': 'gzip' },
});
const gzipBytes = Number(zipped.headers.get('content-length') ?? 0);
await zipped.arrayBuffer();

// CPU per request, per process: a figure the other load on a shared machine does not move much.
const groups: Record<string, () => number[]> = {
  gateway: () => [pids.gateway ?? 0],
  journey: () => [pids.journey ?? 0],
  trivial: () => [pids.trivial ?? 0],
  postgres: () => pidsMatching(bench.name),
  autocannon: () => [process.pid],
};

interface Figures {
  /** Answered requests, over every round. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per request, per process group. */
  cpuPerRequest: Record<string, number>;
}
async function run(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const before = cpuSnapshot(groups);
  const result = await autocannon({ url, headers, connections: config.connections, duration: seconds });
  const spent = cpuSpent(before, groups);
  const requests = Math.max(result.requests.total, 1);
  return {
    requests,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPerRequest: Object.fromEntries(
      Object.entries(spent).map(([name, seconds]) => [name, (seconds * 1e6) / requests]),
    ),
  };
}
/** A scenario's rounds as one figure: rates and latencies averaged, CPU per request over all its requests. */
function combined(rounds: Figures[]): Figures {
  const mean = (pick: (figure: Figures) => number) =>
    rounds.reduce((sum, figure) => sum + pick(figure), 0) / rounds.length;
  const requests = rounds.reduce((sum, figure) => sum + figure.requests, 0);
  const groupsSeen = [...new Set(rounds.flatMap((figure) => Object.keys(figure.cpuPerRequest)))];
  return {
    requests,
    requestsPerSecond: mean((figure) => figure.requestsPerSecond),
    p50: mean((figure) => figure.p50),
    p99: mean((figure) => figure.p99),
    non2xx: rounds.reduce((sum, figure) => sum + figure.non2xx, 0),
    errors: rounds.reduce((sum, figure) => sum + figure.errors, 0),
    cpuPerRequest: Object.fromEntries(
      groupsSeen.map((name) => [
        name,
        rounds.reduce((sum, figure) => sum + (figure.cpuPerRequest[name] ?? 0) * figure.requests, 0) /
          Math.max(requests, 1),
      ]),
    ),
  };
}

const cpuLine = (figure: Figures) => {
  const parts = Object.entries(figure.cpuPerRequest).filter(([, micros]) => micros >= 1);
  const servers = parts
    .filter(([name]) => name !== 'autocannon')
    .reduce((sum, [, micros]) => sum + micros, 0);
  const all = parts.reduce((sum, [, micros]) => sum + micros, 0);
  return (
    `  CPU µs/request: ${parts.map(([name, micros]) => `${name} ${micros.toFixed(0)}`).join(', ')}; ` +
    `capacity of ${os.cpus().length} idle cores ≈ ${((os.cpus().length * 1e6) / all).toFixed(0)} req/s ` +
    `(servers alone ${((os.cpus().length * 1e6) / servers).toFixed(0)})`
  );
};

const gzip = { 'accept-encoding': 'gzip, deflate, br' };
const scenarios = [
  { name: 'tasks via gateway', url: `${viaGateway}/api/clients/current/tasks`, headers: { cookie } },
  { name: 'tasks direct', url: `${direct}/api/clients/current/tasks`, headers: { cookie } },
  { name: 'trivial via gateway', url: `${viaGateway}/api/branding/current`, headers: {} },
  // What a browser sends: the list goes out gzipped (made once per version by the service).
  {
    name: 'tasks via gw, gzip',
    url: `${viaGateway}/api/clients/current/tasks`,
    headers: { cookie, ...gzip },
  },
  { name: 'tasks direct, gzip', url: `${direct}/api/clients/current/tasks`, headers: { cookie, ...gzip } },
] as const;

console.log(
  `journey bench: ${config.seconds} s per run, ${config.connections} connections, LOG_LEVEL ${config.logLevel}, ` +
    `task list ${bytes} bytes (${gzipBytes} gzipped), ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, node ${process.version}`,
);
const figures = new Map<string, Figures>();
try {
  // A pass over every scenario before any is measured: the journey service's first seconds under
  // load cost it up to twice the CPU per request of later ones (the JIT, Postgres' caches), which
  // a 2 s warm-up of the first scenario alone left in its figures (the ratio's numerator).
  for (const scenario of scenarios) await run(scenario.url, scenario.headers, 3);
  const rounds = new Map<string, Figures[]>();
  for (const { scenario } of thereAndBack(scenarios, config.rounds)) {
    await run(scenario.url, scenario.headers, 2); // warm-up: JIT, connection pools
    const figure = await run(scenario.url, scenario.headers, config.seconds);
    rounds.set(scenario.name, [...(rounds.get(scenario.name) ?? []), figure]);
  }
  for (const scenario of scenarios) {
    const each = rounds.get(scenario.name) ?? [];
    const figure = combined(each);
    figures.set(scenario.name, figure);
    console.log(
      `${scenario.name.padEnd(20)} ${figure.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figure.p50.toFixed(0).padStart(4)} ms  p99 ${figure.p99.toFixed(0).padStart(4)} ms  non-2xx ${figure.non2xx}  errors ${figure.errors}  ` +
        `(rounds: ${each.map((one) => `${one.requestsPerSecond.toFixed(0)} req/s p99 ${one.p99}`).join(', ')})`,
    );
    console.log(cpuLine(figure));
  }
  const gateway = figures.get('tasks via gateway');
  const straight = figures.get('tasks direct');
  const bare = figures.get('trivial via gateway');
  if (gateway && straight && bare) {
    console.log(
      `tasks gateway/direct:   req/s ×${(gateway.requestsPerSecond / straight.requestsPerSecond).toFixed(2)}, p99 ×${(gateway.p99 / Math.max(straight.p99, 1)).toFixed(2)}`,
    );
    console.log(
      `tasks/trivial (gateway): req/s ×${(gateway.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}, p99 ×${(gateway.p99 / Math.max(bare.p99, 1)).toFixed(2)}`,
    );
    const met = gateway.requestsPerSecond >= 2_500 && gateway.p99 < 40;
    console.log(`goal (≥ 2,500 req/s and p99 < 40 ms through the gateway): ${met ? 'met' : 'not met'}`);
  }
  const gatewayGzip = figures.get('tasks via gw, gzip');
  const directGzip = figures.get('tasks direct, gzip');
  if (gatewayGzip && directGzip && bare) {
    console.log(
      `gzip: gateway/direct req/s ×${(gatewayGzip.requestsPerSecond / directGzip.requestsPerSecond).toFixed(2)}, ` +
        `tasks/trivial (gateway) req/s ×${(gatewayGzip.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`,
    );
  }
  reportFigures({
    connections: config.connections,
    seconds: config.seconds,
    runs: Object.fromEntries(figures),
  });
} finally {
  await processes.stop();
  await bench.drop();
}
reportLoad(processes.logFile);
