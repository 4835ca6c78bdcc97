/**
 * Agent dashboard benchmark: `GET /api/agents/{agentId}/stats`, `…/clients` and `…/insights`
 * for an agent with BENCH_AGENT_CLIENTS (500) clients, straight to services/journey. Prints, per
 * call, the answer's size, the latency of one request at a time (median and p95 of 50), the
 * throughput under load (BENCH_SECONDS at BENCH_CONNECTIONS) and the CPU each request costs the
 * service and Postgres (the figure a busy machine moves least).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/journey/agent-dashboard.ts
 *
 * Production layout: services/journey as its own process (NODE_ENV=production, LOG_LEVEL warn),
 * autocannon in this one. Fixture: a fresh migrated and seeded database (dropped at the end) with
 * the agent's clients and BENCH_OTHER_AGENTS (4) other agents with as many clients each (so the
 * queries must pick the agent's rows out of others'), each client with the journey's task rows, about 40 % of tasks completed
 * (over the last 40 days, so some inside the insights' pace window), 10 % dated from yesterday to
 * tomorrow and 3 % up to three weeks overdue, two dated custom tasks, five time zones and a property.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { eq, inArray } from 'drizzle-orm';
import {
  agents,
  clients,
  customTasks,
  ensureClientJourneys,
  freePort,
  properties,
  sessions,
  users,
} from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@listready/service-kit';
import { createBenchDatabase, createBenchProcesses, reportLoad } from '../support/harness.ts';
import { journeyBenchConfig } from './config.ts';
import { cpuSnapshot, cpuSpent, pidsMatching } from './process-cpu.ts';

const config = journeyBenchConfig();
const clientsPerAgent = Number(process.env.BENCH_AGENT_CLIENTS) || 500;
/** Other agents with as many clients each: the agent's rows are picked out of theirs. */
const otherAgents = Number(process.env.BENCH_OTHER_AGENTS) || 4;
const bench = await createBenchDatabase(config.adminUrl, 'agent_dashboard');
const { database } = bench;
const { db } = database;

const TIME_ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Asia/Tokyo',
  'Pacific/Honolulu',
];

