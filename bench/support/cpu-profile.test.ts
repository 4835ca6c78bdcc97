import { describe, expect, it } from 'vitest';
import { functionKey, functionTimes, largest, shortUrl, type CpuProfile } from './cpu-profile.ts';

const frame = (functionName: string, url = 'http://127.0.0.1:8080/main.js', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 4,
});

/**
 * (root) → run → parse, and (root) → (idle); `recurse` calls itself. Samples every 1,000 µs from
 * t = 10,000: each sample's time is the delta to the next one, as DevTools counts it.
 */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 5, 6] },
    { id: 2, callFrame: frame('run'), children: [3] },
    { id: 3, callFrame: frame('parse', 'http://127.0.0.1:8080/zod.js', 58) },
    { id: 5, callFrame: frame('(idle)', '') },
    { id: 6, callFrame: frame('recurse'), children: [7] },
    { id: 7, callFrame: frame('recurse') },
  ],
  startTime: 10_000,
  samples: [2, 3, 3, 5, 7, 2],
  timeDeltas: [0, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe('a CPU profile read by function', () => {
  it('counts each sample until the next one, by itself and on the stack, leaving (idle) out of the callers', () => {
    const times = functionTimes(profile);
    const run = functionKey(frame('run'));
    const parse = functionKey(frame('parse', 'http://127.0.0.1:8080/zod.js', 58));
    const recurse = functionKey(frame('recurse'));
    // The last sample has no next one: it counts 0.
    expect(Object.fromEntries(times.self)).toEqual({
      [run]: 1,
      [parse]: 2,
      [functionKey(frame('(idle)', ''))]: 1,
      [recurse]: 1,
    });
    expect(times.inclusive.get(run)).toBe(3);
    expect(times.inclusive.get(parse)).toBe(2);
    // Twice on the stack in one sample, counted once.
    expect(times.inclusive.get(recurse)).toBe(1);
    expect([...times.inclusive.keys()].some((key) => key.startsWith('(idle)'))).toBe(false);
    expect(times.selfByNode.get(3)).toBe(2);
  });

  it('keeps to a window of the profile’s clock', () => {
    // Samples at 11,000 (parse) and 12,000 (parse), not those at 10,000 or after 12,000.
    const times = functionTimes(profile, { from: 10_500, to: 12_000 });
    expect([...times.self.values()].reduce((sum, ms) => sum + ms, 0)).toBe(2);
    expect(times.inclusive.get(functionKey(frame('run')))).toBe(2);
  });

  it('names a function by its script without the origin, 1-based, and ranks times', () => {
    expect(functionKey(frame('parse', 'http://127.0.0.1:8080/zod.js', 58))).toBe('parse  /zod.js:59:5');
    expect(functionKey(frame('', ''))).toBe('(anonymous)  (native):1:5');
    expect(shortUrl('https://listready.example/remotes/mfe-seller/remoteEntry.js')).toBe(
      '/remotes/mfe-seller/remoteEntry.js',
    );
    expect(
      largest(
        new Map([
          ['a', 1],
          ['b', 3],
          ['c', 2],
        ]),
        2,
      ),
    ).toEqual([
      ['b', 3],
      ['c', 2],
    ]);
  });
});
