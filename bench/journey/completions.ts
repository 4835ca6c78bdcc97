/**
 * The write path (issue #16 item 5): BENCH_SELLERS (20) sellers completing and un-completing their
 * tasks through the gateway, open-loop at each of BENCH_RATES (50,100,250,500 PUTs per second) for
 * BENCH_PHASE_SECONDS (15) each, then a closed loop at full speed for BENCH_MAX_SECONDS (15): the
 * completions per second the platform sustains. For each rate: the PUTs' HTTP p50/p99 and, for every
 * completion, the time from its request leaving to its `task-completed` reaching a consumer
 * (analytics, whose usage row for the event is written as it applies it), p50/p99.
 *
 *   node bench/journey/completions.ts                                  # embedded, then real
 *   BENCH_ENGINES=embedded node bench/journey/completions.ts
 *   BENCH_ENGINES=real DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/journey/completions.ts
 *
 * The platforms are bench/load's (platform.ts): embedded is `npm start`'s one process on a fresh
 * data folder; real is a fresh database on DATABASE_URL with a Redis and a Kafka broker of the
 * benchmark's own (free ports, or BENCH_REDIS_PORT and BENCH_KAFKA_PORT), every part its own process. The load
 * generator shares the machine: the figures carry its load average, and each row the CPU its
 * Node processes (gateway and services; not Postgres, Redis or Kafka) spent per answered PUT, the
 * figure a busy machine moves least. BENCH_TIMELINE=1 also prints each rate's seconds one by one
 * (sent, answered, shed, p50 and p99), to tell a steady tail from stalls.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { SERVER_USAGE_EVENTS } from '@listready/contracts';
import { analyticsEvents, journeyOutbox } from '@listready/db';
import { reportFigures } from '../support/figures.ts';
import { loadAverage, reportLoad } from '../support/harness.ts';
import { cpuSnapshot, cpuSpent } from './process-cpu.ts';
import { loadBenchConfig } from '../load/config.ts';
import { countEffects, outboxMark } from '../load/effects.ts';
import { runOpenLoop, timeline, type Outcome, type Slot } from '../load/open-loop.ts';
import {
  platformParts,
  isPlatformProcess,
  startEmbeddedPlatform,
  startRealPlatform,
  type LoadPlatform,
} from '../load/platform.ts';
import { call, percentile, signUp, wasShed } from '../load/users.ts';
import { positiveSetting } from '../support/settings.ts';

const platformConfig = loadBenchConfig();
const config = {
  sellers: positiveSetting(process.env.BENCH_SELLERS, 20),
  rates: (process.env.BENCH_RATES ?? '50,100,250,500')
    .split(',')
    .map(Number)
    .filter((rate) => Number.isFinite(rate) && rate > 0),
  phaseSeconds: positiveSetting(process.env.BENCH_PHASE_SECONDS, 15),
  maxSeconds: positiveSetting(process.env.BENCH_MAX_SECONDS, 15),
  /** Tasks each seller toggles (a slot has at most one request in flight). */
  tasksPerSeller: positiveSetting(process.env.BENCH_TASKS_PER_SELLER, 10),
  /** Requests in flight in the closed loop: under the gateway's per-service admission bound (32). */
  maxWorkers: positiveSetting(process.env.BENCH_MAX_WORKERS, 30),
};

const ms = (value: number) => value.toFixed(0).padStart(6);

/** The machine's parts whose CPU a PUT costs: the platform's (platformParts) and this load generator. */
const partProcesses = (platform: LoadPlatform): Record<string, () => number[]> => ({
  ...platformParts(platform),
  'load generator': () => [process.pid],
});
/** The parts that are Node processes of the platform (not Postgres, Redis, Kafka or the load generator). */
/**
 * CPU milliseconds per answered PUT while `work` runs: of the platform's Node processes (the
 * column), and of each part of the machine (`byPart`): their sum over the machine's cores is the
 * most PUTs per second this machine could answer if it did nothing else.
 */
