/**
 * Accounts benchmark: `POST /api/login` and an authenticated `GET /api/auth/user`, through the
 * gateway and straight to services/auth, BENCH_SECONDS (10) each at BENCH_CONNECTIONS (50).
 * Prints req/s, p50 and p99 per run and the gateway overhead.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/auth/login-and-current-user.ts
 *
 * Production layout: the auth service and the gateway each run as their own process
 * (services/auth/src/server.ts, gateway/src/server.ts) with NODE_ENV=production, real scrypt cost
 * and the session checked against the store on every request (cache: memory, or Redis with
 * REDIS_URL); autocannon runs in this process. Fresh migrated database, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@listready/db';
import { SESSION_COOKIE } from '@listready/service-kit';
import { createBenchDatabase, createBenchProcesses, reportLoad } from '../support/harness.ts';
import { authBenchConfig } from './config.ts';

const config = authBenchConfig();
const bench = await createBenchDatabase(config.adminUrl, 'auth');
await bench.database.close();
const processes = createBenchProcesses('auth', config.logDir, 'warn');

const [authPort, gatewayPort] = [await freePort(), await freePort()];
const direct = `http://127.0.0.1:${authPort}`;
const viaGateway = `http://127.0.0.1:${gatewayPort}`;
processes.start('services/auth/src/server.ts', {
  PORT: String(authPort),
  DATABASE_URL: bench.url,
  SESSION_SECRET: randomBytes(48).toString('base64url'),
  PUBLIC_URL: viaGateway,
  ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
});
processes.start('gateway/src/server.ts', {
  PORT: String(gatewayPort),
  AUTH_SERVICE_URL: direct,
  SHELL_DIR: path.join(os.tmpdir(), 'listready-bench-no-shell'),
  REMOTES_ROOT: os.tmpdir(),
});
await Promise.all([processes.waitFor(`${direct}/readyz`), processes.waitFor(`${viaGateway}/readyz`)]);

// One seller to sign in as, and one signed-in cookie for the reads.
const credentials = { email: 'bench@example.com', password: 'bench-password-1' };
const registered = await fetch(`${direct}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    ...credentials,
    confirmPassword: credentials.password,
    firstName: 'Bench',
    lastName: 'Mark',
    phone: '555-0100',
    role: 'client',
  }),
});
if (registered.status !== 201)
  throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
const cookie = registered.headers
  .getSetCookie()
  .find((value) => value.startsWith(`${SESSION_COOKIE}=`))
  ?.split(';')[0];
if (!cookie) throw new Error('no session cookie');

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
const login: Scenario = {
  name: 'POST /api/login',
  method: 'POST',
  path: '/api/login',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(credentials),
};
const currentUser: Scenario = {
  name: 'GET /api/auth/user',
  method: 'GET',
  path: '/api/auth/user',
  headers: { cookie },
};

async function run(base: string, scenario: Scenario, seconds: number) {
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body ? { body: scenario.body } : {}),
    connections: config.connections,
    duration: seconds,
    // Sign-ins queue behind scrypt: count a slow answer as slow, not as an error.
    timeout: 60,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Requests abandoned when a run ends are still being hashed: one more sign-in waits behind them. */
async function settle(): Promise<void> {
  await fetch(`${direct}${login.path}`, { method: 'POST', headers: login.headers, body: login.body });
}

const rows: string[] = [];
const say = (line: string) => {
  rows.push(line);
  console.log(line);
};
console.log(
  `auth bench: ${config.seconds} s per run, ${config.connections} connections, cache ${config.redisUrl ? 'redis' : 'memory'}, ` +
    `${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, node ${process.version}`,
);
try {
  for (const scenario of [currentUser, login]) {
    const figures: Partial<Record<'direct' | 'gateway', Awaited<ReturnType<typeof run>>>> = {};
    for (const [target, base] of [
      ['direct', direct],
      ['gateway', viaGateway],
    ] as const) {
      await run(base, scenario, 2); // warm-up: JIT, connection pools
      await settle();
      const figure = await run(base, scenario, config.seconds);
      await settle();
      figures[target] = figure;
      say(
        `${scenario.name.padEnd(19)} ${target.padEnd(7)} ${figure.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(5)} ms  p99 ${String(figure.p99).padStart(5)} ms  non-2xx ${figure.non2xx}  errors ${figure.errors}`,
      );
    }
    const { direct: straight, gateway } = figures;
    if (straight && gateway && straight.requestsPerSecond > 0) {
      say(
        `${scenario.name.padEnd(19)} gateway/direct: req/s ×${(gateway.requestsPerSecond / straight.requestsPerSecond).toFixed(2)}, p99 ×${(gateway.p99 / Math.max(straight.p99, 1)).toFixed(2)}`,
      );
    }
  }
} finally {
  await processes.stop();
  await bench.drop();
}
reportLoad(processes.logFile);
