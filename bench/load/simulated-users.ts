/**
 * Load benchmark (issue 18, item 4): BENCH_USERS (200) simulated people for BENCH_SECONDS (60)
 * through the gateway, each pausing BENCH_THINK_MS (1,000 ± 500) between actions — sellers sign in, open the journey, complete and un-complete tasks and post
 * the tracker's batches; agents (a tenth) sign in and read their dashboards — then open-loop task
 * completions at BENCH_OVERLOAD_FACTOR (3) × the measured capacity for BENCH_OVERLOAD_SECONDS (20),
 * then at half the capacity to see the recovery. Prints req/s, p50/p99 and errors per route, the
 * shedding timeline, and completions counted against the events analytics applied.
 *
 *   node bench/load/simulated-users.ts                     # both
 *   BENCH_ENGINES=embedded node bench/load/simulated-users.ts
 *   BENCH_ENGINES=real DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/load/simulated-users.ts
 *
 * Embedded: `node runtime/src/main.ts` (npm start's one process) on a fresh data folder. Real: a
 * fresh database on DATABASE_URL, a Redis and a Kafka broker (jars from deploy/kafka/start.sh's
 * cache) of the benchmark's own, on free ports or BENCH_REDIS_PORT and BENCH_KAFKA_PORT, each
 * service and the gateway as its own process (NODE_ENV=production). The load generator runs in this
 * process on the same machine: figures carry the machine's load average.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadAverage, reportLoad, sleep } from '../support/harness.ts';
import { loadBenchConfig, type LoadBenchConfig } from './config.ts';
import { countEffects, linkSellersToAgents, outboxMark } from './effects.ts';
import { recoverySeconds, runOpenLoop, timeline, type Slot } from './open-loop.ts';
import { startEmbeddedPlatform, startRealPlatform, type LoadPlatform } from './platform.ts';
import {
  agentLoop,
  call,
  percentile,
  RouteStats,
  sellerLoop,
  signUp,
  wasShed,
  type Completions,
  type Person,
} from './users.ts';

/** Runs `work` over `items` with at most `limit` at once. */
async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(
      ...(await Promise.all(items.slice(start, start + limit).map((item, i) => work(item, start + i)))),
    );
  }
  return results;
}

export interface PeopleFixture {
  sellers: Person[];
  agents: Person[];
}

/** Signs the people up through the API and links the sellers to the agents. */
export async function signUpPeople(platform: LoadPlatform, users: number): Promise<PeopleFixture> {
  const run = randomBytes(3).toString('hex');
  const agentCount = Math.max(1, Math.round(users / 10));
  const agents = await inBatches(Array.from({ length: agentCount }), 10, (_item, index) =>
    signUp(platform.url, 'agent', index, run),
  );
  const sellers = await inBatches(Array.from({ length: users - agentCount }), 10, (_item, index) =>
    signUp(platform.url, 'client', index, run),
  );
  await linkSellersToAgents(
    platform.database,
    sellers.map((seller) => seller.userId ?? ''),
    agents.map((agent) => agent.userId ?? ''),
  );
  return { sellers, agents };
}

/** Every seller and agent in their loop until `seconds` have passed. */
export async function closedLoop(
  platform: LoadPlatform,
  people: PeopleFixture,
  seconds: number,
  thinkMs: number,
) {
  const stats = new RouteStats();
  const completions: Completions = { answered: 0, uncertain: 0 };
  const until = Date.now() + seconds * 1000;
  await Promise.all([
    ...people.sellers.map((seller, index) =>
      sellerLoop(platform.url, seller, index, stats, completions, until, thinkMs),
    ),
    ...people.agents.map((agent, index) => agentLoop(platform.url, agent, index, stats, until, thinkMs)),
  ]);
  return { stats, completions };
}

/**
 * Completion PUTs per second that `workers` requests at once sustain, and the latency of those
 * answers: the platform at its capacity. The workers go through the same (seller, task) pairs as the
 * open loop after them, in the same round, so capacity and overload are the same mix of work — every
 * seller's session and rows, first completions that finish a stage — and the p99 the overload must
 * keep is the p99 of that work (30 tasks toggled over and over made a lighter, hotter mix). A shed
 * answer (more workers than a bound admits) is retried after a pause, so the run measures the
 * platform's work, not its refusals.
 */
