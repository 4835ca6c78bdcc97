/**
 * Analytics benchmark (issue 15): the agent's `GET /api/analytics/stats` and `/realtime` with
 * BENCH_EVENTS (1,000,000) events in the table, and `POST /api/analytics` ingest with batches of
 * BENCH_BATCH_SIZE (50) through the gateway. Figures are printed, not asserted. Goals: both reads
 * under 50 ms at 1 million events; ingest reported in events/s.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/analytics/ingest-and-reports.ts
 *
 * Production layout: services/analytics and the gateway each run as their own process
 * (NODE_ENV=production, LOG_LEVEL warn); the session is checked against the store on every request.
 * The table is filled in SQL: 200 agents with 10 sellers each, and one busy agent with 100 sellers
 * who hold a tenth of all events (the heavy case); events spread over 30 days, 50,000 sessions.
 * Reads are timed one at a time (BENCH_SAMPLES each, after a warm-up), straight to the service and
 * through the gateway; ingest runs BENCH_SECONDS at BENCH_CONNECTIONS as one signed-in seller.
 * Fresh migrated and seeded database, dropped at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { agents, clients, freePort, sessions, users, type Database } from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@listready/service-kit';
import { createBenchDatabase, createBenchProcesses, reportLoad } from '../support/harness.ts';
import { analyticsBenchConfig } from './config.ts';

const config = analyticsBenchConfig();
const bench = await createBenchDatabase(config.adminUrl, 'analytics');
const { database } = bench;
const sessionSecret = randomBytes(48).toString('base64url');
const codec = createSessionCodec(sessionSecret);

const AGENTS = 200;
const SELLERS_PER_AGENT = 10;
const BUSY_SELLERS = 100;

/** Users in bulk, as services/auth makes them (no passwords needed here). */
async function createUsers(db: Database['db'], role: 'agent' | 'client', count: number, label: string) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `bench-${label}-${index}@example.com`,
        password: 'not-used',
        firstName: 'Bench',
        lastName: label,
        phone: '555-0100',
        role,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** A signed-in session for `userId`: the cookie a browser would send. */