async function agentWithClients(label: string): Promise<{ userId: string; agentId: string }> {
  const [agentUser] = await db
    .insert(users)
    .values({
      email: `bench-${label}@example.com`,
      password: 'not-used',
      firstName: 'Bench',
      lastName: 'Agent',
      phone: '555-0199',
      role: 'agent',
    })
    .returning({ id: users.id });
  if (!agentUser) throw new Error('could not create the agent');
  const [agent] = await db.insert(agents).values({ userId: agentUser.id }).returning({ id: agents.id });
  if (!agent) throw new Error('could not create the agent account');
  const sellers = await db
    .insert(users)
    .values(
      Array.from({ length: clientsPerAgent }, (_, index) => ({
        email: `bench-${label}-seller-${index}@example.com`,
        password: 'not-used',
        firstName: `Seller${index}`,
        lastName: label,
        phone: index % 7 === 0 ? null : `555-${String(index).padStart(4, '0')}`,
        role: 'client' as const,
        timezone: TIME_ZONES[index % TIME_ZONES.length],
      })),
    )
    .returning({ id: users.id });
  // What journey's user-registered consumer does at sign-up: the sellers' journey rows.
  await ensureClientJourneys(db);
  const sellerIds = sellers.map((seller) => seller.id);
  const clientRows = await db
    .update(clients)
    .set({ agentId: agent.id })
    .where(inArray(clients.userId, sellerIds))
    .returning({ id: clients.id });
  const homes = await db
    .insert(properties)
    .values(
      clientRows.map((_, index) => ({
        agentId: agent.id,
        address: `${index + 1} Bench St`,
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        propertyType: 'house',
      })),
    )
    .returning({ id: properties.id });
  await db.transaction(async (tx) => {
    for (const [index, client] of clientRows.entries()) {
      await tx
        .update(clients)
        .set({ propertyId: homes[index]?.id ?? null })
        .where(eq(clients.id, client.id));
    }
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.insert(customTasks).values(
    clientRows.flatMap((client, index) => [
      { clientId: client.id, title: 'Call the stager', dueDate: day((index % 3) - 1) },
      { clientId: client.id, title: 'Book the movers', dueDate: day(index % 5), status: 'completed' },
    ]),
  );
  return { userId: agentUser.id, agentId: agent.id };
}

const agent = await agentWithClients('ours');
for (let other = 1; other <= otherAgents; other += 1) await agentWithClients(`theirs${other}`);
// Fixture only (the service never writes like this): random progress and due dates, in two statements.
await database.pool.query(
  `update journey.client_tasks set status = 'completed', completed_at = now() - random() * interval '40 days' where random() < 0.4`,
);
await database.pool.query(
  `update journey.client_tasks set due_date = current_date + (floor(random() * 3)::int - 1) where random() < 0.1`,
);
await database.pool.query(
  `update journey.client_tasks set due_date = current_date - (2 + floor(random() * 20)::int) where status <> 'completed' and random() < 0.03`,
);
await database.pool.query('analyze');

// The agent signed in the way services/auth does it: a session row and a signed token.
const sessionSecret = randomBytes(48).toString('base64url');
const sessionId = randomUUID();
await db.insert(sessions).values({
  sid: sessionId,
  sess: { userId: agent.userId, role: 'agent' },
  userId: agent.userId,
  expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
});
const token = await createSessionCodec(sessionSecret).sign({ id: agent.userId, role: 'agent', sessionId });
const headers = { cookie: `${SESSION_COOKIE}=${token}` };
await database.close();

const processes = createBenchProcesses('agent-dashboard', config.logDir, config.logLevel);
const journeyPort = await freePort();
const direct = `http://127.0.0.1:${journeyPort}`;
const journeyPid =
  processes.start('services/journey/src/server.ts', {
    PORT: String(journeyPort),
    DATABASE_URL: bench.url,
    SESSION_SECRET: sessionSecret,
  }).pid ?? 0;
await processes.waitFor(`${direct}/readyz`);

// CPU per request, per process: a figure the other load on a shared machine does not move much.
const groups: Record<string, () => number[]> = {
  journey: () => [journeyPid],
  postgres: () => pidsMatching(bench.name),
};

interface Figures {
  bytes: number;
  /** CPU milliseconds per request under load, per process group. */
  cpuPerRequest: Record<string, number>;
  serialMedian: number;
  serialP95: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string): Promise<Figures> {
  const sample = await fetch(url, { headers });
  if (sample.status !== 200) throw new Error(`${url}: ${sample.status} ${await sample.text()}`);
  const bytes = (await sample.arrayBuffer()).byteLength;
  const timings: number[] = [];
  for (let index = 0; index < 60; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (index >= 10) timings.push(performance.now() - started); // the first ten warm up
  }
  timings.sort((a, b) => a - b);
  await autocannon({ url, headers, connections: config.connections, duration: 2 }); // warm-up
  const before = cpuSnapshot(groups);
  const result = await autocannon({
    url,
    headers,
    connections: config.connections,
    duration: config.seconds,
  });
  const spent = cpuSpent(before, groups);
  const requests = Math.max(result.requests.total, 1);
  return {
    bytes,
    cpuPerRequest: Object.fromEntries(
      Object.entries(spent).map(([name, seconds]) => [name, (seconds * 1000) / requests]),
    ),
    serialMedian: timings[Math.floor(timings.length / 2)] ?? 0,
    serialP95: timings[Math.floor(timings.length * 0.95)] ?? 0,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

console.log(
  `agent dashboard bench: ${clientsPerAgent} clients per agent, ${otherAgents} other agents with as many, ` +
    `${config.seconds} s at ${config.connections} connections, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, node ${process.version}`,
);
try {
  for (const call of ['stats', 'clients', 'insights'] as const) {
    const figure = await measure(`${direct}/api/agents/${agent.agentId}/${call}`);
    console.log(
      `${call.padEnd(8)} ${String(figure.bytes).padStart(7)} bytes  one at a time: median ${figure.serialMedian.toFixed(1)} ms, ` +
        `p95 ${figure.serialP95.toFixed(1)} ms  |  under load: ${figure.requestsPerSecond.toFixed(0)} req/s, ` +
        `p50 ${figure.p50} ms, p99 ${figure.p99} ms, non-2xx ${figure.non2xx}`,
    );
    console.log(
      `         CPU per request: ${Object.entries(figure.cpuPerRequest)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`)
        .join(', ')}`,
    );
  }
} finally {
  await processes.stop();
  await bench.drop();
}
reportLoad(processes.logFile);
