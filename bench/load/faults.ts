/**
 * Faults on the real engines under load (issue 18, item 5): while sellers complete and un-complete
 * tasks open-loop at BENCH_FAULT_RATE (40) requests/s (with a sign-in and a task list now and then),
 * Kafka, Redis, the journey service and the gateway are each killed (SIGKILL) and started again.
 * Clients retry what is retryable (502, 503, 504, a refused or cut connection; Retry-After
 * honoured) as the web client would. Prints every request's first and final outcome per second, the
 * recovery time after each restart, and the task completions answered against the task-completed
 * events committed and applied by analytics (equal: none lost, none doubled).
 *
 *   BENCH_KAFKA_LIBS=deploy/kafka/.cache/libs DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node bench/load/faults.ts
 *
 * Production layout as in simulated-users.ts (real engines); Redis and Kafka are the benchmark's
 * own (on free ports, or BENCH_REDIS_PORT and BENCH_KAFKA_PORT), never the shared ones.
 */
import os from 'node:os';
import { loadAverage, reportLoad, sleep } from '../support/harness.ts';
import { loadBenchConfig } from './config.ts';
import { countEffects, outboxMark } from './effects.ts';
import type { Slot } from './open-loop.ts';
import { startRealPlatform, type LoadPlatform, type Part } from './platform.ts';
import { signUpPeople } from './simulated-users.ts';
import { call, callRetrying, percentile, RETRYABLE } from './users.ts';

interface Outcome {
  second: number;
  kind: string;
  first: number | 'network';
  final: number | 'network';
  attempts: number;
  ms: number;
}

export interface Fault {
  part: Part;
  /** Seconds into the run when it is killed, and how long it stays down. */
  at: number;
  downSeconds: number;
}

export const DEFAULT_FAULTS: Fault[] = [
  { part: 'kafka', at: 10, downSeconds: 15 },
  { part: 'redis', at: 40, downSeconds: 10 },
  { part: 'journey', at: 65, downSeconds: 3 },
  { part: 'gateway', at: 85, downSeconds: 3 },
];

export interface FaultRecovery {
  fault: Fault;
  restartSecond: number;
  /** The last second, within the fault's window, in which a request sent failed at first. */
  lastBad: number | undefined;
  /** Seconds after the restart began until every request sent succeeded at first again. */
  recoverySeconds: number;
  /** How long the requests sent in the window that needed retries took, first try to answer. */
  retriedMs: number[];
}

/**
 * Each fault's recovery, from the requests sent in its window: from its kill until the second
 * before the next fault's kill, and at most `horizon` seconds, so that one fault's failures are
 * never counted as another's slow recovery.
 */
export function recoveryByFault(
  faults: Fault[],
  outcomes: Pick<Outcome, 'second' | 'first' | 'attempts' | 'ms'>[],
  horizon = 25,
): FaultRecovery[] {
  return faults.map((fault) => {
    const nextKill = Math.min(...faults.filter((other) => other.at > fault.at).map((other) => other.at));
    // A request sent in the second before the next kill may meet that fault, not this one.
    const until = Math.min(fault.at + horizon, nextKill - 1);
    const inWindow = outcomes.filter((outcome) => outcome.second >= fault.at && outcome.second < until);
    const restartSecond = fault.at + fault.downSeconds;
    const bad = inWindow.filter((outcome) => outcome.first !== 200).map((outcome) => outcome.second);
    const lastBad = bad.length > 0 ? Math.max(...bad) : undefined;
    return {
      fault,
      restartSecond,
      lastBad,
      recoverySeconds: lastBad === undefined ? 0 : Math.max(0, lastBad + 1 - restartSecond),
      retriedMs: inWindow.filter((outcome) => outcome.attempts > 1).map((outcome) => outcome.ms),
    };
  });
}

export interface FaultRunResult {
  ok: boolean;
  requests: number;
  neverSucceeded: number;
  nonRetryable: number;
  completionsAnswered: number;
  committed: number;
  applied: number;
  unknown: number;
  /** Per fault: seconds after its restart began until every request succeeded at once again. */
  recovery: Record<string, number>;
}

