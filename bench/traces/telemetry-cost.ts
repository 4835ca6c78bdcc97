/**
 * What tracing costs per request: the seller's task list (`GET /api/clients/current/tasks`, a
 * session check and the list's queries) through the gateway to services/journey, each as its own
 * process with the instrument preload, in four set-ups side by side:
 *
 *   off      OTEL_SDK_DISABLED=true (nothing hooked or patched: the floor)
 *   context  no endpoint (the default: trace context made and passed on, nothing recorded)
 *   export   OTEL_EXPORTER_OTLP_ENDPOINT = a receiver in this process (every trace recorded and sent)
 *   sampled  the same with OTEL_TRACES_SAMPLER=parentbased_traceidratio, 10 %
 *   export-no-pg, context-no-pg  export and context without the pg instrumentation
 *            (OTEL_NODE_DISABLED_INSTRUMENTATIONS=pg): what the spans of each SQL statement cost
 *
 * On a shared machine the load moves by the minute, so the set-ups are not run one after the
 * other: BENCH_SLICES rounds, each giving every set-up BENCH_SLICE_SECONDS of load in a shuffled
 * order, CPU time (/proc) of its gateway and journey summed per request over all slices.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/traces/telemetry-cost.ts
 *
 * BENCH_CPU_PROF=<dir> writes each server's CPU profile under <dir>/<set-up>/ (open in DevTools).
 *
 * BENCH_TRACES_REQUEST=completion measures the write path instead: PUT /api/client-tasks/{id}
 * completing and reopening tasks of BENCH_TRACES_SELLERS (10) sellers in turn — a transaction of
 * several statements, each a pg span where tracing records.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { clients, clientTasks, ensureClientJourneys, freePort, sessions, users } from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@listready/service-kit';
import { startOtlpReceiver } from '@listready/service-kit/testing';
import { cpuSnapshot, cpuSpent } from '../journey/process-cpu.ts';
import { createBenchDatabase, createBenchProcesses, loadAverage, reportLoad } from '../support/harness.ts';
import { positiveSetting } from '../support/settings.ts';

const config = {
  adminUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
  slices: positiveSetting(process.env.BENCH_SLICES, 8),
  sliceSeconds: positiveSetting(process.env.BENCH_SLICE_SECONDS, 2),
  connections: positiveSetting(process.env.BENCH_CONNECTIONS, 20),
  logDir: process.env.BENCH_LOG_DIR ?? process.env.TMPDIR ?? '/tmp',
  /** BENCH_CPU_PROF=<dir>: every server writes V8 CPU profiles to <dir>/<set-up>/ when it stops. */
  profileDir: process.env.BENCH_CPU_PROF,
  request:
    process.env.BENCH_TRACES_REQUEST === 'completion' ? ('completion' as const) : ('task-list' as const),
  sellers: positiveSetting(process.env.BENCH_TRACES_SELLERS, 10),
};
const profiled = (setup: string): Record<string, string> =>
  config.profileDir
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(config.profileDir, setup)}` }
    : {};

const bench = await createBenchDatabase(config.adminUrl, 'traces');
const sessionSecret = randomBytes(48).toString('base64url');
const sessionCodec = createSessionCodec(sessionSecret);
/** A seller with a journey and a session, as sign-up and sign-in leave them: their cookie and tasks. */
async function createSeller(index: number): Promise<{ cookie: string; taskIds: string[] }> {
  const [seller] = await bench.database.db
    .insert(users)
    .values({
      email: `traces-seller-${index}@example.com`,
      password: 'not-used',
      firstName: 'Traced',
      lastName: 'Seller',
      phone: '555-0100',
      role: 'client',
    })
    .returning();
  if (!seller) throw new Error('could not create the seller');
  await ensureClientJourneys(bench.database.db, { userId: seller.id });
  const sessionId = randomUUID();
  await bench.database.db.insert(sessions).values({
    sid: sessionId,
    sess: { userId: seller.id, role: 'client' },
    userId: seller.id,
    expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  const token = await sessionCodec.sign({ id: seller.id, role: 'client', sessionId });
  const tasks = await bench.database.db
    .select({ id: clientTasks.id })
    .from(clientTasks)
    .innerJoin(clients, eq(clients.id, clientTasks.clientId))
    .where(eq(clients.userId, seller.id));
  return { cookie: `${SESSION_COOKIE}=${token}`, taskIds: tasks.map((task) => task.id) };
}
const sellers: { cookie: string; taskIds: string[] }[] = [];
for (let index = 0; index < (config.request === 'completion' ? config.sellers : 1); index += 1)
  sellers.push(await createSeller(index));
const cookie = sellers[0]?.cookie ?? '';
/** The completion workload: each request completes or reopens the next (seller, task) in turn. */
const completionRequests = (): autocannon.Request[] => {
  // Sellers in turn (each seller's writes wait for one another on the seller's row lock).
  const slots = (sellers[0]?.taskIds ?? []).flatMap((_taskId, index) =>
    sellers.flatMap((seller) => {
      const taskId = seller.taskIds[index];
      return taskId ? [{ cookie: seller.cookie, taskId }] : [];
    }),
  );
  const completed = new Set<string>();
  let next = 0;
  return [
    {
      method: 'PUT',
      setupRequest: (request) => {
        const slot = slots[next % slots.length];
        next += 1;
        if (!slot) return request;
        const status = completed.has(slot.taskId) ? 'pending' : 'completed';
        if (status === 'completed') completed.add(slot.taskId);
        else completed.delete(slot.taskId);
        return {
          ...request,
          path: `/api/client-tasks/${slot.taskId}`,
          headers: { ...request.headers, cookie: slot.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status }),
        };
      },
    },
  ];
};
await bench.database.close();

const receiver = await startOtlpReceiver({ keepSpans: false });
const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
const setups: { name: string; env: Record<string, string> }[] = [
  { name: 'off', env: { OTEL_SDK_DISABLED: 'true' } },
  { name: 'context', env: {} },
  { name: 'export', env: exporting },
  {
    name: 'sampled',
    env: { ...exporting, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
  },
  { name: 'export-no-pg', env: { ...exporting, OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'pg' } },
  { name: 'context-no-pg', env: { OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'pg' } },
];

const processes = createBenchProcesses('traces', config.logDir, 'warn');
// Throughput to saturation: load shedding stays off.
const unshed = { SHED_LOAD: 'off' };
/** The harness waits 30 s; a loaded machine can need more to start a service. */
async function waitPatiently(url: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await processes.waitFor(url);
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

interface Stack {
  name: string;
  url: string;
  groups: Record<'gateway' | 'journey', () => number[]>;
  requests: number;
  seconds: number;
  /** CPU seconds spent under this set-up's load, per process. */
  cpu: { gateway: number; journey: number };
  p99: number[];
}
const stacks: Stack[] = [];
for (const setup of setups) {
  const [journeyPort, gatewayPort] = [await freePort(), await freePort()];
  const journey = processes.start('services/journey/src/server.ts', {
    ...setup.env,
    ...profiled(setup.name),
    ...unshed,
    PORT: String(journeyPort),
    DATABASE_URL: bench.url,
    SESSION_SECRET: sessionSecret,
  });
  const gateway = processes.start('gateway/src/server.ts', {
    ...setup.env,
    ...profiled(setup.name),
    ...unshed,
    PORT: String(gatewayPort),
    JOURNEY_SERVICE_URL: `http://127.0.0.1:${journeyPort}`,
    SHELL_DIR: path.join(os.tmpdir(), 'listready-bench-no-shell'),
    REMOTES_ROOT: os.tmpdir(),
  });
  // One set-up at a time: eight processes starting at once on a busy machine take minutes.
  await waitPatiently(`http://127.0.0.1:${gatewayPort}/readyz`);
  stacks.push({
    name: setup.name,
    url:
      config.request === 'completion'
        ? `http://127.0.0.1:${gatewayPort}`
        : `http://127.0.0.1:${gatewayPort}/api/clients/current/tasks`,
    groups: { gateway: () => [gateway.pid ?? 0], journey: () => [journey.pid ?? 0] },
    requests: 0,
    seconds: 0,
    cpu: { gateway: 0, journey: 0 },
    p99: [],
  });
}

