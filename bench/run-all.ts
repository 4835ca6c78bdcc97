/**
 * Every bench, one after another, then docs/performance.md written from their figures (issue 16,
 * item 6): `npm run bench` at the repository root (it builds the front end first).
 *
 * Each bench runs as its own process, as it runs alone, with BENCH_FIGURES_FILE set: the benches
 * that measure a figure of issue 16's table write it there as data (bench/support/figures.ts); of
 * the others the page keeps the printed result. A bench that needs a real engine runs only when it
 * can (DATABASE_URL or BENCH_DATABASE_URL for PostgreSQL; for Kafka, the broker's jars, which
 * deploy/kafka/start.sh fetches once: the bench starts a broker of its own), and the page says which
 * were skipped and why; a bench skipped keeps the figures and section of its last run, marked as
 * skipped since. BENCH_ONLY=lighthouse,page-weight runs only those; the page's other sections are
 * kept as they were, with their own dates.
 *
 * The page: a hand-written part (anything outside the generated blocks is kept), the summary table
 * (each figure of the issue: goal, before, latest, met) and one generated section per bench between
 * `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, its figures kept in the block as JSON so a partial
 * run still has the others' latest values.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { repositoryRoot } from './support/harness.ts';
import { ISSUE_FIGURES, type BenchFigures } from './issue-figures.ts';
import { keptRun, markSkipped, type BenchRun } from './support/bench-runs.ts';
import { loadBenchConfig } from './load/config.ts';

interface Bench {
  name: string;
  title: string;
  /** From bench/. */
  file: string;
  /** Why it cannot run in this environment, or undefined when it can. */
  skipReason?: (env: NodeJS.ProcessEnv) => string | undefined;
  /** Set for the bench unless the caller set it (documented on the page); may depend on the environment. */
  defaults?: Record<string, string> | ((env: NodeJS.ProcessEnv) => Record<string, string>);
}

const needsPostgres = (env: NodeJS.ProcessEnv) =>
  env.BENCH_DATABASE_URL || env.DATABASE_URL
    ? undefined
    : 'needs DATABASE_URL or BENCH_DATABASE_URL, a PostgreSQL server to create its database on';
/** The real engines: a PostgreSQL server, and the jars of the Kafka broker the bench starts itself. */
const needsKafka = (env: NodeJS.ProcessEnv) =>
  needsPostgres(env) ??
  (existsSync(path.resolve(repositoryRoot, loadBenchConfig(env).kafkaLibs))
    ? undefined
    : 'needs the Kafka jars (deploy/kafka/start.sh fetches them once): it runs on the real engines, PostgreSQL and a Kafka broker of its own');

const needsRunningPlatform = (env: NodeJS.ProcessEnv) =>
  env.PAGE_WEIGHT_URL ? undefined : 'needs PAGE_WEIGHT_URL, a platform already running (npm start)';

