import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactsDir, e2eConfig, repositoryRoot } from './config.ts';
import { freePort } from './free-port.ts';

export interface RunningPlatform {
  url: string;
  stop: () => Promise<void>;
}

export class PlatformStartError extends Error {
  readonly code = 'PLATFORM_START_FAILED';
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new PlatformStartError(`The platform exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new PlatformStartError(`No healthy /api/health at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the platform the way `npm start` does — `node runtime/src/main.ts` on the built front end —
 * on a free port with a fresh data folder, and waits until `/api/health` answers 200.
 */
export async function startPlatform(extraEnvironment: Record<string, string> = {}): Promise<RunningPlatform> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listready-e2e-'));
  await mkdir(artifactsDir, { recursive: true });
  const log = createWriteStream(path.join(artifactsDir, `platform-${port}.log`));
  const child = spawn(process.execPath, ['runtime/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...e2eConfig.platformEnvironment(), ...extraEnvironment, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (e2eConfig.verbose) {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, e2eConfig.platformStartTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