/** Runs the load with the faults on a started real-engine platform, printing as it goes. */
export async function runFaults(
  platform: LoadPlatform,
  options: { rate: number; runSeconds: number; sellers: number; faults: Fault[] },
): Promise<FaultRunResult> {
  const { rate, runSeconds, faults } = options;
  {
    const people = await signUpPeople(platform, options.sellers);
    const slots: Slot[] = [];
    for (const seller of people.sellers) {
      const list = await call(undefined, platform.url, 'GET', 'GET', '/api/clients/current/tasks', {
        cookie: seller.cookie,
      });
      const entries = Array.isArray(list.body)
        ? (list.body as { id: string; clientTask: { status: string } }[])
        : [];
      for (const entry of entries.filter((item) => item.clientTask.status === 'pending').slice(0, 10))
        slots.push({ seller, taskId: entry.id, known: 'pending', busy: false });
    }
    const mark = await outboxMark(platform.database);
    const outcomes: Outcome[] = [];
    const events: string[] = [];
    let answeredCompletions = 0;
    let uncertain = 0;
    const started = performance.now();
    const secondNow = () => Math.floor((performance.now() - started) / 1000);

    const faultRun = (async () => {
      for (const fault of faults) {
        await sleep(Math.max(0, started + fault.at * 1000 - performance.now()));
        await platform.kill(fault.part);
        events.push(`${secondNow()}s kill ${fault.part}`);
        await sleep(fault.downSeconds * 1000);
        const restart = performance.now();
        events.push(`${secondNow()}s start ${fault.part}`);
        await platform.start(fault.part);
        events.push(
          `${secondNow()}s ${fault.part} answering again (${((performance.now() - restart) / 1000).toFixed(1)} s to start)`,
        );
      }
    })();

    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let next = 0;
    while (performance.now() - started < runSeconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent += 1) {
        let slot: Slot | undefined;
        for (let tries = 0; tries < slots.length && !slot; tries += 1) {
          const candidate = slots[next % slots.length];
          next += 1;
          if (candidate && !candidate.busy) slot = candidate;
        }
        if (!slot) continue;
        const chosen = slot;
        chosen.busy = true;
        const second = secondNow();
        const kind = sent % 20 === 0 ? 'login' : sent % 10 === 5 ? 'tasks' : 'put';
        const target = chosen.known === 'completed' ? 'pending' : 'completed';
        const send = () =>
          kind === 'login'
            ? call(undefined, platform.url, 'login', 'POST', '/api/login', {
                body: { email: chosen.seller.email, password: chosen.seller.password },
                timeoutMs: 10_000,
              })
            : kind === 'tasks'
              ? call(undefined, platform.url, 'tasks', 'GET', '/api/clients/current/tasks', {
                  cookie: chosen.seller.cookie,
                  timeoutMs: 10_000,
                })
              : call(undefined, platform.url, 'put', 'PUT', `/api/client-tasks/${chosen.taskId}`, {
                  cookie: chosen.seller.cookie,
                  body: { status: target },
                  timeoutMs: 10_000,
                });
        const request = callRetrying(send).then(({ first, final, attempts, ms }) => {
          outcomes.push({ second, kind, first: first.status, final: final.status, attempts, ms });
          if (kind === 'login' && final.cookie) chosen.seller.cookie = final.cookie;
          if (kind === 'put') {
            if (final.status === 200) {
              if (target === 'completed' && chosen.known === 'pending') answeredCompletions += 1;
              chosen.known = target;
            } else {
              if (target === 'completed') uncertain += 1;
              chosen.known = undefined;
            }
          }
          chosen.busy = false;
        });
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      await sleep(5);
    }
    await faultRun;
    await Promise.all(inFlight);

    for (const event of events) console.log(`  ${event}`);
    console.log('  s   sent  ok-first  retried  failed  first answers (non-200)');
    const bySecond = new Map<number, Outcome[]>();
    for (const outcome of outcomes)
      bySecond.set(outcome.second, [...(bySecond.get(outcome.second) ?? []), outcome]);
    for (const [second, list] of [...bySecond].sort(([a], [b]) => a - b)) {
      const firstOk = list.filter((outcome) => outcome.first === 200).length;
      const failed = list.filter((outcome) => outcome.final !== 200).length;
      const firstStatuses = new Map<string, number>();
      for (const outcome of list.filter((item) => item.first !== 200))
        firstStatuses.set(
          `${outcome.kind} ${outcome.first}`,
          (firstStatuses.get(`${outcome.kind} ${outcome.first}`) ?? 0) + 1,
        );
      if (firstOk === list.length && failed === 0 && second % 10 !== 0) continue; // quiet seconds folded
      console.log(
        `${String(second).padStart(3)} ${String(list.length).padStart(6)} ${String(firstOk).padStart(9)} ${String(list.length - firstOk - failed).padStart(8)} ${String(failed).padStart(7)}  ${[...firstStatuses].map(([key, count]) => `${key}×${count}`).join(', ')}`,
      );
    }
    // Recovery: after each restart, the first second from which every request succeeded at once.
    const recovery: Record<string, number> = {};
    for (const { fault, restartSecond, lastBad, recoverySeconds, retriedMs } of recoveryByFault(
      faults,
      outcomes,
    )) {
      recovery[fault.part] = recoverySeconds;
      console.log(
        `${fault.part.padEnd(8)} down ${fault.at}–${restartSecond} s: ` +
          (lastBad === undefined
            ? 'no request failed even once'
            : `requests failed at first until second ${lastBad} (${recoverySeconds} s after the restart began); ` +
              `retried requests took p50 ${percentile(retriedMs, 50).toFixed(0)} ms, max ${Math.max(0, ...retriedMs).toFixed(0)} ms`),
      );
    }
    const finalFailures = outcomes.filter((outcome) => outcome.final !== 200);
    const nonRetryable = outcomes.filter(
      (outcome) => outcome.first !== 200 && outcome.first !== 'network' && !RETRYABLE.has(outcome.first),
    );
    console.log(
      `${outcomes.length} requests: ${finalFailures.length} never succeeded within 90 s of retries, ` +
        `${nonRetryable.length} answered a non-retryable failure [${[...new Set(nonRetryable.map((o) => `${o.kind} ${o.first}`))].join(', ')}]; load ${loadAverage()}`,
    );
    const effectsStarted = performance.now();
    const effects = await countEffects(platform.database, mark, 180_000);
    console.log(
      `completions answered ${answeredCompletions} (+${uncertain} without a final answer); task-completed committed ${effects.committed}, ` +
        `applied by analytics ${effects.applied}, unknown ${effects.unknown}; commit → applied p50 ${effects.p50} ms, p99 ${effects.p99} ms; ` +
        `all applied ${((performance.now() - effectsStarted) / 1000).toFixed(1)} s after the run`,
    );
    const ok =
      finalFailures.length === 0 &&
      nonRetryable.length === 0 &&
      effects.committed === answeredCompletions &&
      effects.applied === effects.committed &&
      effects.unknown === 0;
    return {
      ok,
      requests: outcomes.length,
      neverSucceeded: finalFailures.length,
      nonRetryable: nonRetryable.length,
      completionsAnswered: answeredCompletions,
      committed: effects.committed,
      applied: effects.applied,
      unknown: effects.unknown,
      recovery,
    };
  }
}

if (import.meta.main) {
  const config = loadBenchConfig();
  const rate = config.faultRate;
  const runSeconds = 110;
  console.log(
    `faults bench: ${rate} requests/s for ${runSeconds} s; ${os.cpus().length} CPUs, load ${loadAverage()}`,
  );
  const platform = await startRealPlatform(config);
  let ok = false;
  try {
    ({ ok } = await runFaults(platform, { rate, runSeconds, sellers: 60, faults: DEFAULT_FAULTS }));
  } finally {
    reportLoad(platform.logFile);
    await platform.stop();
  }
  console.log(
    `\nresult: ${ok ? 'every request succeeded or was retried to success; every completion applied once' : 'FAILED (see above)'}`,
  );
  process.exitCode = ok ? 0 : 1;
}
