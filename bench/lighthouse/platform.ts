/**
 * The platform as `npm start` runs it (built front end, fresh data folder, a free port), and the
 * accounts the Lighthouse runs sign in with: a session cookie per role, taken from registration (and
 * an agent with a linked client, for the benches that open a client's journey).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agentAccountSchema, agentClientRowsSchema, invitationResponseSchema } from '@listready/contracts';
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
export async function signedInCookie(
  baseUrl: string,
  role: 'client' | 'agent',
  /** The address and name to register with (an invited client's); a new one, Jane Bench, by default. */
  who: { email: string; firstName: string; lastName: string } = {
    email: `lighthouse-${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    firstName: 'Jane',
    lastName: 'Bench',
  },
): Promise<string> {
  const password = 'bench-lighthouse-1';
  const register = () =>
    fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: who.email,
        password,
        confirmPassword: password,
        firstName: who.firstName,
        lastName: who.lastName,
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

/** The client `agentWithClientCookie` links: the dashboard's link to their journey has this name. */
export const LINKED_CLIENT = { firstName: 'Casey', lastName: 'Client' } as const;

/**
 * A new agent with one client (LINKED_CLIENT), invited by the agent and signed up with the invited
 * address, who accepted: the agent's session cookie, once the dashboard lists the client (the link
 * is made by the journey service's invitation-accepted consumer, a moment after the acceptance).
 */
export async function agentWithClientCookie(baseUrl: string): Promise<string> {
  const agent = await signedInCookie(baseUrl, 'agent');
  const email = `bench-client-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const asAgent = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, cookie: agent } });
  const invited = await asAgent('/api/invitations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `${LINKED_CLIENT.firstName} ${LINKED_CLIENT.lastName}`,
      email,
      type: 'agent-to-client',
    }),
  });
  if (!invited.ok) throw new Error(`invitation failed: ${invited.status} ${await invited.text()}`);
  const { invitationId } = invitationResponseSchema.parse(await invited.json());
  const client = await signedInCookie(baseUrl, 'client', { email, ...LINKED_CLIENT });
  const accepted = await fetch(`${baseUrl}/api/accept-invitation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client },
    body: JSON.stringify({ invitationId }),
  });
  if (!accepted.ok) throw new Error(`acceptance failed: ${accepted.status} ${await accepted.text()}`);
  const { id } = agentAccountSchema.parse(await (await asAgent('/api/agents/current')).json());
  for (let attempt = 0; ; attempt += 1) {
    const rows = agentClientRowsSchema.parse(await (await asAgent(`/api/agents/${id}/clients`)).json());
    if (rows.length > 0) return agent;
    if (attempt === 100) throw new Error('the client was never linked to the agent');
    await sleep(100);
  }
}
