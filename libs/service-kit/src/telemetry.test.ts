import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from './testing/otlp-receiver.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const instrument = path.join(repositoryRoot, 'libs/service-kit/src/instrument.ts');

/** What `probe` prints (JSON) in a process started with the preload and `env`. */
async function probeWithPreload<T>(probe: string, env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, ['--import', instrument, '--input-type=module', '-e', probe], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output) as T;
}

/** Which of http and pg a process started with `env` and the preload has patched. */
const patchedModules = (env: Record<string, string>) =>
  probeWithPreload<{ http: boolean; pg: boolean }>(
    `
import http from 'node:http';
import pg from 'pg';
process.stdout.write(JSON.stringify({ http: '__wrapped' in http.Server.prototype.emit, pg: '__wrapped' in pg.Client.prototype.query }));
`,
    env,
  );

/**
 * A process with the instrument preload that makes one span, then gets SIGTERM. Batches leave every
 * minute here, so only the flush on shutdown can deliver the span before the process exits.
 */
const script = `
import { trace } from '@opentelemetry/api';
import pino from 'pino';
import { onShutdownSignal } from ${JSON.stringify(path.join(import.meta.dirname, 'shutdown.ts'))};
trace.getTracer('test').startSpan('last words').end();
onShutdownSignal(async () => undefined, pino({ level: 'silent' }));
process.stdout.write(String(Date.now()));
process.kill(process.pid, 'SIGTERM');
setInterval(() => undefined, 1_000);
`;

/** Runs the script; resolves with its exit code and how long it took from the signal to its exit. */
async function runUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; shutdownMs: number }> {
  const child = spawn(process.execPath, ['--import', instrument, '--input-type=module', '-e', script], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let signalledAt = '';
  child.stdout.on('data', (chunk: Buffer) => (signalledAt += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, shutdownMs: Date.now() - Number(signalledAt) };
}

describe('telemetry at shutdown', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(() => receiver.close());

  it('exports the spans still batched before the process exits', async () => {
    const { code } = await runUntilExit({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'shutdown-test',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    expect(code).toBe(0);
    expect(receiver.spans()).toEqual([
      expect.objectContaining({ name: 'last words', service: 'shutdown-test' }),
    ]);
  }, 60_000);

  it('does not wait long for a collector that is down', async () => {
    const { code, shutdownMs } = await runUntilExit({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    expect(code).toBe(0);
    // Without the cap the exporter would retry for its 10 s timeout (and the shutdown's 15 s guard would exit 1).
    expect(shutdownMs).toBeLessThan(6_000);
  }, 60_000);
});

describe('telemetry without an endpoint', () => {
  it('records no span, yet makes trace context for logs and the next hop', async () => {
    const probe = `
import { context, propagation, trace } from '@opentelemetry/api';
const span = trace.getTracer('test').startSpan('request');
const carrier = {};
propagation.inject(trace.setSpan(context.active(), span), carrier);
process.stdout.write(JSON.stringify({ recording: span.isRecording(), traceId: span.spanContext().traceId, carrier }));
`;
    const child = spawn(process.execPath, ['--import', instrument, '--input-type=module', '-e', probe], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    const seen = JSON.parse(output) as {
      recording: boolean;
      traceId: string;
      carrier: Record<string, string>;
    };
    expect(seen.recording).toBe(false);
    expect(seen.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(seen.carrier.traceparent).toContain(seen.traceId);
  }, 60_000);
});

describe('telemetry switched off (OTEL_SDK_DISABLED=true)', () => {
  it('patches nothing and makes no trace context', async () => {
    const probe = `
import http from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
const span = trace.getTracer('test').startSpan('request');
const carrier = {};
propagation.inject(trace.setSpan(context.active(), span), carrier);
process.stdout.write(JSON.stringify({ patched: '__wrapped' in http.Server.prototype.emit, traceId: span.spanContext().traceId, carrier }));
`;
    const run = (env: Record<string, string>) =>
      probeWithPreload<{ patched: boolean; traceId: string; carrier: Record<string, string> }>(probe, env);
    const [on, off] = await Promise.all([run({}), run({ OTEL_SDK_DISABLED: 'true' })]);
    expect(on.patched).toBe(true);
    expect(off).toEqual({ patched: false, traceId: '0'.repeat(32), carrier: {} });
  }, 60_000);
});

describe('an instrumentation left out (OTEL_NODE_DISABLED_INSTRUMENTATIONS)', () => {
  it('is never made, so its module stays unpatched while the others are', async () => {
    const [every, withoutPg] = await Promise.all([
      patchedModules({}),
      patchedModules({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: ' pg ,' }),
    ]);
    expect(every).toEqual({ http: true, pg: true });
    expect(withoutPg).toEqual({ http: true, pg: false });
  }, 60_000);
});

describe('the gateway (OTEL_SERVICE_NAME=gateway)', () => {
  it('makes no trace context of its own with nowhere to export, and is traced with an endpoint', async () => {
    const [untraced, traced, service] = await Promise.all([
      patchedModules({ OTEL_SERVICE_NAME: 'gateway' }),
      // Nothing listens there: the exporter only fails quietly when it flushes, after the probe.
      patchedModules({ OTEL_SERVICE_NAME: 'gateway', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }),
      patchedModules({ OTEL_SERVICE_NAME: 'journey' }),
    ]);
    expect(untraced).toEqual({ http: false, pg: true });
    expect(traced).toEqual({ http: true, pg: true });
    expect(service).toEqual({ http: true, pg: true });
  }, 60_000);
});

describe('the modules the preload wraps', () => {
  it('wraps only those an instrumentation patches, and still patches those', async () => {
    // import-in-the-middle puts a module it wraps behind one of its own: the namespace an importer
    // gets is then not the one the module sees when it imports itself. Wrapping every module made
    // a service's modules take about twice as long to load (instrument.ts).
    const directory = mkdtempSync(path.join(os.tmpdir(), 'listready-wrap-'));
    writeFileSync(path.join(directory, 'self.mjs'), "import * as me from './self.mjs';\nexport { me };\n");
    try {
      const seen = await probeWithPreload<{ ours: boolean; http: boolean; pg: boolean }>(
        `
import http from 'node:http';
import pg from 'pg';
const ours = await import(${JSON.stringify(pathToFileURL(path.join(directory, 'self.mjs')).href)});
process.stdout.write(JSON.stringify({
  ours: ours.me !== ours,
  http: '__wrapped' in http.Server.prototype.emit,
  pg: '__wrapped' in pg.Client.prototype.query,
}));
`,
        {},
      );
      expect(seen).toEqual({ ours: false, http: true, pg: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the contracts barrel under the preload', () => {
  it('exports every name of every area, as it does without the preload', async () => {
    // import-in-the-middle wraps each module it loads; a name that two areas re-export reaches the
    // barrel through two `export *`, and it then drops the name although the language keeps it:
    // `npm start` failed to link ("does not provide an export named …").
    const areas = ['errors', 'remotes', 'auth', 'branding', 'invitation', 'journey', 'calendar', 'analytics'];
    const missing = await probeWithPreload<string[]>(
      `
const barrel = await import('@listready/contracts');
const missing = [];
for (const area of ${JSON.stringify(areas)}) {
  const exported = await import('@listready/contracts/' + area);
  for (const name of Object.keys(exported)) if (!(name in barrel)) missing.push(area + ': ' + name);
}
process.stdout.write(JSON.stringify(missing));
`,
      {},
    );
    expect(missing).toEqual([]);
  });
});
