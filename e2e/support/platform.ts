import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, ensureDatabase, freePort, type Database } from '@listready/db';
import { artifactsDir, e2eConfig, repositoryRoot } from './config.ts';

export interface RunningPlatform {
  url: string;
  /** Restarts the gateway alone, on the same port (runtime's restartGateway); the services stay up. */
  restartGateway: () => Promise<void>;
  stop: () => Promise<void>;
}

export class PlatformStartError extends Error {
  readonly code = 'PLATFORM_START_FAILED';
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // What the last try saw, for the error: which service was not ready, or why no answer came.
  let lastSeen = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new PlatformStartError(`The platform exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastSeen = `${response.status} ${(await response.text()).slice(0, 2_000)}`;
    } catch (error) {
      // Not listening yet, or no answer within the try's 2 s.
      lastSeen = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new PlatformStartError(`No healthy /api/health at ${url} within ${timeoutMs} ms; last: ${lastSeen}`);
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
    // The IPC channel carries only the gateway restart (runtime/src/main.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
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
    // The embedded server may still be finishing its last WAL write as the platform exits.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };

  const restartGateway = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new PlatformStartError('The gateway did not restart within 30 s'));
      }, 30_000);
      const onMessage = (message: unknown) => {
        if (message !== 'gateway-restarted') return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.send('restart-gateway');
    });

  try {
    await waitForHealth(url, child, e2eConfig.platformStartTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, restartGateway, stop };
}

/**
 * The platform on a PostgreSQL database of its own (on `E2E_POSTGRES_URL`'s server), with a
 * connection to it for the test's own parts (a scheduler with a chosen clock, the dev mailbox).
 * `stop` stops the platform and drops the database.
 */
export async function startPlatformOnOwnDatabase(
  name: string,
  extraEnvironment: Record<string, string> = {},
  poolMax = 4,
): Promise<RunningPlatform & { database: Database }> {
  const adminUrl = e2eConfig.postgresAdminUrl;
  const databaseName = `e2e_${name}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  await ensureDatabase(adminUrl, databaseName);
  const platform = await startPlatform({ ...extraEnvironment, DATABASE_URL: databaseUrl.href });
  const database = await createDb({ databaseUrl: databaseUrl.href, poolMax });
  return {
    url: platform.url,
    database,
    restartGateway: platform.restartGateway,
    stop: async () => {
      await database.close();
      await platform.stop();
      const admin = await createDb({ databaseUrl: adminUrl, poolMax: 1 });
      await admin.pool.query(`drop database if exists ${databaseName} with (force)`);
      await admin.close();
    },
  };
}
