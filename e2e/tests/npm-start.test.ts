import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@listready/db';
import { artifactsDir, e2eConfig, repositoryRoot } from '../support/config.ts';

/**
 * The README's promise, checked the way a new user meets it: a fresh clone of the committed tree,
 * `npm start`, healthy within 60 s, Ctrl-C, `npm start` again — and the data is still there.
 * Dependencies are hard-linked from this checkout's install (CI runs `npm ci` on its own clean clone),
 * and the front end is built once before the clock starts.
 */
const START_BUDGET_MS = 60_000;
const clone = mkdtempSync(path.join(tmpdir(), 'listready-clone-'));
// A checkout is normally world-readable; as root, the embedded Postgres runs as `postgres` and must reach it.
chmodSync(clone, 0o755);

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
}

/** The root and every workspace folder that has its own node_modules (npm nests conflicting versions there). */
function installedFolders(): string[] {
  const folders = ['.'];
  const visit = (folder: string, depth: number) => {
    for (const entry of readdirSync(path.join(repositoryRoot, folder), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = path.join(folder, entry.name);
      if (
        existsSync(path.join(repositoryRoot, child, 'package.json')) &&
        existsSync(path.join(repositoryRoot, child, 'node_modules'))
      ) {
        folders.push(child);
      }
      if (depth < 1) visit(child, depth + 1);
    }
  };
  visit('.', 0);
  return folders;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < START_BUDGET_MS) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (response?.status === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/api/health did not answer 200 within ${START_BUDGET_MS} ms`);
}

/** `npm start` in its own process group, so stopping it is Ctrl-C to the whole group. */
function npmStart(port: number, logName: string): ChildProcess {
  // The user's environment, with the default data folder (.data inside the clone).
  const { DATA_DIR: _ignored, ...environment } = e2eConfig.platformEnvironment();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    env: { ...environment, PORT: String(port), NX_DAEMON: 'false', NX_TUI: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(path.join(artifactsDir, logName));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function pressCtrlC(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid) process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

describe('npm start from a fresh clone', () => {
  let port = 0;
  beforeAll(() => {
    run('git', ['clone', '--quiet', '--no-hardlinks', repositoryRoot, clone], tmpdir());
    for (const folder of installedFolders()) {
      mkdirSync(path.join(clone, folder), { recursive: true });
      run(
        'cp',
        ['-al', path.join(repositoryRoot, folder, 'node_modules'), path.join(clone, folder, 'node_modules')],
        tmpdir(),
      );
    }
    run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], clone);
  }, 600_000);
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('is healthy within 60 s, stops on Ctrl-C, and keeps its data across a restart', async () => {
    port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = npmStart(port, 'npm-start-first.log');
    const coldMs = await waitForHealth(url, first);
    console.warn(`npm start (fresh data folder) healthy after ${coldMs} ms`);

    const account = {
      email: `kept-${Date.now()}@example.com`,
      password: 'kept-across-restarts-1',
      confirmPassword: 'kept-across-restarts-1',
      firstName: 'Kept',
      lastName: 'Seller',
      phone: '555-0100',
      role: 'client',
    };
    const registered = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.ok).toBe(true);

    await pressCtrlC(first);
    const refused = await fetch(`${url}/api/health`).catch(() => 'refused');
    expect(refused).toBe('refused');

    const second = npmStart(port, 'npm-start-second.log');
    try {
      const warmMs = await waitForHealth(url, second);
      console.warn(`npm start (existing data) healthy after ${warmMs} ms`);
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ email: account.email, firstName: 'Kept', role: 'client' });
    } finally {
      await pressCtrlC(second);
    }
  }, 240_000);
});
