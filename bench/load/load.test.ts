/**
 * The load benchmark's short version for CI (the full one: simulated-users.ts and faults.ts):
 * a few simulated people on the embedded defaults with no error; on the real engines, completions
 * open-loop at three times the measured capacity shed with 503 and recover, and Redis, the journey
 * service, the gateway and Kafka killed and restarted under load lose or double no completion.
 * Figures are printed; what is asserted holds on any machine (statuses, counts, recovery).
 *
 *   npx vitest run --config bench/load/vitest.config.ts
 *
 * Real engines: DATABASE_URL (a server to create a fresh database on), Kafka jars in
 * deploy/kafka/.cache/libs (deploy/kafka/start.sh fetches them) or BENCH_KAFKA_LIBS; Redis and Kafka
 * are started here on free ports of their own (or BENCH_REDIS_PORT, BENCH_KAFKA_PORT).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/harness.ts';
import { loadBenchConfig } from './config.ts';
import { countEffects, outboxMark } from './effects.ts';
import { runFaults } from './faults.ts';
import { startEmbeddedPlatform, startRealPlatform, type LoadPlatform } from './platform.ts';
import { closedLoop, overloadRun, signUpPeople, type PeopleFixture } from './simulated-users.ts';

const config = loadBenchConfig();
const kafkaJars = existsSync(path.resolve(repositoryRoot, config.kafkaLibs));

describe('load on the embedded defaults', () => {
  let platform: LoadPlatform;
  beforeAll(async () => {
    platform = await startEmbeddedPlatform(config);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('30 people for 10 s: no error, every completion applied once', async () => {
    const people = await signUpPeople(platform, 30);
    const mark = await outboxMark(platform.database);
    const { stats, completions } = await closedLoop(platform, people, 10, config.thinkMs);
    console.log(stats.table(10));
    expect(stats.failures).toEqual([]);
    const effects = await countEffects(platform.database, mark);
    expect(effects).toMatchObject({
      committed: completions.answered,
      applied: completions.answered,
      unknown: 0,
    });
    expect(completions.answered).toBeGreaterThan(0);
  });
});

describe.skipIf(!kafkaJars)('load and faults on the real engines', () => {
  let platform: LoadPlatform;
  let people: PeopleFixture;
  beforeAll(async () => {
    platform = await startRealPlatform(config);
    people = await signUpPeople(platform, 40);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('at 3× capacity the excess gets a fast 503 with Retry-After; nothing else fails; it recovers; no completion lost', async () => {
    const run = await overloadRun(platform, people, {
      overloadFactor: 3,
      overloadSeconds: 8,
      capacitySeconds: 5,
      recoverySeconds: 8,
    });
    expect(run.other).toEqual([]);
    expect(run.shed.length).toBeGreaterThan(0);
    const shedOutcomes = run.result.outcomes.filter((outcome) => outcome.status === 503);
    expect(new Set(shedOutcomes.map((outcome) => outcome.retryAfter))).toEqual(new Set(['2']));
    // The last seconds at half the capacity: every request admitted again.
    const last = Math.max(...run.result.outcomes.map((outcome) => outcome.second));
    const tail = run.result.outcomes.filter(
      (outcome) => outcome.phase === 'recovery' && outcome.second >= last - 2,
    );
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(run.effects.applied).toBe(run.effects.committed);
    expect(run.effects.unknown).toBe(0);
    expect(run.effects.committed).toBeGreaterThanOrEqual(run.result.completionsAnswered);
    expect(run.effects.committed).toBeLessThanOrEqual(
      run.result.completionsAnswered + run.result.completionsUncertain,
    );
  });

  it('Redis, the journey service, the gateway and Kafka killed and restarted: every request succeeds after retries, every completion applied once', async () => {
    const result = await runFaults(platform, {
      rate: 20,
      runSeconds: 50,
      sellers: 20,
      faults: [
        { part: 'redis', at: 4, downSeconds: 4 },
        { part: 'journey', at: 12, downSeconds: 2 },
        { part: 'gateway', at: 19, downSeconds: 2 },
        { part: 'kafka', at: 26, downSeconds: 5 },
      ],
    });
    expect(result).toMatchObject({ neverSucceeded: 0, nonRetryable: 0, unknown: 0 });
    expect(result.committed).toBe(result.completionsAnswered);
    expect(result.applied).toBe(result.committed);
  });
});
