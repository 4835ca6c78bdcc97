/**
 * Invitation benchmark: `POST /api/invitations` (an agent invites a client by e-mail and SMS, both
 * delivered to the dev mailbox) through the gateway and straight to services/invitation,
 * BENCH_SECONDS (10) each at BENCH_CONNECTIONS (50). Every request invites a new address; the
 * invitations come from BENCH_AGENTS (50) agents in turn, then from one agent alone (its
 * invitations take turns on the inviter's advisory lock, which keeps a trial allowance exact).
 * Prints req/s, p50 and p99 per run and the gateway overhead.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/invitation/invitations-through-gateway.ts
 *
 * Production layout: services/invitation and the gateway each run as their own process
 * (NODE_ENV=production, LOG_LEVEL warn, no Google or Twilio variables: the dev mailbox, a table
 * row per message, is the delivery; the in-process event transport, whose relay publishes each
 * invitation-sent from the outbox); the session is checked against the store on every request
 * (memory cache); autocannon runs in this process. Each request writes the invitation, its outbox
 * event and two mailbox rows. Agents are paying subscribers (no trial allowance). Fresh migrated
 * and seeded database, dropped at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import { agents, devMailbox, freePort, invitations, sessions, users } from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@listready/service-kit';
import { createBenchDatabase, createBenchProcesses, reportLoad } from '../support/harness.ts';
import { invitationBenchConfig } from './config.ts';

const config = invitationBenchConfig();
const bench = await createBenchDatabase(config.adminUrl, 'invitation');
const { database } = bench;

// Signed-in agents, made the way services/auth makes them: a user, an agent row, a session, a token.
const sessionSecret = randomBytes(48).toString('base64url');
const codec = createSessionCodec(sessionSecret);
const cookies: string[] = [];
for (let index = 0; index < config.agents; index += 1) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `bench-agent-${index}@example.com`,
      password: 'not-used',
      firstName: 'Bench',
      lastName: `Agent ${index}`,
      phone: '555-0199',
      role: 'agent',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('could not create an agent');
  await database.db
    .insert(agents)
    .values({ userId: user.id, subscriptionType: 'annual', subscriptionStatus: 'active' });
  const sessionId = randomUUID();
  await database.db.insert(sessions).values({
    sid: sessionId,
    sess: { userId: user.id, role: 'agent' },
    userId: user.id,
    expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  cookies.push(`${SESSION_COOKIE}=${await codec.sign({ id: user.id, role: 'agent', sessionId })}`);
}

const processes = createBenchProcesses('invitation', config.logDir, config.logLevel);
const [invitationPort, gatewayPort] = [await freePort(), await freePort()];
const direct = `http://127.0.0.1:${invitationPort}`;
const viaGateway = `http://127.0.0.1:${gatewayPort}`;
processes.start('services/invitation/src/server.ts', {
  PORT: String(invitationPort),
  DATABASE_URL: bench.url,
  SESSION_SECRET: sessionSecret,
  PUBLIC_URL: viaGateway,
});
processes.start('gateway/src/server.ts', {
  PORT: String(gatewayPort),
  INVITATION_SERVICE_URL: direct,
  SHELL_DIR: path.join(os.tmpdir(), 'listready-bench-no-shell'),
  REMOTES_ROOT: os.tmpdir(),
});
await Promise.all([processes.waitFor(`${direct}/readyz`), processes.waitFor(`${viaGateway}/readyz`)]);

let sent = 0;
/** A new invitee per request, from the scenario's agents in turn. */
const invite = (from: readonly string[]): autocannon.Request => ({
  method: 'POST',
  path: '/api/invitations',
  setupRequest: (request) => {
    sent += 1;
    return {
      ...request,
      headers: {
        'content-type': 'application/json',
        cookie: from[sent % from.length] ?? '',
      },
      body: JSON.stringify({
        name: `Client ${sent}`,
        email: `client-${sent}-${process.pid}@example.com`,
        phoneNumber: '+1 555 010 0000',
        type: 'agent-to-client',
      }),
    };
  },
});

// One request first: the whole path answers as the scenarios expect.
const probe = await fetch(`${viaGateway}/api/invitations`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: cookies[0] ?? '' },
  body: JSON.stringify({
    name: 'Probe',
    email: 'probe@example.com',
    phoneNumber: '+15550100',
    type: 'agent-to-client',
  }),
});
const probeBody = (await probe.json()) as { email?: { success: boolean }; sms?: { success: boolean } };
if (probe.status !== 200 || !probeBody.email?.success || !probeBody.sms?.success)
  throw new Error(`invitation failed: ${probe.status} ${JSON.stringify(probeBody)}`);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}
async function run(base: string, from: readonly string[], seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: config.connections,
    duration: seconds,
    requests: [invite(from)],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const scenarios = [
  { name: `${config.agents} agents via gateway`, base: viaGateway, from: cookies },
  { name: `${config.agents} agents direct`, base: direct, from: cookies },
  { name: 'one agent via gateway', base: viaGateway, from: cookies.slice(0, 1) },
] as const;

console.log(
  `invitation bench: ${config.seconds} s per run, ${config.connections} connections, ${config.agents} agents, ` +
    `e-mail + SMS to the dev mailbox, LOG_LEVEL ${config.logLevel}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, node ${process.version}`,
);
const figures = new Map<string, Figures>();
try {
  for (const scenario of scenarios) {
    await run(scenario.base, scenario.from, 2); // warm-up: JIT, connection pools
    const figure = await run(scenario.base, scenario.from, config.seconds);
    figures.set(scenario.name, figure);
    console.log(
      `${scenario.name.padEnd(24)} ${figure.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  non-2xx ${figure.non2xx}  errors ${figure.errors}`,
    );
  }
  const gateway = figures.get(scenarios[0].name);
  const straight = figures.get(scenarios[1].name);
  if (gateway && straight && straight.requestsPerSecond > 0) {
    console.log(
      `gateway/direct: req/s ×${(gateway.requestsPerSecond / straight.requestsPerSecond).toFixed(2)}, p99 ×${(gateway.p99 / Math.max(straight.p99, 1)).toFixed(2)}`,
    );
  }
  const [stored] = await database.db.select({ rows: count() }).from(invitations);
  const [mailbox] = await database.db.select({ rows: count() }).from(devMailbox);
  console.log(`stored: ${stored?.rows ?? 0} invitations, ${mailbox?.rows ?? 0} dev mailbox messages`);
} finally {
  await database.close();
  await processes.stop();
  await bench.drop();
}
reportLoad(processes.logFile);
