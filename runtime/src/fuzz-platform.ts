import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { OpenApiDocument } from '@listready/api-description';
import type { FuzzRole, KnownValues } from '@listready/api-description/fuzz';
import { agents, clients, users } from '@listready/db';
import { createLogger, SESSION_COOKIE } from '@listready/service-kit';
import { TEST_SESSION_SECRET, testAccounts } from '@listready/service-kit/testing';
import { startPlatform, type RunningPlatform } from './platform.ts';

export interface FuzzPlatform {
  platform: RunningPlatform;
  document: OpenApiDocument;
  known: KnownValues;
  cookieFor(role: FuzzRole): string | undefined;
  renewSession(role: FuzzRole): Promise<void>;
  stop(): Promise<void>;
}

const PASSWORD = 'correct horse battery';

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`fuzz set-up: no ${what}`);
  return value;
}

/**
 * The platform on its embedded defaults (as `npm start` runs it) with the fuzzer's cast: a seller,
 * a member of the seller's household, another seller, the seller's agent and another agent, signed
 * up through the gateway like real users, plus the ids their rows have (for path parameters).
 * Sign-up and reset limits are raised so valid cases reach the handlers instead of a 429.
 */
export async function startFuzzPlatform(extraEnv: Record<string, string> = {}): Promise<FuzzPlatform> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-fuzz-'));
  const platform = await startPlatform(
    {
      DATA_DIR: dataDir,
      PORT: '0',
      SHELL_DIR: path.join(dataDir, 'no-shell'),
      REMOTES_ROOT: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      SHED_LOAD: 'off',
      AUTH_SIGNUPS_PER_IP_PER_HOUR: '1000000',
      AUTH_RESETS_PER_IP_PER_HOUR: '1000000',
      ...extraEnv,
    },
    createLogger('fuzz', 'silent'),
  );
  try {
    const call = async (method: string, url: string, body?: unknown, cookie?: string) => {
      const response = await fetch(`${platform.url}${url}`, {
        method,
        headers: {
          origin: platform.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const run = Date.now();
    const register = async (name: string, role: 'client' | 'agent') => {
      const email = `${name.toLowerCase()}-${run}@example.com`;
      await call('POST', '/api/register', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: name,
        lastName: 'Fuzz',
        phone: '555-0100',
        role,
      });
      const [user] = await platform.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      return found(user, `user ${email}`).id;
    };
    const ids = {
      seller: await register('Seller', 'client'),
      member: await register('Member', 'client'),
      otherSeller: await register('Other', 'client'),
      agent: await register('Agent', 'agent'),
      otherAgent: await register('Otheragent', 'agent'),
    };
    const roles = {
      seller: 'client',
      member: 'client',
      otherSeller: 'client',
      agent: 'agent',
      otherAgent: 'agent',
    } as const;
    const accounts = testAccounts(platform.database, TEST_SESSION_SECRET);
    const cookies = new Map<FuzzRole, string>();
    const renewSession = async (role: FuzzRole) => {
      if (role === 'anonymous') return;
      cookies.set(role, `${SESSION_COOKIE}=${await accounts.signIn(ids[role], roles[role])}`);
    };
    for (const role of Object.keys(ids) as FuzzRole[]) await renewSession(role);
    const cookieFor = (role: FuzzRole) => cookies.get(role);

    const agentIdOf = async (userId: string) => {
      const [agent] = await platform.database.db
        .select({ id: agents.id })
        .from(agents)
        .where(eq(agents.userId, userId));
      return found(agent, 'agent row').id;
    };
    const agentId = await agentIdOf(ids.agent);
    const agentIds = [agentId, await agentIdOf(ids.otherAgent)];
    // The seller's agent, as an accepted invitation links them.
    await platform.database.db.update(clients).set({ agentId }).where(eq(clients.userId, ids.seller));
    const group = await call('POST', '/api/user-groups', { name: 'Household' }, cookieFor('seller'));
    await call('POST', '/api/user-groups/join', { inviteCode: group.inviteCode }, cookieFor('member'));
    const tasks = (await call(
      'GET',
      '/api/clients/current/tasks',
      undefined,
      cookieFor('seller'),
    )) as unknown as Array<{
      id: string;
    }>;
    const customTask = await call(
      'POST',
      '/api/clients/current/custom-tasks',
      { title: 'Fix the gate' },
      cookieFor('seller'),
    );
    const [sellerClient] = await platform.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.userId, ids.seller));

    const documentResponse = await fetch(`${platform.url}/api/openapi.json`);
    const document = (await documentResponse.json()) as OpenApiDocument;
    const known: KnownValues = {
      id: [...tasks.slice(0, 2).map((task) => task.id), String(customTask.id), String(group.id)],
      userId: [ids.member, ids.seller, ids.otherSeller],
      agentId: [...agentIds, 'current'],
      clientId: [found(sellerClient, 'seller client').id],
      file: [],
    };
    return {
      platform,
      document,
      known,
      cookieFor,
      renewSession,
      stop: async () => {
        await platform.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
