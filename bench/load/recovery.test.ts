/**
 * The faults bench's recovery figures: each fault is judged on the requests sent between its kill
 * and the next fault's, so a later outage is never reported as an earlier one's slow recovery.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, recoveryByFault } from './faults.ts';

const second = (at: number, first: number | 'network', attempts = 1, ms = 5) => ({
  second: at,
  first,
  attempts,
  ms,
});

describe('recoveryByFault', () => {
  // The timeline of the 2 Dec 2026 run: the journey service down 65–68 s and answered by 503
  // until second 76; the gateway down 85–88 s, refused connections until second 90.
  const outcomes = [
    ...Array.from({ length: 100 }, (_, at) => second(at, 200)),
    ...[65, 66, 70, 73, 76].map((at) => second(at, 503, 3, 5_000)),
    ...[85, 87, 90].map((at) => second(at, 'network', 2, 3_700)),
    // Sent in the second before the journey service's kill and answered 503 by it (2 Dec, morning).
    second(64, 503, 2, 9_500),
  ];
  const figures = Object.fromEntries(
    recoveryByFault(DEFAULT_FAULTS, outcomes).map((entry) => [entry.fault.part, entry]),
  );

  it("counts a fault's failures only until the next fault's kill", () => {
    expect(figures.journey).toMatchObject({ restartSecond: 68, lastBad: 76, recoverySeconds: 9 });
    expect(figures.journey?.retriedMs).toEqual([5_000, 5_000, 5_000, 5_000, 5_000]);
    expect(figures.gateway).toMatchObject({ restartSecond: 88, lastBad: 90, recoverySeconds: 3 });
    expect(figures.gateway?.retriedMs).toEqual([3_700, 3_700, 3_700]);
  });

  it('reports no failure as a recovery of 0 s, leaving the second before the next kill to it', () => {
    expect(figures.kafka).toMatchObject({ lastBad: undefined, recoverySeconds: 0, retriedMs: [] });
    expect(figures.redis).toMatchObject({ lastBad: undefined, recoverySeconds: 0, retriedMs: [] });
  });

  it('stops at the horizon when no fault follows', () => {
    const late = recoveryByFault(
      [{ part: 'gateway', at: 10, downSeconds: 2 }],
      [second(11, 'network'), second(40, 503)],
      25,
    );
    expect(late[0]).toMatchObject({ lastBad: 11, recoverySeconds: 0 });
  });
});
