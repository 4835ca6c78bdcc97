import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@listready/db';
import { answers, processGroup, waitUntil } from './platform.ts';

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
