import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { JourneyNotReadyError } from '../clients/client-repository.ts';
import { createJourneyAccess } from './journey-access.ts';

describe("a new seller's requests waiting for their journey", () => {
  const database = useTestDatabase();
  /** A seller whose user-registered has not been applied: no clients row, no household. */
  const newSeller = (): SessionUser => ({ id: randomUUID(), role: 'client', sessionId: randomUUID() });

  it('keep at most maxWaiting requests waiting: the next ones answer JOURNEY_NOT_READY at once, and a place is free again once a wait ends', async () => {
    const access = createJourneyAccess(database.current.db, { waitMs: 1_000, maxWaiting: 2 });
    const settled: string[] = [];
    const ask = (name: string) =>
      access.current(newSeller(), undefined, 'read').then(
        () => {
          throw new Error(`${name} found a journey`);
        },
        (error: unknown) => {
          settled.push(name);
          return error;
        },
      );

    const waits = [ask('first'), ask('second')];
    await vi.waitFor(() => expect(access.waitingForJourney()).toBe(2));
    expect(await ask('third')).toBeInstanceOf(JourneyNotReadyError);
    // The two before it still wait (for the event that would make their journeys).
    expect(settled).toEqual(['third']);
    for (const error of await Promise.all(waits)) expect(error).toBeInstanceOf(JourneyNotReadyError);

    // Their places are given back: two wait again, the one after them does not.
    settled.length = 0;
    const again = [ask('fourth'), ask('fifth')];
    await vi.waitFor(() => expect(access.waitingForJourney()).toBe(2));
    await ask('sixth');
    expect(settled).toEqual(['sixth']);
    await Promise.all(again);
    expect(settled.slice(1).sort()).toEqual(['fifth', 'fourth']);
    expect(access.waitingForJourney()).toBe(0);
  });
});
