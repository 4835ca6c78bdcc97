import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { GATEWAY_YOUNG_GENERATION_MB } from '@listready/service-kit/gateway-heap';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '@listready/db';
import { createLogger } from '@listready/service-kit';
import { startPlatform, type RunningPlatform } from './platform.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-runtime-'));
const env = {
  DATA_DIR: dataDir,
  PORT: '0',
  SHELL_DIR: path.join(dataDir, 'no-shell'),
  REMOTES_ROOT: dataDir,
};
const logger = createLogger('runtime-test', 'silent');

describe('one-process platform on embedded defaults', () => {
  let platform: RunningPlatform | undefined;
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes up healthy, migrated and seeded', async () => {
    platform = await startPlatform(env, logger);
    const health = await fetch(`${platform.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', services: { database: { ok: true } } });
    const stages = await platform.database.db.execute(
      sql`select count(*)::int as count from journey.journey_stages`,
    );
    expect(stages.rows[0]).toEqual({ count: 8 });
    const unknown = await fetch(`${platform.url}/api/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('runs the gateway on a thread of its own: it answers while the services’ thread is busy', async () => {
    if (!platform) throw new Error('platform did not start');
    expect(platform.gatewayThreadId).toBeGreaterThan(0);
    expect(platform.gatewayThreadId).not.toBe(threadId);
    // With the young generation its own process has (libs/service-kit/src/gateway-heap.ts).
    expect(platform.gatewayYoungGenerationMb).toBe(GATEWAY_YOUNG_GENERATION_MB);
    // spawnSync holds this (the services') thread until the child is done: only a gateway on
    // another thread can answer the child's request meanwhile (a path it answers itself).
    const child = spawnSync(
      process.execPath,
      ['-e', `fetch(${JSON.stringify(`${platform.url}/api/nope`)}).then((r) => console.log(r.status))`],
      { timeout: 20_000, encoding: 'utf8' },
    );
    expect(child.stdout.trim()).toBe('404');
  });

  it('keeps its data across a restart', async () => {
    if (!platform) throw new Error('platform did not start');
    const before = platform.url;
    await platform.database.db.insert(users).values({
      email: 'kept@example.com',
      password: 'scrypt$placeholder',
      firstName: 'Kept',
      lastName: 'Across',
      phone: '555-0100',
    });
    await platform.stop();
    // Stopped means stopped: the gateway's thread no longer listens.
    await expect(fetch(`${before}/api/health`)).rejects.toThrow();
    platform = await startPlatform(env, logger);
    const rows = await platform.database.db.select().from(users).where(eq(users.email, 'kept@example.com'));
    expect(rows).toHaveLength(1);
    expect((await fetch(`${platform.url}/api/health`)).status).toBe(200);
  });
});

describe('invitations across the one-process platform', () => {
  const invitationDir = mkdtempSync(path.join(os.tmpdir(), 'listready-runtime-invitations-'));
  let platform: RunningPlatform | undefined;
  afterAll(async () => {
    await platform?.stop();
    rmSync(invitationDir, { recursive: true, force: true });
  });

  /** A browser of its own: keeps its session cookie. */
  const browser = () => {
    let cookie = '';
    return async (url: string, body?: unknown) => {
      const response = await fetch(`${platform?.url}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        // The page's own origin, as a browser sends it (the gateway refuses a foreign one on writes).
        headers: { 'content-type': 'application/json', cookie, origin: platform?.url ?? '' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const set = response.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0] ?? '';
      return response;
    };
  };
  const register = (as: ReturnType<typeof browser>, email: string, role: 'agent' | 'client') =>
    as('/api/register', {
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      firstName: role === 'agent' ? 'Alex' : 'Sam',
      lastName: role === 'agent' ? 'Agent' : 'Seller',
      phone: '555-0100',
      role,
    });

  it('a seller invites an agent through the gateway; the agent accepts and becomes the seller’s agent', async () => {
    platform = await startPlatform(
      { ...env, DATA_DIR: invitationDir, SHELL_DIR: path.join(invitationDir, 'x') },
      logger,
    );
    const seller = browser();
    const agent = browser();
    expect((await register(seller, 'sam.seller@example.com', 'client')).status).toBe(201);
    const sent = await seller('/api/invitations', {
      name: 'Alex Agent',
      email: 'alex.agent@example.com',
      type: 'client-to-agent',
    });
    expect(sent.status).toBe(200);
    const { invitationId, email } = (await sent.json()) as {
      invitationId: string;
      email: { success: boolean };
    };
    expect(email.success).toBe(true);
    const mailbox = (await (await seller('/api/dev/mailbox?to=alex.agent@example.com')).json()) as {
      text: string;
    }[];
    expect(mailbox[0]?.text).toContain(`${platform.url}/accept-invitation?id=${invitationId}`);

    expect((await register(agent, 'alex.agent@example.com', 'agent')).status).toBe(201);
    expect((await agent('/api/accept-invitation', { invitationId })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    let profile: { agent?: { name: string } | null } = {};
    while (Date.now() < deadline) {
      profile = (await (await seller('/api/clients/current/profile')).json()) as typeof profile;
      if (profile.agent) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(profile.agent).toMatchObject({ name: 'Alex Agent' });
  });
});

describe('a platform that cannot start', () => {
  const failedDir = mkdtempSync(path.join(os.tmpdir(), 'listready-runtime-taken-'));
  afterAll(() => rmSync(failedDir, { recursive: true, force: true }));

  it('fails with the reason and leaves nothing running (its embedded Postgres stopped)', async () => {
    const taken = net.createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)),
    );
    try {
      await expect(
        startPlatform(
          {
            ...env,
            DATA_DIR: failedDir,
            HOST: '127.0.0.1',
            PORT: String(port),
            SHELL_DIR: path.join(failedDir, 'x'),
          },
          logger,
        ),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
    const postgres = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join(failedDir, 'postgres'));
        } catch {
          return false;
        }
      });
    expect(postgres).toEqual([]);
  });

  it('whose database cannot be reached fails with the reason and leaves no gateway thread running', () => {
    // The gateway's thread starts loading with the platform, before the database: once startPlatform
    // has failed, nothing may keep the process alive (a thread still waiting to be started would).
    // A script file, not `-e`: a worker inherits execArgv, and `--input-type` would end it at once.
    const script = path.join(failedDir, 'unreachable-database.mjs');
    writeFileSync(
      script,
      `
      import { startPlatform } from ${JSON.stringify(import.meta.resolve('./platform.ts'))};
      import { createLogger } from ${JSON.stringify(import.meta.resolve('@listready/service-kit'))};
      const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', DATA_DIR: ${JSON.stringify(failedDir)}, PORT: '0' };
      await startPlatform(env, createLogger('runtime-test', 'silent')).then(
        () => console.log('started'),
        (error) => console.log('failed:', error.message),
      );
    `,
    );
    const child = spawnSync(process.execPath, [script], {
      // Not this test runner's environment (its NODE_OPTIONS and flags), as `npm start` has it.
      env: { PATH: process.env.PATH ?? '' },
      timeout: 30_000,
      encoding: 'utf8',
    });
    expect(child.signal, 'the process did not end by itself').toBeNull();
    expect(child.stdout).toMatch(/^failed: .*ECONNREFUSED/m);
  });
});