export const BENCHES: readonly Bench[] = [
  { name: 'page-weight', title: 'Page weight and LCP', file: 'page-weight/measure-page-weight.ts' },
  { name: 'lighthouse', title: 'Lighthouse, every route', file: 'lighthouse/every-route.ts' },
  {
    name: 'journey-waterfall',
    title: 'The journey’s first load',
    file: 'page-weight/journey-waterfall.ts',
    skipReason: needsRunningPlatform,
  },
  {
    name: 'dashboard-waterfall',
    title: 'The agent dashboard’s first load',
    file: 'page-weight/dashboard-waterfall.ts',
    skipReason: needsRunningPlatform,
  },
  { name: 'npm-start', title: 'Task list under npm start', file: 'journey/tasks-under-npm-start.ts' },
  {
    name: 'gateway',
    title: 'Task list through the gateway',
    file: 'journey/tasks-through-gateway.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'completions',
    title: 'Write path: completions',
    file: 'journey/completions.ts',
    // Issue 16 measures the write path on the real engines: they run when they can (the bench
    // starts a Kafka broker of its own from deploy/kafka's jars), after the embedded ones.
    defaults: (env) => ({ BENCH_ENGINES: needsKafka(env) ? 'embedded' : 'embedded,real' }),
  },
  {
    name: 'agent-dashboard',
    title: 'Agent dashboard',
    file: 'journey/agent-dashboard.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'auth',
    title: 'Sign-in and current user',
    file: 'auth/login-and-current-user.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'events',
    title: 'Events: outbox to consumer',
    file: 'events/outbox-to-consumer.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'invitation',
    title: 'Invitations through the gateway',
    file: 'invitation/invitations-through-gateway.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'analytics',
    title: 'Analytics ingest and reports',
    file: 'analytics/ingest-and-reports.ts',
    skipReason: needsPostgres,
  },
  {
    name: 'traces',
    title: 'What tracing costs',
    file: 'traces/telemetry-cost.ts',
    skipReason: needsPostgres,
  },
  // The load bench's real engines need Kafka; without it, the embedded half only.
  {
    name: 'load',
    title: 'Simulated people',
    file: 'load/simulated-users.ts',
    defaults: { BENCH_ENGINES: 'embedded' },
  },
  { name: 'faults', title: 'Faults under load', file: 'load/faults.ts', skipReason: needsKafka },
  {
    name: 'idle',
    title: 'The platform at rest',
    file: 'load/idle.ts',
    defaults: (env) => ({ BENCH_ENGINES: needsKafka(env) ? 'embedded' : 'embedded,real' }),
  },
  // The suite's size per route (runtime/src/fuzz.test.ts); the bench's own default is 10,000.
  {
    name: 'fuzz',
    title: 'API fuzzing',
    file: 'fuzz/fuzz-api.ts',
    defaults: { FUZZ_CASES_PER_ROUTE: '200', FUZZ_SEQUENCES: '50' },
  },
];

const loadAverage = () => os.loadavg().map((load) => Number(load.toFixed(2)));
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

async function runBench(bench: Bench, logDir: string): Promise<BenchRun> {
  const date = now();
  const loadBefore = loadAverage();
  const skip =
    bench.skipReason?.(process.env) ??
    (existsSync(path.join(repositoryRoot, 'bench', bench.file))
      ? undefined
      : `bench/${bench.file} does not exist yet`);
  const settings = Object.fromEntries(
    Object.entries(
      (typeof bench.defaults === 'function' ? bench.defaults(process.env) : bench.defaults) ?? {},
    ).filter(([key]) => process.env[key] === undefined),
  );
  if (skip) {
    return {
      name: bench.name,
      status: 'skipped',
      note: skip,
      date,
      loadBefore,
      loadAfter: loadBefore,
      seconds: 0,
      outputTail: [],
      settings,
    };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), `listready-bench-${bench.name}-`));
  const figuresFile = path.join(folder, 'figures.json');
  const logFile = path.join(logDir, `listready-bench-run-${bench.name}-${process.pid}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  console.log(
    `\n=== ${bench.name}: bench/${bench.file} (load ${loadBefore.join(' ')}; output in ${logFile})`,
  );
  const lines: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [path.join('bench', bench.file)], {
      cwd: repositoryRoot,
      env: { ...process.env, ...settings, BENCH_FIGURES_FILE: figuresFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      process.stdout.write(chunk);
      lines.push(...stripVTControlCharacters(chunk.toString('utf8')).split('\n'));
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (exitCode) => resolve(exitCode));
  });
  log.end();
  const figures = existsSync(figuresFile)
    ? (JSON.parse(await readFile(figuresFile, 'utf8')) as BenchFigures)
    : undefined;
  await rm(folder, { recursive: true, force: true });
  return {
    name: bench.name,
    status: code === 0 ? 'ran' : 'failed',
    ...(code === 0 ? {} : { note: `exited with code ${code} (output: ${logFile})` }),
    date,
    loadBefore,
    loadAfter: loadAverage(),
    seconds: Math.round((Date.now() - started) / 1000),
    ...(figures ? { figures } : {}),
    outputTail: trimOutput(lines),
    settings,
  };
}

/** The printed result worth keeping: the last 30 non-empty lines, without the per-request noise. */
function trimOutput(lines: string[]): string[] {
  return lines
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-30);
}

// ——— the page ———

const PAGE = path.join(repositoryRoot, 'docs/performance.md');
const SUMMARY = 'summary';
const blockPattern = (name: string) =>
  new RegExp(`<!-- bench:${name} -->\\n[\\s\\S]*?<!-- /bench:${name} -->\\n?`);
const figuresPattern = /<!-- figures (\{[\s\S]*?\}) -->/;
/** The figures comment with the line end after it, as `block()` writes it. */
const figuresLine = new RegExp(`${figuresPattern.source}\\n?`);
// Inside an HTML comment, `--` may not appear: JSON's own `-` are written as \u002d.
// The printed lines are in the section already; a section not run again is kept as it is.
const encodeFigures = (run: BenchRun) => JSON.stringify({ ...run, outputTail: [] }).replace(/-/g, '\\u002d');

const HAND_WRITTEN = `# Performance

The figures of issue 16's table, measured by \`npm run bench\` (every bench in \`bench/\`, one after
another, on this machine). The sections between \`<!-- bench:… -->\` markers are generated: do not
edit them by hand, run the benches again. Anything outside them is kept as written.

Timings on this machine depend on what else runs on its two cores: each section gives the load
average (1, 5 and 15 minutes, as \`uptime\` shows it) before and after its bench. Sizes and scores do
not depend on the machine's speed; CI holds those (\`bench/lighthouse/lighthouse.test.ts\`).

`;

