/**
 * The platform as `npm start` runs it (built front end, fresh data folder, a free port), and the
 * accounts the Lighthouse runs sign in with: a session cookie per role, taken from registration.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@listready/db';
import { SESSION_COOKIE } from '@listready/service-kit';
import { repositoryRoot, sleep } from '../support/harness.ts';

export interface StartedPlatform {
  url: string;
  stop(): Promise<void>;
}

/** `node runtime/src/main.ts` with `environment`, waited for until /api/health answers (2 min at most). */
export async function startNpmStartPlatform(
  environment: NodeJS.ProcessEnv,
  logDir: string,
): Promise<StartedPlatform> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listready-lighthouse-'));
  const log = createWriteStream(path.join(logDir, `listready-lighthouse-${port}.log`));
  const child = spawn(process.execPath, ['runtime/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...environment, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
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
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`The platform did not become healthy at ${url} (log in ${logDir})`);
}

/**
 * A new account of `role`, registered through the API; returns its session cookie (`name=value`).
 * A seller's is returned once the journey exists, so the page is audited as a returning seller
 * sees it.
 */
export async function signedInCookie(baseUrl: string, role: 'client' | 'agent'): Promise<string> {
  const password = 'bench-lighthouse-1';
  const register = () =>
    fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `lighthouse-${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        password,
        confirmPassword: password,
        firstName: 'Jane',
        lastName: 'Bench',
        phone: '555-0100',
        role,
      }),
    });
  let response = await register();
  // A busy machine makes the platform shed (503 + Retry-After): a sign-up is retried, as a user would.
  for (let retry = 0; retry < 10 && response.status === 503; retry += 1) {
    await sleep(1_000 * Number(response.headers.get('retry-after') ?? 1));
    response = await register();
  }
  if (!response.ok) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];
  if (!cookie) throw new Error('registration set no session cookie');
  if (role === 'client') {
    for (let attempt = 0; ; attempt += 1) {
      const journey = await fetch(`${baseUrl}/api/clients/current/journey`, { headers: { cookie } });
      if (journey.ok) break;
      if (attempt === 100) throw new Error('the new seller has no journey');
      await sleep(100);
    }
  }
  return cookie;
}