async function cookieFor(userId: string, role: 'agent' | 'client'): Promise<string> {
  const sessionId = randomUUID();
  await database.db.insert(sessions).values({
    sid: sessionId,
    sess: { userId, role },
    userId,
    expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return `${SESSION_COOKIE}=${await codec.sign({ id: userId, role, sessionId })}`;
}

const processes = createBenchProcesses('analytics', config.logDir, config.logLevel);
try {
  const started = Date.now();
  const agentUserIds = await createUsers(database.db, 'agent', AGENTS + 1, 'agent');
  const agentRows = await database.db
    .insert(agents)
    .values(agentUserIds.map((userId) => ({ userId, phone: '555-0199' })))
    .returning({ id: agents.id, userId: agents.userId });
  const busyAgent = agentRows[AGENTS];
  const typicalAgent = agentRows[0];
  if (!busyAgent || !typicalAgent) throw new Error('no agents made');
  const sellerIds = await createUsers(database.db, 'client', AGENTS * SELLERS_PER_AGENT, 'seller');
  const busySellerIds = await createUsers(database.db, 'client', BUSY_SELLERS, 'busy-seller');
  await database.db.insert(clients).values([
    ...sellerIds.map((userId, index) => ({
      userId,
      agentId: agentRows[Math.floor(index / SELLERS_PER_AGENT)]?.id ?? null,
    })),
    ...busySellerIds.map((userId) => ({ userId, agentId: busyAgent.id })),
  ]);
  const everyone = [...agentUserIds, ...sellerIds, ...busySellerIds];

  // A tenth of the events belong to the busy agent's sellers; the rest spread over everyone.
  // One statement per chunk keeps the progress visible.
  const CHUNK = 200_000;
  for (let from = 0; from < config.events; from += CHUNK) {
    const to = Math.min(config.events, from + CHUNK);
    await database.db.execute(sql`
    insert into analytics.analytics_events (id, user_id, session_id, event, properties, timestamp)
    select gen_random_uuid()::text,
           case when g % 10 = 0 then (${sql.param(busySellerIds)}::text[])[1 + (g / 10) % ${BUSY_SELLERS}::int]
                else (${sql.param(everyone)}::text[])[1 + g % ${everyone.length}::int] end,
           'bench-session-' || (g % 50000),
           (array['page_view','click','click','form_submit','page_visibility_change','task_action',
                  'stage_action','note_action','user_flow','app_initialized','session_end','task_completed'])[1 + g % 12],
           jsonb_build_object('url', 'https://listready.example.com/journey', 'userAgent',
             'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36',
             'screenSize', '1920x1080', 'viewportSize', '1280x800', 'text', 'Mark Complete'),
           now() - ((g::bigint * 7919) % 2592000) * interval '1 second'
    from generate_series(${from}::int, ${to - 1}::int) g`);
    process.stdout.write(`\rfilling: ${to.toLocaleString()} events`);
  }
  await database.db.execute(sql`
  insert into analytics.analytics_sessions (session_id, user_id, start_time, last_event_at, end_time, page_views, events)
  select 'bench-session-' || g,
         case when g % 10 = 0 then (${sql.param(busySellerIds)}::text[])[1 + (g / 10) % ${BUSY_SELLERS}::int]
              else (${sql.param(everyone)}::text[])[1 + g % ${everyone.length}::int] end,
         now() - ((g::bigint * 104729) % 172800) * interval '1 second' - interval '20 minutes',
         now() - ((g::bigint * 104729) % 172800) * interval '1 second',
         case when g % 3 = 0 then now() - ((g::bigint * 104729) % 172800) * interval '1 second' end,
         1 + g % 7, 5 + g % 40
  from generate_series(0, 49999) g`);
  await database.db.execute(sql`vacuum analyze analytics.analytics_events`);
  await database.db.execute(sql`vacuum analyze analytics.analytics_sessions`);
  const [{ count: stored } = { count: 0 }] = (
    await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from analytics.analytics_events`,
    )
  ).rows;
  console.log(
    `\rfilled: ${stored.toLocaleString()} events, 50,000 sessions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const cookies = {
    typical: await cookieFor(typicalAgent.userId, 'agent'),
    busy: await cookieFor(busyAgent.userId, 'agent'),
    seller: await cookieFor(sellerIds[0] ?? '', 'client'),
  };
  await database.close();

  const [analyticsPort, gatewayPort] = [await freePort(), await freePort()];
  const direct = `http://127.0.0.1:${analyticsPort}`;
  const viaGateway = `http://127.0.0.1:${gatewayPort}`;
  processes.start('services/analytics/src/server.ts', {
    PORT: String(analyticsPort),
    DATABASE_URL: bench.url,
    SESSION_SECRET: sessionSecret,
  });
  processes.start('gateway/src/server.ts', {
    PORT: String(gatewayPort),
    ANALYTICS_SERVICE_URL: direct,
    SHELL_DIR: path.join(os.tmpdir(), 'listready-bench-no-shell'),
    REMOTES_ROOT: os.tmpdir(),
  });
  await Promise.all([processes.waitFor(`${direct}/readyz`), processes.waitFor(`${viaGateway}/readyz`)]);

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

  /** `samples` requests one after another: the time a person waits for the answer. */
  async function timeReads(
    url: string,
    cookie: string,
  ): Promise<{ p50: number; p95: number; bytes: number }> {
    let bytes = 0;
    for (let index = 0; index < 5; index += 1)
      await (await fetch(url, { headers: { cookie } })).arrayBuffer();
    const times: number[] = [];
    for (let index = 0; index < config.samples; index += 1) {
      const start = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      const body = await response.arrayBuffer();
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
  }

  console.log(
    `analytics bench: ${stored.toLocaleString()} events, ${config.samples} timed reads each, ` +
      `${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}, node ${process.version}`,
  );
  {
    let worstMedian = 0;
    let worstTail = 0;
    for (const [who, cookie] of [
      ['typical agent (10 sellers, ~4,500 events)', cookies.typical],
      ['busy agent (100 sellers, ~145,000 events)', cookies.busy],
    ] as const) {
      for (const read of ['stats', 'realtime'] as const) {
        for (const [route, base] of [
          ['direct', direct],
          ['gateway', viaGateway],
        ] as const) {
          const figure = await timeReads(`${base}/api/analytics/${read}`, cookie);
          worstMedian = Math.max(worstMedian, figure.p50);
          worstTail = Math.max(worstTail, figure.p95);
          console.log(
            `${who.padEnd(42)} ${read.padEnd(8)} ${route.padEnd(7)} p50 ${figure.p50.toFixed(1).padStart(6)} ms  p95 ${figure.p95.toFixed(1).padStart(6)} ms  (${figure.bytes} bytes)`,
          );
        }
      }
    }
    // The median is the answer a person gets; on a shared machine the tail is mostly other load.
    console.log(
      `goal (both reads < 50 ms at 1 million events): ${worstMedian < 50 ? 'met' : 'not met'} ` +
        `(slowest median ${worstMedian.toFixed(1)} ms, slowest p95 ${worstTail.toFixed(1)} ms)`,
    );

    // Ingest: batches of `batchSize` page events from one signed-in seller, through the gateway.
    const batch = JSON.stringify(
      Array.from({ length: config.batchSize }, (_, index) => ({
        event: index % 5 === 0 ? 'page_view' : 'click',
        properties: {
          url: 'https://listready.example.com/journey',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
          screenSize: '1920x1080',
          viewportSize: '1280x800',
          text: 'Mark Complete',
        },
        timestamp: new Date().toISOString(),
        userId: null,
        sessionId: `bench-ingest-${index % 4}`,
      })),
    );
    const ingest = async (seconds: number) =>
      autocannon({
        url: `${viaGateway}/api/analytics`,
        method: 'POST',
        headers: { cookie: cookies.seller, 'content-type': 'application/json' },
        body: batch,
        connections: config.connections,
        duration: seconds,
      });
    await ingest(2); // warm-up: JIT, connection pools
    const result = await ingest(config.seconds);
    console.log(
      `ingest via gateway: ${result.requests.average.toFixed(0)} batches/s × ${config.batchSize} = ` +
        `${(result.requests.average * config.batchSize).toFixed(0)} events/s  p50 ${result.latency.p50} ms  ` +
        `p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors + result.timeouts} ` +
        `(${config.connections} connections, ${Buffer.byteLength(batch)} bytes a batch)`,
    );
  }
} finally {
  await database.close().catch(() => undefined);
  await processes.stop();
  await bench.drop();
}
reportLoad(processes.logFile);