async function cpuPerAnswer<T>(
  platform: LoadPlatform,
  work: () => Promise<T>,
  answered: (result: T) => number,
) {
  const groups = partProcesses(platform);
  const before = cpuSnapshot(groups);
  const result = await work();
  const spent = cpuSpent(before, groups);
  const count = Math.max(1, answered(result));
  const byPart = Object.fromEntries(
    Object.entries(spent)
      .filter(([, seconds]) => seconds > 0)
      .map(([part, seconds]) => [part, (seconds * 1000) / count]),
  );
  const cpuMs = Object.entries(byPart)
    .filter(([part]) => isPlatformProcess(part))
    .reduce((sum, [, value]) => sum + value, 0);
  return { result, cpuMs, byPart };
}

/** `journey 2.0, kafka 1.8, …; all 9.4 ms`: where a PUT's CPU went, largest first. */
function describeParts(byPart: Record<string, number>): { line: string; total: number } {
  const total = Object.values(byPart).reduce((sum, value) => sum + value, 0);
  const parts = Object.entries(byPart)
    .sort(([, a], [, b]) => b - a)
    .map(([part, value]) => `${part} ${value.toFixed(2)}`);
  return { line: `${parts.join(', ')}; all ${total.toFixed(2)} ms`, total };
}

/** Every seller's first pending tasks, one slot each. */
async function completionSlots(platform: LoadPlatform): Promise<Slot[]> {
  const run = randomBytes(3).toString('hex');
  const slots: Slot[] = [];
  for (let index = 0; index < config.sellers; index += 1) {
    const seller = await signUp(platform.url, 'client', index, run);
    // The seller's journey rows come with user-registered (a moment later on Kafka).
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const list = await call(undefined, platform.url, 'GET', 'GET', '/api/clients/current/tasks', {
        cookie: seller.cookie,
      });
      if (list.status === 200 && Array.isArray(list.body)) {
        const entries = list.body as { id: string; clientTask: { status: string } }[];
        for (const entry of entries
          .filter((item) => item.clientTask.status === 'pending')
          .slice(0, config.tasksPerSeller))
          slots.push({ seller, taskId: entry.id, known: 'pending', busy: false });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return slots;
}

/**
 * Request → event: for each task-completed committed after `mark`, the completion PUT that made
 * it (the last one for its task sent before the event's completedAt; a slot has one request in
 * flight at a time) and when analytics applied it.
 */
async function requestToEvent(platform: LoadPlatform, mark: number, outcomes: Outcome[]): Promise<number[]> {
  const { db } = platform.database;
  const committed = await db
    .select({
      id: journeyOutbox.id,
      taskId: sql<string>`${journeyOutbox.envelope}->'data'->>'taskId'`,
      completedAt: sql<string>`${journeyOutbox.envelope}->'data'->>'completedAt'`,
    })
    .from(journeyOutbox)
    .where(and(eq(journeyOutbox.type, 'task-completed'), gt(journeyOutbox.seq, mark)));
  const appliedAt = new Map<string, number>();
  for (let start = 0; start < committed.length; start += 1000) {
    const ids = committed.slice(start, start + 1000).map((row) => row.id);
    const rows = await db
      .select({ id: analyticsEvents.id, createdAt: analyticsEvents.createdAt })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.event, SERVER_USAGE_EVENTS['task-completed']),
          inArray(analyticsEvents.id, ids),
        ),
      );
    for (const row of rows) appliedAt.set(row.id, row.createdAt.getTime());
  }
  const sentByTask = new Map<string, number[]>();
  for (const outcome of outcomes) {
    if (outcome.target !== 'completed' || outcome.status !== 200) continue;
    sentByTask.set(outcome.taskId, [...(sentByTask.get(outcome.taskId) ?? []), outcome.sentAt]);
  }
  const latencies: number[] = [];
  for (const event of committed) {
    const applied = appliedAt.get(event.id);
    const completedAt = Date.parse(event.completedAt);
    const sent = (sentByTask.get(event.taskId) ?? []).filter((at) => at <= completedAt);
    if (applied === undefined || sent.length === 0) continue;
    latencies.push(applied - Math.max(...sent));
  }
  return latencies;
}

