import { describe, expect, it } from 'vitest';
import { counterSnapshot, counterSpent, cpuSecondsOf, wakeUpsOf } from './process-cpu.ts';

describe('a per-process counter diffed around a run', () => {
  it('sums each group over its processes now, a process new since the snapshot counting from 0', () => {
    const counters = new Map([
      [10, 100],
      [11, 40],
      [20, 7],
    ]);
    const read = (pid: number) => counters.get(pid) ?? 0;
    const processes: Record<string, number[]> = { journey: [10, 11], gateway: [20] };
    const groups = {
      journey: () => processes.journey ?? [],
      gateway: () => processes.gateway ?? [],
    };
    const before = counterSnapshot(groups, read);

    counters.set(10, 130);
    counters.set(11, 45);
    // The gateway restarted: its old process is gone, the new one has counted 3 already.
    processes.gateway = [21];
    counters.set(21, 3);

    expect(counterSpent(before, groups, read)).toEqual({ journey: 35, gateway: 3 });
  });

  it('reads this process’s own CPU time and wake-ups from /proc, and 0 for a process that is gone', () => {
    const start = cpuSecondsOf(process.pid);
    const until = performance.now() + 50;
    while (performance.now() < until) {
      // Busy for 50 ms, so the CPU time moves.
    }
    expect(cpuSecondsOf(process.pid)).toBeGreaterThan(start);
    expect(wakeUpsOf(process.pid)).toBeGreaterThan(0);
    expect(cpuSecondsOf(2 ** 30)).toBe(0);
    expect(wakeUpsOf(2 ** 30)).toBe(0);
  });
});
