/**
 * The platform at rest: what each of its parts costs while nobody uses it. Starts the platform
 * (BENCH_ENGINES: embedded is `npm start`'s one process, real is every part its own process on
 * PostgreSQL, Redis and a Kafka broker of its own; bench/load's platform.ts), lets it settle for
 * BENCH_SETTLE_SECONDS (20), then measures each part over BENCH_IDLE_SECONDS (10): its CPU in ms per
 * second and how often it wakes up (its threads' voluntary context switches per second; an event
 * loop wakes once per timer or socket event). An idle service should sleep: a part that wakes
 * hundreds of times a second is polling something (kafkajs's request queue did, until 2 Dec 2026).
 *
 *   BENCH_ENGINES=embedded node bench/load/idle.ts
 *   BENCH_KAFKA_LIBS=deploy/kafka/.cache/libs DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/load/idle.ts
 */
import { reportFigures } from '../support/figures.ts';
import { loadAverage, sleep } from '../support/harness.ts';
import { positiveSetting } from '../support/settings.ts';
import { counterSnapshot, counterSpent, cpuSnapshot, cpuSpent, wakeUpsOf } from '../journey/process-cpu.ts';
import { loadBenchConfig } from './config.ts';
import { isPlatformProcess, platformParts, startEmbeddedPlatform, startRealPlatform } from './platform.ts';

const config = loadBenchConfig();
const settleSeconds = positiveSetting(process.env.BENCH_SETTLE_SECONDS, 20);
const idleSeconds = positiveSetting(process.env.BENCH_IDLE_SECONDS, 10);

interface PartAtRest {
  part: string;
  cpuMsPerSecond: number;
  wakeUpsPerSecond: number;
}

async function atRest(engines: 'embedded' | 'real'): Promise<PartAtRest[]> {
  const platform =
    engines === 'embedded' ? await startEmbeddedPlatform(config) : await startRealPlatform(config);
  try {
    await sleep(settleSeconds * 1_000);
    const parts = platformParts(platform);
    const cpuBefore = cpuSnapshot(parts);
    const wakeUpsBefore = counterSnapshot(parts, wakeUpsOf);
    const started = performance.now();
    await sleep(idleSeconds * 1_000);
    const seconds = (performance.now() - started) / 1_000;
    const cpu = cpuSpent(cpuBefore, parts);
    const wakeUps = counterSpent(wakeUpsBefore, parts, wakeUpsOf);
    return Object.keys(parts).map((part) => ({
      part,
      cpuMsPerSecond: Math.round(((cpu[part] ?? 0) * 1_000) / seconds),
      wakeUpsPerSecond: Math.round((wakeUps[part] ?? 0) / seconds),
    }));
  } finally {
    await platform.stop();
  }
}

const figures: Record<string, PartAtRest[]> = {};
for (const engines of config.engines) {
  console.log(
    `\n== ${engines} engines, at rest (${settleSeconds} s to settle, then ${idleSeconds} s); load ${loadAverage()}`,
  );
  const parts = await atRest(engines);
  figures[engines] = parts;
  console.table(
    parts.map(({ part, cpuMsPerSecond, wakeUpsPerSecond }) => ({
      part,
      'CPU ms/s': cpuMsPerSecond,
      'wake-ups/s': wakeUpsPerSecond,
    })),
  );
  const own = parts.filter((part) => isPlatformProcess(part.part));
  console.log(
    `the platform's own processes: ${own.reduce((sum, part) => sum + part.cpuMsPerSecond, 0)} ms of CPU a second, ` +
      `${own.reduce((sum, part) => sum + part.wakeUpsPerSecond, 0)} wake-ups a second; load ${loadAverage()}`,
  );
}
reportFigures({ engines: figures });
