/**
 * The journey's task list under `npm start` as a user runs it: `node --import instrument.ts
 * runtime/src/main.ts` on the embedded defaults (its own Postgres under a fresh DATA_DIR, in-process
 * events), telemetry on, LOG_LEVEL info (BENCH_LOG_LEVEL), load shedding as configured by default.
 * A seller signs up through the gateway; then `GET /api/clients/current/tasks` BENCH_SECONDS (10)
 * each at BENCH_CONNECTIONS (50), through the gateway and straight to the journey service's port,
 * identity and gzip, in BENCH_ROUNDS (2) rounds there and back. Prints req/s (2xx only), p50/p99
 * and the platform's CPU per request for each run, then each scenario's mean over its rounds.
 *
 *   node bench/journey/tasks-under-npm-start.ts
 *
 * BENCH_SCENARIOS=gateway (or direct) runs only the runs whose name contains it.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@listready/db';
import { reportFigures } from '../support/figures.ts';
import { repositoryRoot, sleep, thereAndBack } from '../support/harness.ts';
import { journeyBenchConfig } from './config.ts';
import { cpuSnapshot, cpuSpent } from './process-cpu.ts';

const config = journeyBenchConfig();
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'listready-bench-npm-start-'));
const logFile = path.join(config.logDir, `listready-bench-npm-start-${process.pid}.log`);
const log = createWriteStream(logFile);
const port = await freePort();
const gateway = `http://127.0.0.1:${port}`;

const child = spawn(
  process.execPath,
  [
    // BENCH_CPU_PROF=<dir>: V8 CPU profiles (one per thread) written there when the platform stops.
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    '--import',
    './libs/service-kit/src/instrument.ts',
    // BENCH_RUNTIME_ENTRY: another runtime's main.ts (an older commit's, to compare before/after).
    process.env.BENCH_RUNTIME_ENTRY ?? 'runtime/src/main.ts',
  ],
  {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      AUTH_SIGNUPS_PER_IP_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
child.stdout.pipe(log);
child.stderr.pipe(log);

async function stop(): Promise<void> {
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  log.end();
  await rm(dataDir, { recursive: true, force: true });
}

try {
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`${gateway}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 1_200) throw new Error(`npm start did not come up (see ${logFile})`);
    await sleep(100);
  }
  // The journey service's own port, from the runtime's "ListReady is up" line.
  const up = readFileSync(logFile, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; services?: Record<string, string> }];
      } catch {
        return [];
      }
    })
    .find((line) => line.msg === 'ListReady is up');
  const direct = up?.services?.journey;
  if (!direct) throw new Error(`no journey URL in ${logFile}`);

  const signUp = await fetch(`${gateway}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench-seller@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      firstName: 'Bench',
      lastName: 'Seller',
      phone: '555-0100',
      role: 'client',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  let bytes = 0;
  for (let attempt = 0; attempt < 100 && bytes < 10_000; attempt += 1) {
    const first = await fetch(`${gateway}/api/clients/current/tasks`, { headers: { cookie } });
    bytes = (await first.arrayBuffer()).byteLength;
    if (bytes < 10_000) await sleep(100);
  }

  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const scenarios = [
    { name: 'tasks via gateway', url: `${gateway}/api/clients/current/tasks`, headers: { cookie } },
    { name: 'tasks direct', url: `${direct}/api/clients/current/tasks`, headers: { cookie } },
    { name: 'tasks via gw, gzip', url: `${gateway}/api/clients/current/tasks`, headers: { cookie, ...gzip } },
    { name: 'tasks direct, gzip', url: `${direct}/api/clients/current/tasks`, headers: { cookie, ...gzip } },
  ];
  const only = process.env.BENCH_SCENARIOS;
  const chosen = only ? scenarios.filter((scenario) => scenario.name.includes(only)) : scenarios;
  const groups = { platform: () => [child.pid ?? 0], autocannon: () => [process.pid] };
  console.log(
    `npm start bench: ${config.seconds} s per run, ${config.connections} connections, LOG_LEVEL ${logLevel}, ` +
      `telemetry on, task list ${bytes} bytes, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}, node ${process.version}`,
  );
  type Run = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };
  const runs: Record<string, Run> = {};
  const optionsOf = (scenario: (typeof scenarios)[number]) => ({
    url: scenario.url,
    headers: scenario.headers,
    connections: config.connections,
  });
  // Every scenario warms up before any is measured: run first, a scenario would otherwise carry the
  // platform's own warm-up (JIT, connection pools) that the later ones do not.
  for (const scenario of chosen) await autocannon({ ...optionsOf(scenario), duration: 3 });
  const measured = new Map<string, Run[]>();
  for (const { round, scenario } of thereAndBack(chosen, config.rounds)) {
    const options = optionsOf(scenario);
    await autocannon({ ...options, duration: 2 }); // warm-up: this scenario's own path
    const before = cpuSnapshot(groups);
    const result = await autocannon({ ...options, duration: config.seconds });
    const spent = cpuSpent(before, groups);
    const ok = result['2xx'] / config.seconds;
    const micros = (seconds = 0) => ((seconds * 1e6) / Math.max(result.requests.total, 1)).toFixed(0);
    console.log(
      `${`${scenario.name}, round ${round + 1}`.padEnd(29)} ${ok.toFixed(0).padStart(6)} req/s (2xx)  ` +
        `p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ` +
        `non-2xx ${result.non2xx}  errors ${result.errors + result.timeouts}  ` +
        `CPU µs/request: platform ${micros(spent.platform)}, autocannon ${micros(spent.autocannon)}`,
    );
    measured.set(scenario.name, [
      ...(measured.get(scenario.name) ?? []),
      {
        requestsPerSecond: ok,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      },
    ]);
  }
  for (const [name, each] of measured) {
    const mean = (pick: (run: Run) => number) => each.reduce((sum, run) => sum + pick(run), 0) / each.length;
    const total = (pick: (run: Run) => number) => each.reduce((sum, run) => sum + pick(run), 0);
    runs[name] = {
      requestsPerSecond: mean((run) => run.requestsPerSecond),
      p50: mean((run) => run.p50),
      p99: mean((run) => run.p99),
      non2xx: total((run) => run.non2xx),
      errors: total((run) => run.errors),
    };
    console.log(
      `${name.padEnd(20)} ${runs[name].requestsPerSecond.toFixed(0).padStart(6)} req/s (2xx, the rounds' mean)  ` +
        `p50 ${runs[name].p50.toFixed(0)} ms  p99 ${runs[name].p99.toFixed(0)} ms`,
    );
  }
  const ratio = (a: string, b: string) => {
    const [over, under] = [runs[a]?.requestsPerSecond, runs[b]?.requestsPerSecond];
    return over !== undefined && under ? `×${(over / under).toFixed(2)}` : 'not run';
  };
  reportFigures({ connections: config.connections, seconds: config.seconds, runs });
  console.log(
    `gateway/direct: identity ${ratio('tasks via gateway', 'tasks direct')}, gzip ${ratio('tasks via gw, gzip', 'tasks direct, gzip')}`,
  );
} finally {
  await stop();
}
console.log(
  `\nload after: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; platform log: ${logFile}`,
);
