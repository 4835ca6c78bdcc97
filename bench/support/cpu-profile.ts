import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Reading a V8 CPU profile as Chromium's `Profiler.stop` returns it (the page benches'
 * `main-thread-profile.ts` and `long-task-breakdown.ts`): the time of each function, by itself
 * (self) and with what it called (inclusive), over the whole profile or a window of it.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the clock of the trace events' `ts`. */
  startTime: number;
  samples: number[];
  /** Microseconds from the sample before (the first: from `startTime`). */
  timeDeltas: number[];
}

/** A script's address without its origin, short enough for a table; native code has none. */
export const shortUrl = (url: string): string =>
  url ? url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60) : '(native)';

/** V8's own entries, which are not script: the idle thread and work it cannot attribute. */
export const isIdleOrProgram = (frame: CallFrame): boolean =>
  frame.functionName === '(idle)' || frame.functionName === '(program)';

/** A function as the tables name it: its name, script, line and column (1-based). */
export const functionKey = (frame: CallFrame): string =>
  `${frame.functionName || '(anonymous)'}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;

export interface FunctionTimes {
  /** Ms each function ran itself, by `functionKey`. */
  self: Map<string, number>;
  /** Ms each function was on the stack (counted once per sample, however deep it recurs). */
  inclusive: Map<string, number>;
  /** Ms of each profile node by itself, by node id. */
  selfByNode: Map<number, number>;
}

/**
 * The time of each function over the samples taken in [`from`, `to`] (microseconds on the
 * profile's clock; the whole profile by default). A sample counts the time until the next one, as
 * DevTools does. `(idle)` and `(program)` are left out of the inclusive times.
 */
export function functionTimes(
  profile: CpuProfile,
  window: { from?: number; to?: number } = {},
): FunctionTimes {
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const selfByNode = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < from || time > to) return;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = nodes.get(id);
    if (!node) return;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + ms);
    const key = functionKey(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const frame = nodes.get(current)?.callFrame;
      if (!frame || isIdleOrProgram(frame) || frame.functionName === '(root)') continue;
      const callerKey = functionKey(frame);
      if (onStack.has(callerKey)) continue;
      onStack.add(callerKey);
      inclusive.set(callerKey, (inclusive.get(callerKey) ?? 0) + ms);
    }
  });
  return { self, inclusive, selfByNode };
}

/** The `count` largest entries of a map of times, largest first. */
export const largest = (times: ReadonlyMap<string, number>, count: number): Array<[string, number]> =>
  [...times].sort((a, b) => b[1] - a[1]).slice(0, count);

export interface ProfiledPage {
  page: Page;
  cdp: CDPSession;
  /** Stops the profiler and answers what it sampled. */
  stopProfiler(): Promise<CpuProfile>;
}

/**
 * A new page of `context` with its CPU slowed `cpuRate` times (Lighthouse's mobile is 4) and V8's
 * sampling profiler running every 200 µs, for a load to be profiled.
 */
export async function profiledPage(context: BrowserContext, cpuRate: number): Promise<ProfiledPage> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    page,
    cdp,
    async stopProfiler() {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      return profile;
    },
  };
}
