import { describe, expect, it } from 'vitest';
import { keptRun, markSkipped, type BenchRun } from './bench-runs.ts';

const run = (overrides: Partial<BenchRun>): BenchRun => ({
  name: 'journey-waterfall',
  status: 'ran',
  date: '2026-11-29T07:36:40Z',
  loadBefore: [1.2, 2, 2.1],
  loadAfter: [1.2, 1.7, 2],
  seconds: 69,
  figures: { lcpMedianMs: 724 },
  outputTail: [],
  settings: {},
  ...overrides,
});
const skippedNow = run({
  status: 'skipped',
  note: 'needs PAGE_WEIGHT_URL',
  date: '2026-12-02T12:24:55Z',
  seconds: 0,
  figures: undefined,
});

describe('the run the page keeps for a bench', () => {
  it('is the earlier measured run, marked skipped since, when this run skipped the bench', () => {
    const kept = keptRun(run({}), skippedNow);
    expect(kept.status).toBe('ran');
    expect(kept.date).toBe('2026-11-29T07:36:40Z');
    expect(kept.figures).toEqual({ lcpMedianMs: 724 });
    expect(kept.skipped).toEqual({ date: '2026-12-02T12:24:55Z', note: 'needs PAGE_WEIGHT_URL' });
  });

  it('is this run when it ran or failed, or when nothing was measured before', () => {
    const ranNow = run({ date: '2026-12-02T13:00:00Z', figures: { lcpMedianMs: 2012 } });
    expect(keptRun(run({ skipped: { date: 'x', note: 'y' } }), ranNow)).toBe(ranNow);
    const failedNow = run({ status: 'failed', note: 'exit code 1' });
    expect(keptRun(run({}), failedNow)).toBe(failedNow);
    expect(keptRun(undefined, skippedNow)).toBe(skippedNow);
    expect(keptRun(run({ status: 'failed' }), skippedNow)).toBe(skippedNow);
  });
});

describe('a kept section marked skipped', () => {
  const section =
    '## The journey’s first load (`bench/page-weight/journey-waterfall.ts`)\n\nRun 2026-11-29T07:36:40Z, 69 s.\n\n<details>printed</details>\n';

  it('says so under its heading and keeps the rest as written', () => {
    expect(
      markSkipped(
        section,
        { date: '2026-12-02T12:24:55Z', note: 'needs PAGE_WEIGHT_URL' },
        '2026-11-29T07:36:40Z',
      ),
    ).toBe(
      '## The journey’s first load (`bench/page-weight/journey-waterfall.ts`)\n\n' +
        'Skipped in the run of 2026-12-02T12:24:55Z: needs PAGE_WEIGHT_URL. What follows is its run of 2026-11-29T07:36:40Z.\n\n' +
        'Run 2026-11-29T07:36:40Z, 69 s.\n\n<details>printed</details>\n',
    );
  });

  it('replaces the line of an earlier skip rather than adding a second', () => {
    const once = markSkipped(section, { date: 'first', note: 'a' }, 'then');
    const twice = markSkipped(once, { date: 'second', note: 'b' }, 'then');
    expect(twice).toBe(markSkipped(section, { date: 'second', note: 'b' }, 'then'));
    expect(twice.match(/Skipped in the run of/g)).toHaveLength(1);
  });
});