async function measureCapacity(
  platform: LoadPlatform,
  slots: Slot[],
  workers: number,
  seconds: number,
): Promise<{ rate: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let next = 0;
  const take = (): Slot | undefined => {
    for (let tries = 0; tries < slots.length; tries += 1) {
      const slot = slots[next % slots.length];
      next += 1;
      if (slot && !slot.busy) return slot;
    }
    return undefined;
  };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const slot = take();
        if (!slot) throw new Error('more workers than (seller, task) pairs');
        slot.busy = true;
        const target = slot.known === 'completed' ? 'pending' : 'completed';
        const answer = await call(undefined, platform.url, 'PUT', 'PUT', `/api/client-tasks/${slot.taskId}`, {
          cookie: slot.seller.cookie,
          body: { status: target },
        });
        slot.busy = false;
        if (answer.status === 200) {
          latencies.push(answer.ms);
          slot.known = target;
        } else if (wasShed(answer)) await sleep(100);
        else slot.known = undefined;
      }
    }),
  );
  return {
    rate: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** (seller, open task) pairs for the open loop: a few tasks per seller, none shared. */
async function openLoopSlots(platform: LoadPlatform, sellers: Person[], perSeller: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const seller of sellers) {
    const list = await call(undefined, platform.url, 'GET', 'GET', '/api/clients/current/tasks', {
      cookie: seller.cookie,
    });
    const entries = Array.isArray(list.body)
      ? (list.body as { id: string; clientTask: { status: string } }[])
      : [];
    for (const entry of entries.filter((item) => item.clientTask.status === 'pending').slice(0, perSeller)) {
      slots.push({ seller, taskId: entry.id, known: 'pending', busy: false });
    }
  }
  return slots;
}

export interface OverloadOptions {
  overloadFactor: number;
  overloadSeconds: number;
  capacitySeconds: number;
  recoverySeconds: number;
}

export async function overloadRun(platform: LoadPlatform, people: PeopleFixture, config: OverloadOptions) {
  const slots = await openLoopSlots(platform, people.sellers, 10);
  // Fewer requests at once than the gateway admits per service (SHED_UPSTREAM_MAX_IN_FLIGHT, 32), and
  // enough to keep both cores busy: the run measures the platform's work, not its refusals.
  const capacityWorkers = Math.min(30, slots.length);
  const capacityMark = await outboxMark(platform.database);
  const steady = await measureCapacity(platform, slots, capacityWorkers, config.capacitySeconds);
  const capacity = steady.rate;
  console.log(
    `capacity: ${capacity.toFixed(0)} completion PUTs/s (closed loop, ${capacityWorkers} at once over the open loop's ${slots.length} tasks), ` +
      `p50 ${steady.p50.toFixed(0)} ms, p99 ${steady.p99.toFixed(0)} ms; load ${loadAverage()}`,
  );
  // The overload starts once the capacity run's events are applied: in-process, the consumers share
  // the services' event loop, and their backlog would be charged to the overload's first seconds.
  const settled = await countEffects(platform.database, capacityMark);
  console.log(`the capacity run's completions applied ${settled.caughtUpAfterMs} ms after it`);
  // Tasks the capacity run left completed start the open loop as 'completed' (their next PUT un-completes).
  const mark = await outboxMark(platform.database);
  const overloadRate = Math.round(capacity * config.overloadFactor);
  const recoveryRate = Math.max(1, Math.round(capacity / 2));
  const result = await runOpenLoop(platform.url, slots, [
    { name: 'overload', ratePerSecond: overloadRate, seconds: config.overloadSeconds },
    { name: 'recovery', ratePerSecond: recoveryRate, seconds: config.recoverySeconds },
  ]);
  const overload = result.outcomes.filter((outcome) => outcome.phase === 'overload');
  const admitted = overload.filter((outcome) => outcome.status === 200).map((outcome) => outcome.ms);
  const shed = overload.filter((outcome) => outcome.status === 503).map((outcome) => outcome.ms);
  const other = overload.filter((outcome) => outcome.status !== 200 && outcome.status !== 503);
  console.log(
    `open loop at ${overloadRate}/s (${config.overloadFactor}× capacity) for ${config.overloadSeconds} s: ${overload.length} sent, ` +
      `${admitted.length} admitted (p50 ${percentile(admitted, 50).toFixed(0)} ms, p99 ${percentile(admitted, 99).toFixed(0)} ms), ` +
      `${shed.length} shed with 503 (p99 ${percentile(shed, 99).toFixed(0)} ms), ${other.length} other ` +
      `[${[...new Set(other.map((o) => o.status))].join(', ')}], ${result.skipped} not sent (every task busy); load ${loadAverage()}`,
  );
  console.log(
    `admitted p99 at ${config.overloadFactor}× / p99 at capacity: ${(percentile(admitted, 99) / Math.max(1, steady.p99)).toFixed(2)}; ` +
      `admitted ${(admitted.length / config.overloadSeconds).toFixed(0)}/s against a capacity of ${capacity.toFixed(0)}/s`,
  );
  console.log(timeline(result.outcomes));
  const recovered = recoverySeconds(result.outcomes, 'recovery');
  console.log(
    `recovery at ${recoveryRate}/s: every request answered 200 from second ${recovered ?? 'never'} after the load dropped`,
  );
  const effects = await countEffects(platform.database, mark);
  console.log(
    `completions answered ${result.completionsAnswered} (+${result.completionsUncertain} without a definite answer); ` +
      `task-completed committed ${effects.committed}, applied by analytics ${effects.applied}, unknown ${effects.unknown}; ` +
      `commit → applied p50 ${effects.p50} ms, p99 ${effects.p99} ms; caught up ${effects.caughtUpAfterMs} ms after the run`,
  );
  return { capacity, steady, overloadRate, overload, admitted, shed, other, result, recovered, effects };
}