function block(name: string, body: string, run?: BenchRun): string {
  return `<!-- bench:${name} -->\n${body.trimEnd()}\n${run ? `<!-- figures ${encodeFigures(run)} -->\n` : ''}<!-- /bench:${name} -->\n`;
}

/** A bench's section as the page has it: its block without the markers and the figures. */
function sectionOnPage(page: string, name: string): string | undefined {
  const found = blockPattern(name).exec(page)?.[0];
  return found
    ?.replace(`<!-- bench:${name} -->\n`, '')
    .replace(`<!-- /bench:${name} -->`, '')
    .replace(figuresLine, '')
    .trimEnd();
}

function previousRuns(page: string): Map<string, BenchRun> {
  const runs = new Map<string, BenchRun>();
  for (const bench of BENCHES) {
    const found = blockPattern(bench.name).exec(page)?.[0];
    const json = found ? figuresPattern.exec(found)?.[1] : undefined;
    if (json) runs.set(bench.name, JSON.parse(json) as BenchRun);
  }
  return runs;
}

const loadText = (load: number[]) => load.map((value) => value.toFixed(2)).join(', ');

function benchSection(bench: Bench, run: BenchRun): string {
  const heading = `## ${bench.title} (\`bench/${bench.file}\`)`;
  if (run.status === 'skipped') return `${heading}\n\nSkipped in the run of ${run.date}: ${run.note}.\n`;
  const settings = Object.entries(run.settings).map(([key, value]) => `${key}=${value}`);
  const lines = [
    heading,
    '',
    `${run.status === 'failed' ? `**Failed** (${run.note}). ` : ''}Run ${run.date}, ${run.seconds} s; ` +
      `load average ${loadText(run.loadBefore)} before, ${loadText(run.loadAfter)} after` +
      `${settings.length ? `; the runner set ${settings.map((setting) => `\`${setting}\``).join(', ')}` : ''}.`,
    '',
  ];
  const table = ISSUE_FIGURES.find((figure) => figure.bench === bench.name)?.section?.(run.figures);
  if (table) lines.push(table, '');
  lines.push(
    '<details><summary>What it printed (last lines)</summary>',
    '',
    '```text',
    ...run.outputTail,
    '```',
    '',
    '</details>',
    '',
  );
  return lines.join('\n');
}

/** Which code was measured: the commit, and whether the working tree had uncommitted changes. */
function measuredTree(): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', '--short', 'HEAD') || 'unknown';
  const changed = git('status', '--porcelain', '--untracked-files=no').split('\n').filter(Boolean).length;
  return changed
    ? `commit ${commit} plus uncommitted changes in ${changed} tracked files (built and measured as they were)`
    : `commit ${commit}, a clean working tree`;
}