/** Every worker toggles its own task as fast as the answers come: the rate the platform sustains. */
async function closedLoop(platform: LoadPlatform, slots: Slot[], seconds: number) {
  const latencies: number[] = [];
  let completions = 0;
  let shed = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    slots.map(async (slot) => {
      while (Date.now() < until) {
        const target = slot.known === 'completed' ? 'pending' : 'completed';
        const answer = await call(undefined, platform.url, 'PUT', 'PUT', `/api/client-tasks/${slot.taskId}`, {
          cookie: slot.seller.cookie,
          body: { status: target },
        });
        if (answer.status === 200) {
          latencies.push(answer.ms);
          if (target === 'completed') completions += 1;
          slot.known = target;
        } else if (wasShed(answer)) shed += 1;
        else {
          failed += 1;
          slot.known = undefined;
        }
      }
    }),
  );
  return { puts: latencies.length / seconds, completions: completions / seconds, latencies, shed, failed };
}

interface RateFigures {
  rate: number;
  sent: number;
  answered: number;
  shed: number;
  failed: number;
  completionsPerSecond: number;
  httpP50Ms: number;
  httpP99Ms: number;
  requestToEventP50Ms: number;
  requestToEventP99Ms: number;
  cpuMsPerPut: number;
  cpuMsPerPutByPart: Record<string, number>;
  load: number[];
}
const figures: Record<
  string,
  { rates: RateFigures[]; closedLoop?: Record<string, number | number[] | Record<string, number>> }
> = {};