async function benchmark(engines: 'embedded' | 'real', config: LoadBenchConfig): Promise<boolean> {
  console.log(
    `\n=== ${engines} engines: ${config.users} people, ${config.seconds} s; ${os.cpus().length} CPUs, load ${loadAverage()}`,
  );
  const platform =
    engines === 'embedded' ? await startEmbeddedPlatform(config) : await startRealPlatform(config);
  let ok = true;
  try {
    const people = await signUpPeople(platform, config.users);
    await closedLoop(platform, people, 5, config.thinkMs); // warm-up: JIT, pools, caches
    const mark = await outboxMark(platform.database);
    const { stats, completions } = await closedLoop(platform, people, config.seconds, config.thinkMs);
    console.log(stats.table(config.seconds));
    const total = [...stats.latencies.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `total ${(total / config.seconds).toFixed(0)} req/s, errors ${stats.errors()}; load ${loadAverage()}`,
    );
    for (const failure of stats.failures.slice(0, 10)) console.log(`  ${failure}`);
    const effects = await countEffects(platform.database, mark);
    console.log(
      `completions answered ${completions.answered} (+${completions.uncertain} without an answer); task-completed committed ` +
        `${effects.committed}, applied by analytics ${effects.applied}, unknown ${effects.unknown}; commit → applied p50 ${effects.p50} ms, p99 ${effects.p99} ms`,
    );
    ok &&=
      stats.errors() === 0 &&
      effects.committed >= completions.answered &&
      effects.committed <= completions.answered + completions.uncertain &&
      effects.applied === effects.committed &&
      effects.unknown === 0;
    const overload = await overloadRun(platform, people, {
      ...config,
      capacitySeconds: 15,
      recoverySeconds: 15,
    });
    ok &&=
      overload.effects.applied === overload.effects.committed &&
      overload.effects.unknown === 0 &&
      overload.effects.committed >= overload.result.completionsAnswered &&
      overload.effects.committed <=
        overload.result.completionsAnswered + overload.result.completionsUncertain;
  } finally {
    reportLoad(platform.logFile);
    await platform.stop();
  }
  return ok;
}

if (import.meta.main) {
  const config = loadBenchConfig();
  let ok = true;
  for (const engines of config.engines) ok = (await benchmark(engines, config)) && ok;
  console.log(`\nresult: ${ok ? 'no errors, every completion applied once' : 'FAILED (see above)'}`);
  process.exitCode = ok ? 0 : 1;
}