function summarySection(
  runs: Map<string, BenchRun>,
  started: string,
  load: { before: number[]; after: number[] },
): string {
  const rows = ISSUE_FIGURES.flatMap((group) =>
    group.rows.map((row) => {
      const run = runs.get(group.bench);
      const measured = run?.status === 'ran' && run.figures ? row.measure(run.figures) : undefined;
      const latest = measured
        ? `${measured.value} (${run?.date.slice(0, 10)})`
        : run?.status === 'skipped'
          ? `skipped: ${run.note}`
          : run?.status === 'failed'
            ? 'the bench failed'
            : run?.status === 'ran'
              ? 'the bench reports no such figure'
              : 'not run yet';
      const met = measured?.met === undefined ? '–' : measured.met ? 'met' : 'not met';
      return `| ${row.figure} | ${row.goal} | ${row.before} | ${latest} | ${met} |`;
    }),
  );
  const skipped = [...runs.values()].filter((run) => run.status !== 'ran' || run.skipped);
  return [
    '## Issue 16’s figures',
    '',
    `Latest \`npm run bench\`: ${started}, ${treeAtStart}; ${os.cpus().length} CPUs, load average ${loadText(load.before)} at the ` +
      `start and ${loadText(load.after)} at the end. "Before" is the issue's. A figure comes from the ` +
      'latest run of its bench, dated beside it.',
    '',
    '| Figure | Goal | Before (issue 16) | Latest | Met |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    skipped.length
      ? `Not measured in the latest runs: ${skipped.map((run) => `${run.name} (${run.skipped ? `${run.skipped.note}; its figures are its run of ${run.date.slice(0, 10)}` : run.status === 'skipped' ? run.note : 'failed'})`).join('; ')}.`
      : 'Every bench ran.',
    '',
  ].join('\n');
}

function writePage(
  runs: Map<string, BenchRun>,
  thisRun: Set<string>,
  started: string,
  load: { before: number[]; after: number[] },
) {
  let page = existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : HAND_WRITTEN;
  // The other benches' latest runs are the page's as it is now (another run may have written it).
  const onPage = previousRuns(page);
  const latest = new Map(
    BENCHES.flatMap((bench) => {
      const run = thisRun.has(bench.name)
        ? runs.get(bench.name)
        : (onPage.get(bench.name) ?? runs.get(bench.name));
      return run ? [[bench.name, run] as const] : [];
    }),
  );
  const put = (name: string, content: string) => {
    page = blockPattern(name).test(page)
      ? page.replace(blockPattern(name), () => content)
      : `${page.trimEnd()}\n\n${content}`;
  };
  put(SUMMARY, block(SUMMARY, summarySection(latest, started, load)));
  for (const bench of BENCHES) {
    const run = runs.get(bench.name);
    if (run && thisRun.has(bench.name)) {
      // Skipped this time after an earlier run measured it: that run's section stays, marked.
      const kept = run.skipped ? sectionOnPage(page, bench.name) : undefined;
      const section =
        run.skipped && kept !== undefined
          ? markSkipped(kept, run.skipped, run.date)
          : benchSection(bench, run);
      put(bench.name, block(bench.name, section, run));
    } else if (!blockPattern(bench.name).test(page)) {
      put(bench.name, block(bench.name, `## ${bench.title} (\`bench/${bench.file}\`)\n\nNot run yet.\n`));
    }
  }
  writeFileSync(PAGE, page);
  // The page is checked by prettier like every file: its tables are aligned the same way.
  spawnSync(path.join(repositoryRoot, 'node_modules/.bin/prettier'), ['--write', PAGE], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
}

const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const chosen = BENCHES.filter((bench) => !only || only.includes(bench.name));
const started = now();
// What was built (npm run bench builds just before) and so what is measured.
const treeAtStart = measuredTree();
const loadAtStart = loadAverage();
const runs = previousRuns(existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '');
const done = new Set<string>();
for (const bench of chosen) {
  runs.set(
    bench.name,
    keptRun(runs.get(bench.name), await runBench(bench, process.env.BENCH_LOG_DIR ?? os.tmpdir())),
  );
  done.add(bench.name);
  // Written after each bench: a long run stopped halfway keeps what it measured.
  writePage(runs, done, started, { before: loadAtStart, after: loadAverage() });
}
const failed = chosen.filter((bench) => runs.get(bench.name)?.status === 'failed');
console.log(
  `\nbenches: ${chosen.length - failed.length} ran or skipped, ${failed.length} failed` +
    `${failed.length ? ` (${failed.map((bench) => bench.name).join(', ')})` : ''}; docs/performance.md written`,
);
process.exitCode = failed.length ? 1 : 0;
