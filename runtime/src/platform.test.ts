import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('keeps its data across a restart', async () => {
    if (!platform) throw new Error('platform did not start');
    await platform.database.db.insert(users).values({
      email: 'kept@example.com',
      password: 'scrypt$placeholder',
      firstName: 'Kept',
      lastName: 'Across',
      phone: '555-0100',
    });
    await platform.stop();
    platform = await startPlatform(env, logger);
    const rows = await platform.database.db.select().from(users).where(eq(users.email, 'kept@example.com'));
    expect(rows).toHaveLength(1);
    expect((await fetch(`${platform.url}/api/health`)).status).toBe(200);
  });
});