async function benchmark(engines: 'embedded' | 'real'): Promise<boolean> {
  const rows: RateFigures[] = [];
  figures[engines] = { rates: rows };
  console.log(`\n== ${engines} engines: ${config.sellers} sellers`);
  const platform =
    engines === 'embedded'
      ? await startEmbeddedPlatform(platformConfig)
      : await startRealPlatform(platformConfig);
  let clean = true;
  try {
    const slots = await completionSlots(platform);
    console.log(`${slots.length} tasks toggled (${config.tasksPerSeller} per seller); load ${loadAverage()}`);
    // A short warm-up: connections, prepared statements, the JIT.
    await runOpenLoop(platform.url, slots, [{ name: 'warm-up', ratePerSecond: 50, seconds: 3 }]);
    console.log(
      `${'rate/s'.padStart(7)} ${'sent'.padStart(6)} ${'200'.padStart(6)} ${'other'.padStart(6)} ${'skip'.padStart(5)} ${'done/s'.padStart(7)}` +
        ` ${'http p50'.padStart(8)} ${'p99'.padStart(6)}   ${'→event p50'.padStart(10)} ${'p99'.padStart(6)} ${'events'.padStart(6)} ${'cpu ms/PUT'.padStart(10)}  load`,
    );
    for (const rate of config.rates) {
      const mark = await outboxMark(platform.database);
      const { result, cpuMs, byPart } = await cpuPerAnswer(
        platform,
        () =>
          runOpenLoop(platform.url, slots, [
            { name: `${rate}/s`, ratePerSecond: rate, seconds: config.phaseSeconds },
          ]),
        (run) => run.outcomes.filter((outcome) => outcome.status === 200).length,
      );
      if (process.env.BENCH_TIMELINE) console.log(timeline(result.outcomes));
      const effects = await countEffects(platform.database, mark, 120_000);
      const ok = result.outcomes.filter((outcome) => outcome.status === 200);
      const others = result.outcomes.length - ok.length;
      // A 503 is load shedding (turned away before any work, by design past capacity); anything
      // else that is not a 200, or an event lost or doubled, fails the run.
      const shed = result.outcomes.filter((outcome) => outcome.status === 503).length;
      const failed = others - shed;
      if (failed > 0 || effects.applied !== effects.committed || effects.unknown > 0) clean = false;
      const completions = ok.filter((outcome) => outcome.target === 'completed').length;
      const toEvent = await requestToEvent(platform, mark, result.outcomes);
      const http = ok.map((outcome) => outcome.ms);
      rows.push({
        rate,
        sent: result.outcomes.length,
        answered: ok.length,
        shed,
        failed,
        completionsPerSecond: completions / config.phaseSeconds,
        httpP50Ms: percentile(http, 50),
        httpP99Ms: percentile(http, 99),
        requestToEventP50Ms: percentile(toEvent, 50),
        requestToEventP99Ms: percentile(toEvent, 99),
        cpuMsPerPut: cpuMs,
        cpuMsPerPutByPart: byPart,
        load: os.loadavg(),
      });
      console.log(
        `${String(rate).padStart(7)} ${String(result.outcomes.length).padStart(6)} ${String(ok.length).padStart(6)} ${String(others).padStart(6)} ${String(result.skipped).padStart(5)} ${(completions / config.phaseSeconds).toFixed(0).padStart(7)}` +
          ` ${ms(percentile(http, 50)).padStart(8)} ${ms(percentile(http, 99))}   ${ms(percentile(toEvent, 50)).padStart(10)} ${ms(percentile(toEvent, 99))} ${String(toEvent.length).padStart(6)} ${cpuMs.toFixed(1).padStart(10)}  ${loadAverage()}` +
          (effects.applied === effects.committed
            ? ''
            : `  (${effects.committed - effects.applied} events not applied)`),
      );
    }
    const workers = slots
      .filter((_slot, index) => index % config.tasksPerSeller < 2)
      .slice(0, config.maxWorkers);
    const {
      result: max,
      cpuMs,
      byPart,
    } = await cpuPerAnswer(
      platform,
      () => closedLoop(platform, workers, config.maxSeconds),
      (run) => run.latencies.length,
    );
    console.log(
      `closed loop, ${workers.length} requests in flight: ${max.puts.toFixed(0)} PUTs/s, ${max.completions.toFixed(0)} completions/s, ` +
        `p50 ${percentile(max.latencies, 50).toFixed(0)} ms, p99 ${percentile(max.latencies, 99).toFixed(0)} ms, ` +
        `${max.shed} shed, ${max.failed} failed, ${cpuMs.toFixed(1)} CPU ms per PUT; load ${loadAverage()}`,
    );
    const parts = describeParts(byPart);
    const cores = os.availableParallelism();
    const ceilingPutsPerSecond = (cores * 1000) / parts.total;
    console.log(
      `CPU per PUT in the closed loop, by part (ms): ${parts.line} — at most ${ceilingPutsPerSecond.toFixed(0)} PUTs/s on this machine's ${cores} cores if it did nothing else`,
    );
    if (max.failed > 0) clean = false;
    figures[engines].closedLoop = {
      putsPerSecond: max.puts,
      completionsPerSecond: max.completions,
      p50Ms: percentile(max.latencies, 50),
      p99Ms: percentile(max.latencies, 99),
      shed: max.shed,
      failed: max.failed,
      cpuMsPerPut: cpuMs,
      cpuMsPerPutByPart: byPart,
      ceilingPutsPerSecond,
      load: os.loadavg(),
    };
  } finally {
    reportLoad(platform.logFile);
    // The figures are out; a data folder Postgres was still writing as it stopped is only noise.
    await platform.stop().catch((error: unknown) => console.log(`stopping the platform: ${String(error)}`));
  }
  return clean;
}

let allClean = true;
for (const engines of platformConfig.engines) allClean = (await benchmark(engines)) && allClean;
// For the runner's table: issue 16 measures the write path on the real engines (Postgres, Redis,
// Kafka), so their figures when they ran, else the embedded ones, named. The closed loop's PUTs/s is
// the write the platform sustains — completing or reopening, the same work (bench/load calls it
// completion PUTs/s too).
const tableEngines = figures.real ? 'real' : 'embedded';
const table = figures[tableEngines];
const at250 = table?.rates.find((row) => row.rate === 250);
reportFigures({
  sellers: config.sellers,
  phaseSeconds: config.phaseSeconds,
  tableEngines,
  completionsPerSecond: table?.closedLoop?.putsPerSecond,
  ceilingPutsPerSecond: table?.closedLoop?.ceilingPutsPerSecond,
  requestToEventP99MsAt250: at250?.requestToEventP99Ms,
  engines: figures,
});
if (!allClean) {
  console.log('\nsome requests failed (not shed) or events were lost or doubled: see above');
  process.exitCode = 1;
}