/** What autocannon sends to a set-up: the seller's task list, or the completion workload. */
const workload = (stack: Stack): autocannon.Options =>
  config.request === 'completion'
    ? { url: stack.url, requests: completionRequests() }
    : { url: stack.url, headers: { cookie } };

try {
  for (const stack of stacks) {
    // Warm-up: JIT, pools, the journey's caches.
    await autocannon({ ...workload(stack), connections: config.connections, duration: 2 });
  }
  console.log(
    `telemetry cost (${config.request}): ${config.slices} rounds × ${config.sliceSeconds} s per set-up, ${config.connections} connections, ` +
      `${os.cpus().length} CPUs, load ${loadAverage()}, node ${process.version}`,
  );
  for (let round = 0; round < config.slices; round += 1) {
    const order = [...stacks].sort(() => Math.random() - 0.5);
    for (const stack of order) {
      const before = cpuSnapshot(stack.groups);
      const result = await autocannon({
        ...workload(stack),
        connections: config.connections,
        duration: config.sliceSeconds,
      });
      const spent = cpuSpent(before, stack.groups);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${stack.name}: ${result.non2xx} non-2xx`);
      stack.requests += result.requests.total;
      stack.seconds += config.sliceSeconds;
      stack.cpu.gateway += spent.gateway ?? 0;
      stack.cpu.journey += spent.journey ?? 0;
      stack.p99.push(result.latency.p99);
    }
  }
  const floor = stacks[0];
  const micros = (seconds: number, requests: number) => (seconds * 1e6) / Math.max(requests, 1);
  const total = (stack: Stack) => micros(stack.cpu.gateway + stack.cpu.journey, stack.requests);
  for (const stack of stacks) {
    const median = [...stack.p99].sort((a, b) => a - b)[Math.floor(stack.p99.length / 2)] ?? 0;
    const extra = floor ? total(stack) - total(floor) : 0;
    console.log(
      `${stack.name.padEnd(13)} ${(stack.requests / stack.seconds).toFixed(0).padStart(5)} req/s  ` +
        `CPU µs/request: gateway ${micros(stack.cpu.gateway, stack.requests).toFixed(0)}, ` +
        `journey ${micros(stack.cpu.journey, stack.requests).toFixed(0)}, ` +
        `both ${total(stack).toFixed(0)} (${extra >= 0 ? '+' : ''}${extra.toFixed(0)} vs off)  ` +
        `median slice p99 ${median} ms`,
    );
  }
  console.log(`spans received: ${receiver.spanCount()}`);
} finally {
  reportLoad(processes.logFile);
  await processes.stop();
  await receiver.close();
  await bench.drop();
}
