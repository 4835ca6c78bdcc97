import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { namespacedKafkaTransport } from '@listready/events/testing';
import {
  createTestDatabase,
  testKafkaBrokers,
  testRedisUrl,
  withDatabase,
  type TestDatabase,
} from '@listready/testing';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './testing/otlp-receiver.ts';

/**
 * What an operator sees in a tracing backend after one task completion through `npm start`: the
 * platform runs as `npm start` runs it (one process, the instrument preload), exporting to a local
 * OTLP receiver; the completion's spans must form one trace, each under its own service. On the
 * run's engines: Redis when the run has one, Kafka (in a namespace of this test) likewise.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const instrument = path.join(repositoryRoot, 'libs/service-kit/src/instrument.ts');

const SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

/** Polls `produce` until it gives a value; fails naming `what` after `timeoutMs`. */
async function waitFor<T>(
  produce: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await produce();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe('traces of a task completion through npm start', () => {
  let receiver: OtlpReceiver;
  let database: TestDatabase & { destroy(): Promise<void> };
  let platform: ChildProcess | undefined;
  let output = '';
  let url = '';
  const kafkaBrokers = testKafkaBrokers();
  const kafka = kafkaBrokers ? namespacedKafkaTransport(kafkaBrokers, 'traces-test') : undefined;
  const redisUrl = testRedisUrl();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-traces-'));

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    platform = spawn(process.execPath, ['--import', instrument, 'runtime/src/main.ts'], {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: dataDir,
        SHELL_DIR: path.join(dataDir, 'no-shell'),
        REMOTES_ROOT: dataDir,
        DATABASE_URL: withDatabase(inject('postgresAdminUrl'), database.name),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        ...(kafka && kafkaBrokers
          ? { KAFKA_BROKERS: kafkaBrokers.join(','), KAFKA_TOPIC_PREFIX: kafka.namespace }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    platform.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    platform.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      async () => {
        if (platform?.exitCode !== null) throw new Error(`the platform exited:\n${output}`);
        const health = await fetch(`${url}/api/health`).catch(() => undefined);
        return health?.status === 200 ? true : undefined;
      },
      'the platform to answer /api/health',
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    if (platform && platform.exitCode === null) {
      const exited = new Promise((resolve) => platform?.once('exit', resolve));
      platform.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    await kafka?.dispose();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one trace: gateway, journey and its SQL, the event sent, analytics applying it', async () => {
    const email = `traced-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'traced-seller-1',
        confirmPassword: 'traced-seller-1',
        firstName: 'Traced',
        lastName: 'Seller',
        phone: '555-0100',
        role: 'client',
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    // Journey makes the seller's tasks when user-registered reaches it.
    const tasks = await waitFor(async () => {
      const response = await fetch(`${url}/api/clients/current/tasks`, { headers: { cookie } });
      const list = response.ok ? ((await response.json()) as { id: string }[]) : [];
      return list.length > 0 ? list : undefined;
    }, "the seller's tasks");
    const taskId = tasks[0]?.id ?? '';
    const completed = await fetch(`${url}/api/client-tasks/${taskId}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(completed.status).toBe(200);

    const completion = (span: ReceivedSpan) =>
      span.kind === SPAN_KIND.server && span.attributes['url.path'] === `/api/client-tasks/${taskId}`;
    const trace = await waitFor(
      () => {
        const root = receiver.spans().find((span) => completion(span) && span.service === 'gateway');
        const spans = receiver.spans().filter((span) => span.traceId === root?.traceId);
        const applied = spans.some((span) => span.service === 'analytics' && span.scope.includes('pg'));
        return applied ? spans : undefined;
      },
      "the completion's trace down to analytics' SQL",
      15_000,
    );
    // Late spans of the same trace (the relay's send ends after the consumer's effect).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const traceId = trace[0]?.traceId;
    const spans = receiver.spans().filter((span) => span.traceId === traceId);
    const describe = spans.map((span) => `${span.service}: ${span.name} (${span.scope})`).join('\n');

    // One tree: a single root (the gateway's server span), every other span's parent in the trace.
    const ids = new Set(spans.map((span) => span.spanId));
    const roots = spans.filter((span) => span.parentSpanId === undefined || !ids.has(span.parentSpanId));
    expect(
      roots.map((span) => `${span.service}: ${span.name}`),
      describe,
    ).toEqual([expect.stringMatching(/^gateway: PUT/)]);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);

    // Each span under its own service, none under the process's name.
    expect(new Set(spans.map((span) => span.service)), describe).toEqual(
      new Set(['gateway', 'journey', 'analytics']),
    );
    // The gateway's hop to journey, and journey's request under it.
    const hop = spans.find((span) => span.service === 'gateway' && span.kind === SPAN_KIND.client);
    const journeyRequest = spans.find(
      (span) => span.service === 'journey' && completion(span) && parentOf(span) === hop,
    );
    expect(hop, describe).toBeDefined();
    expect(journeyRequest, describe).toBeDefined();
    // Journey's SQL: the task's update and the outbox row, in one transaction.
    const journeySql = spans.filter((span) => span.service === 'journey' && span.scope.includes('pg'));
    const statements = journeySql.map((span) => String(span.attributes['db.query.text'] ?? span.name));
    expect(
      statements.some((text) => /update "journey"\."client_tasks"/i.test(text)),
      describe,
    ).toBe(true);
    expect(
      statements.some((text) => /insert into "journey"\."outbox"/i.test(text)),
      describe,
    ).toBe(true);
    // The event: created in the request, sent by journey's relay, processed by analytics.
    const created = spans.find((span) => span.name === 'create task-completed');
    const sent = spans.find((span) => span.name === 'send task-completed');
    const processed = spans.find(
      (span) => span.name === 'process task-completed' && span.service === 'analytics',
    );
    expect(created, describe).toMatchObject({ service: 'journey', kind: SPAN_KIND.producer });
    expect(sent, describe).toMatchObject({ service: 'journey', kind: SPAN_KIND.producer });
    expect(sent && parentOf(sent), describe).toBe(created);
    expect(sent?.attributes['messaging.system']).toBe(kafka ? 'kafka' : 'in-process');
    expect(processed, describe).toMatchObject({ kind: SPAN_KIND.consumer });
    expect(processed && parentOf(processed), describe).toBe(created);
    // Analytics' effect: its SQL inside the consumer span.
    const effect = spans.filter(
      (span) =>
        span.service === 'analytics' && span.scope.includes('pg') && span.spanId !== processed?.spanId,
    );
    expect(effect.length, describe).toBeGreaterThan(0);
    // Fastify's request and handler spans, but no span per lifecycle hook.
    const hookSpans = spans.filter((span) => /hook/.test(String(span.attributes['fastify.type'] ?? '')));
    expect(hookSpans, describe).toEqual([]);
    console.warn(`one task completion: ${spans.length} spans\n${describe}`);
  }, 60_000);

  it('keeps the keys in an address out of every span: a calendar feed’s token, a reset link’s, an invite code', async () => {
    const feed = await fetch(`${url}/api/calendar/feedkey-in-path.ics?join=JOINKEY1&x=1`);
    expect(feed.status).toBe(404); // through the gateway to journey, which knows no such feed
    const page = await fetch(`${url}/reset-password?token=resetkey-in-query`);
    expect(page.status).toBeLessThan(500);
    // Both requests' server spans, at the gateway and at journey, are in.
    const spans = await waitFor(() => {
      const all = receiver.spans();
      const feedSpans = all.filter((span) =>
        String(span.attributes['url.path']).startsWith('/api/calendar/'),
      );
      const services = new Set(
        feedSpans.filter((span) => span.kind === SPAN_KIND.server).map((span) => span.service),
      );
      return services.has('gateway') && services.has('journey') ? all : undefined;
    }, "the feed request's server spans");
    const everything = JSON.stringify(spans);
    expect(everything).not.toMatch(/feedkey|resetkey|JOINKEY1/);
    const feedSpans = spans.filter((span) =>
      String(span.attributes['url.path']).startsWith('/api/calendar/'),
    );
    // Every instrumentation's own view: the server's (http), Fastify's (the whole address), the hop's (undici).
    expect(new Set(feedSpans.map((span) => span.attributes['url.path']))).toEqual(
      new Set(['/api/calendar/[redacted]', '/api/calendar/[redacted]?join=[redacted]&x=1']),
    );
    const hop = feedSpans.find((span) => span.kind === SPAN_KIND.client);
    expect(hop?.attributes).toMatchObject({
      'url.query': '?join=[redacted]&x=1',
      'url.full': expect.stringMatching(
        /^http:\/\/[^/]+\/api\/calendar\/\[redacted\]\?join=\[redacted\]&x=1$/,
      ),
    });
  }, 30_000);
});
