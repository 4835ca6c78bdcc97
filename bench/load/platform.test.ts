import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@listready/db';
import { loadBenchConfig, portSetting } from './config.ts';
import { answers, enginePorts, processGroup, waitUntil } from './platform.ts';

/** A Node process running `code`, as a part of the platform is launched. */
const nodeProcess = (code: string) =>
  spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });

describe("the load bench's process group", () => {
  let logDir: string;
  beforeAll(async () => {
    logDir = await mkdtemp(path.join(os.tmpdir(), 'listready-load-group-'));
  });
  afterAll(async () => {
    await rm(logDir, { recursive: true, force: true });
  });

  it('fails a start at once when the part ends before it answers, with how it ended and what it said', async () => {
    const port = await freePort();
    const group = processGroup('ends', logDir);
    group.add('gateway', {
      launch: () =>
        nodeProcess(
          `console.error('Error: listen EADDRINUSE: address already in use 127.0.0.1:${port}'); process.exit(3)`,
        ),
      ready: (signal) =>
        waitUntil('gateway', answers(`http://127.0.0.1:${port}/api/health`), 120_000, signal),
    });
    const started = Date.now();
    const failure = await group.start('gateway').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `gateway ended (exit code 3) before it answered; it said:\nError: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    await group.stopAll();
    expect(await readFile(group.logFile, 'utf8')).toContain('EADDRINUSE');
  });

  it('starts a part that answers, and stops it', async () => {
    const port = await freePort();
    const group = processGroup('answers', logDir);
    group.add('journey', {
      launch: () =>
        nodeProcess(`require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`),
      ready: (signal) => waitUntil('journey', answers(`http://127.0.0.1:${port}/readyz`), 30_000, signal),
    });
    await group.start('journey');
    const pid = group.pids().journey ?? 0;
    expect(pid).toBeGreaterThan(0);
    await group.stopAll();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('waitUntil', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'unavailable', services: { journey: { ok: false } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/health`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('says at its timeout what the last check answered: which service is not ready', async () => {
    await expect(waitUntil('gateway', answers(url), 500)).rejects.toThrow(
      'gateway did not come up within 0.5 s (the last check: 503 {"status":"unavailable","services":{"journey":{"ok":false}}})',
    );
  });
});

describe("the ports of the load bench's Redis and Kafka", () => {
  /** Something listening on a port, as a Redis left by a killed run does. */
  async function occupy(port?: number): Promise<{ port: number; server: Server }> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return { port: address.port, server };
  }
  const close = (server: Server) => new Promise((resolve) => server.close(resolve));

  it('are free ones when none is set, so a leftover Redis on the old fixed port stops nothing', async () => {
    const config = loadBenchConfig({});
    expect([config.redisPort, config.kafkaPort]).toEqual([undefined, undefined]);
    const leftover = await occupy(6391).catch(() => undefined); // taken already is as good
    try {
      const { redisPort, kafkaPort, kafkaControllerPort } = await enginePorts(config);
      const ports = new Set([redisPort, kafkaPort, kafkaControllerPort]);
      expect(ports.size).toBe(3);
      expect(ports.has(6391)).toBe(false);
      for (const port of ports) {
        const { server } = await occupy(port); // each free: this listen would fail otherwise
        await close(server);
      }
    } finally {
      if (leftover) await close(leftover.server);
    }
  });

  it('are the ones set, refused with a clear error when something listens there', async () => {
    const { port, server } = await occupy();
    try {
      await expect(enginePorts(loadBenchConfig({ BENCH_REDIS_PORT: String(port) }))).rejects.toThrow(
        `port ${port} is taken: the benchmark runs its own Redis and Kafka`,
      );
      // The broker's controller listens on the port after Kafka's.
      await expect(enginePorts(loadBenchConfig({ BENCH_KAFKA_PORT: String(port - 1) }))).rejects.toThrow(
        `port ${port} is taken`,
      );
    } finally {
      await close(server);
    }
    const free = await freePort();
    const chosen = await enginePorts(loadBenchConfig({ BENCH_REDIS_PORT: String(free) }));
    expect(chosen.redisPort).toBe(free);
  });

  it('refuse a setting that is no port', () => {
    expect(portSetting('BENCH_REDIS_PORT', '')).toBeUndefined();
    for (const value of ['abc', '0', '-1', '1.5', '65535', '70000'])
      expect(() => portSetting('BENCH_REDIS_PORT', value)).toThrow(
        `BENCH_REDIS_PORT is a port from 1 to 65534`,
      );
    expect(portSetting('BENCH_KAFKA_PORT', '9192')).toBe(9192);
  });
});
