import { readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second for /proc/<pid>/stat times (CLK_TCK, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * How many times a process has gone to sleep waiting (its threads' voluntary context switches, from
 * /proc/<pid>/task/<tid>/status): an event loop counts one per wake-up, so at rest this is how
 * often something wakes it. 0 when it is gone.
 */
export function wakeUpsOf(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
      try {
        const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
        return sum + Number(/^voluntary_ctxt_switches:\s+(\d+)$/m.exec(status)?.[1] ?? 0);
      } catch {
        return sum; // the thread ended meanwhile
      }
    }, 0);
  } catch {
    return 0;
  }
}

/** Processes whose command line (its arguments NUL-separated, as /proc gives it) passes `test`. */
function pidsWhere(test: (cmdline: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/** Processes whose command line contains `needle` (e.g. the Postgres backends of one database). */
export function pidsMatching(needle: string): number[] {
  return pidsWhere((cmdline) => cmdline.includes(needle));
}

type ProcessGroups = Record<string, () => number[]>;
type Snapshot = Map<string, Map<number, number>>;

/**
 * A per-process counter (CPU seconds, wake-ups) of named process groups, to diff around a run with
 * `counterSpent`: kept per process id, so a part restarted meanwhile counts its new process from 0.
 */
export function counterSnapshot(groups: ProcessGroups, read: (pid: number) => number): Snapshot {
  return new Map(
    Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((pid) => [pid, read(pid)]))]),
  );
}

/** What each group's processes counted since `before`. */
export function counterSpent(
  before: Snapshot,
  groups: ProcessGroups,
  read: (pid: number) => number,
): Record<string, number> {
  const spent: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const start = before.get(name) ?? new Map<number, number>();
    spent[name] = pids().reduce((sum, pid) => sum + read(pid) - (start.get(pid) ?? 0), 0);
  }
  return spent;
}

/** CPU seconds of named process groups, to diff around a run: where each request's CPU goes. */
export const cpuSnapshot = (groups: ProcessGroups): Snapshot => counterSnapshot(groups, cpuSecondsOf);

export const cpuSpent = (before: Snapshot, groups: ProcessGroups): Record<string, number> =>
  counterSpent(before, groups, cpuSecondsOf);

/**
 * Every PostgreSQL process on the machine (server, backends, WAL writer…): its first argument is
 * the `postgres` binary or, once forked, `postgres: …`. A bench's database is the busy one.
 */
export function postgresPids(): number[] {
  return pidsWhere((cmdline) => {
    const program = cmdline.split('\0')[0] ?? '';
    return program.startsWith('postgres:') || program.split('/').at(-1) === 'postgres';
  });
}
