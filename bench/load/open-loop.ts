/**
 * Open-loop task completions: requests leave at a fixed rate whatever the answers take (as many
 * people acting at once do), each a PUT that completes or un-completes one of many sellers'
 * tasks. Records every answer per second of the run, so shedding and recovery show on a timeline.
 */
import { call, percentile, wasShed, type Person } from './users.ts';

export interface Slot {
  seller: Person;
  taskId: string;
  /** The status the last answered PUT left (undefined after an answer we did not get). */
  known: 'pending' | 'completed' | undefined;
  busy: boolean;
}

export interface OpenLoopPhase {
  name: string;
  ratePerSecond: number;
  seconds: number;
}

export interface Outcome {
  second: number;
  phase: string;
  status: number | 'network';
  ms: number;
  retryAfter?: string | undefined;
  /** The PUT's task and the status it asked for, and when it left (epoch ms, this machine's clock). */
  taskId: string;
  target: 'pending' | 'completed';
  sentAt: number;
}

export interface OpenLoopResult {
  outcomes: Outcome[];
  /** PUT status=completed answered 200 for a task last known pending: each must be one event. */
  completionsAnswered: number;
  /** Completions whose outcome is unknown (no answer, or a 5xx that was not load shedding): at most one event each. */
  completionsUncertain: number;
  /** Requests not sent because every slot was waiting for an answer. */
  skipped: number;
}

/** Runs the phases back to back; `slots` are the (seller, task) pairs the requests toggle. */
export async function runOpenLoop(
  base: string,
  slots: Slot[],
  phases: OpenLoopPhase[],
): Promise<OpenLoopResult> {
  const outcomes: Outcome[] = [];
  const result: OpenLoopResult = { outcomes, completionsAnswered: 0, completionsUncertain: 0, skipped: 0 };
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let next = 0;
  let phaseStart = started;
  for (const phase of phases) {
    let sent = 0;
    const phaseEnd = phaseStart + phase.seconds * 1000;
    while (performance.now() < phaseEnd) {
      const due = Math.floor(((performance.now() - phaseStart) / 1000) * phase.ratePerSecond);
      for (; sent < due; sent += 1) {
        let slot: Slot | undefined;
        for (let tries = 0; tries < slots.length && !slot; tries += 1) {
          const candidate = slots[next % slots.length];
          next += 1;
          if (candidate && !candidate.busy) slot = candidate;
        }
        if (!slot) {
          result.skipped += 1;
          continue;
        }
        const chosen = slot;
        chosen.busy = true;
        const target = chosen.known === 'completed' ? 'pending' : 'completed';
        const second = Math.floor((performance.now() - started) / 1000);
        const sentAt = Date.now();
        const request = call(undefined, base, 'PUT', 'PUT', `/api/client-tasks/${chosen.taskId}`, {
          cookie: chosen.seller.cookie,
          body: { status: target },
          timeoutMs: 60_000,
        }).then((answer) => {
          outcomes.push({
            second,
            phase: phase.name,
            status: answer.status,
            ms: answer.ms,
            retryAfter: answer.retryAfter,
            taskId: chosen.taskId,
            target,
            sentAt,
          });
          if (answer.status === 200) {
            if (target === 'completed' && chosen.known === 'pending') result.completionsAnswered += 1;
            chosen.known = target;
          } else if (wasShed(answer)) {
            // Shed before any work: the task is as it was.
          } else {
            if (target === 'completed') result.completionsUncertain += 1;
            chosen.known = undefined;
          }
          chosen.busy = false;
        });
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    phaseStart = phaseEnd;
  }
  await Promise.all(inFlight);
  return result;
}

/** One line per second: sent, 200s, 503s, others, p50/p99 of the 200s. */
export function timeline(outcomes: Outcome[]): string {
  const bySecond = new Map<number, Outcome[]>();
  for (const outcome of outcomes)
    bySecond.set(outcome.second, [...(bySecond.get(outcome.second) ?? []), outcome]);
  const lines = ['  s  phase       sent   200   503 other  p50(200) p99(200) p99(503)'];
  for (const [second, list] of [...bySecond].sort(([a], [b]) => a - b)) {
    const ok = list.filter((outcome) => outcome.status === 200).map((outcome) => outcome.ms);
    const shed = list.filter((outcome) => outcome.status === 503).map((outcome) => outcome.ms);
    lines.push(
      `${String(second).padStart(3)}  ${(list[0]?.phase ?? '').padEnd(10)} ${String(list.length).padStart(5)} ${String(ok.length).padStart(5)} ${String(shed.length).padStart(5)} ${String(list.length - ok.length - shed.length).padStart(5)}  ${percentile(ok, 50).toFixed(0).padStart(7)}  ${percentile(ok, 99).toFixed(0).padStart(7)}  ${percentile(shed, 99).toFixed(0).padStart(7)}`,
    );
  }
  return lines.join('\n');
}

/** Seconds after `from` until a whole second answered every request 200 (recovery time). */
export function recoverySeconds(outcomes: Outcome[], phase: string): number | undefined {
  const seconds = [...new Set(outcomes.filter((o) => o.phase === phase).map((o) => o.second))].sort(
    (a, b) => a - b,
  );
  const first = seconds[0];
  if (first === undefined) return undefined;
  for (const second of seconds) {
    const list = outcomes.filter((o) => o.second === second);
    if (list.length > 0 && list.every((o) => o.status === 200)) return second - first;
  }
  return undefined;
}
