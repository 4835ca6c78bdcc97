import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase, useTestDatabase, withDatabase } from '@listready/testing';
import { createDb, ensureDatabase, type Database } from './client.ts';
import { migrateAndSeed, migrationsFolder } from './migrate.ts';
import { JOURNEY_STAGES, JOURNEY_TASKS } from './seed/journey-content.ts';
import { toE164 } from '@listready/contracts/auth';

const database = useTestDatabase();
/** Every committed migration (drizzle-kit's journal), so adding one does not break this test. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

interface Snapshot {
  migrations: number;
  stages: number;
  tasks: number;
  /** md5 over every column of every row, plus each row's xmin (a rewrite would change it). */
  checksum: string;
}

async function snapshot(pool: pg.Pool): Promise<Snapshot> {
  const { rows } = await pool.query<{ migrations: string; stages: string; tasks: string; checksum: string }>(`
    select (select count(*) from drizzle.__drizzle_migrations) as migrations,
           (select count(*) from journey.journey_stages) as stages,
           (select count(*) from journey.tasks) as tasks,
           md5((select string_agg(s::text || s.xmin::text, '|' order by s.id) from journey.journey_stages s)
            || (select string_agg(t::text || t.xmin::text, '|' order by t.id) from journey.tasks t)) as checksum`);
  const row = rows[0];
  if (!row) throw new Error('no snapshot row');
  return {
    migrations: Number(row.migrations),
    stages: Number(row.stages),
    tasks: Number(row.tasks),
    checksum: row.checksum,
  };
}

describe('migrateAndSeed', () => {
  it('changes nothing when run again on a migrated, seeded database', async () => {
    const before = await snapshot(database.current.pool);
    expect(before).toMatchObject({
      migrations: MIGRATION_COUNT,
      stages: JOURNEY_STAGES.length,
      tasks: JOURNEY_TASKS.length,
    });
    await migrateAndSeed(database.current);
    await migrateAndSeed(database.current);
    expect(await snapshot(database.current.pool)).toEqual(before);
  });

  it('restores edited seed content', async () => {
    await database.current.pool.query(
      `update journey.tasks set title = 'changed', priority = 'low' where id = 'declutter-5'`,
    );
    await migrateAndSeed(database.current);
    const { rows } = await database.current.pool.query<{ title: string; priority: string }>(
      `select title, priority from journey.tasks where id = 'declutter-5'`,
    );
    expect(rows).toEqual([{ title: 'Spruce up the front entry', priority: 'high' }]);
  });

  it('lets two processes migrate a fresh empty database at the same time', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `t_fresh_${randomBytes(5).toString('hex')}`;
    await ensureDatabase(adminUrl, name);
    const opened: Database[] = [];
    try {
      const first = await createDb({ databaseUrl: withDatabase(adminUrl, name), poolMax: 2 });
      opened.push(first);
      const second = await createDb({ databaseUrl: withDatabase(adminUrl, name), poolMax: 2 });
      opened.push(second);
      const results = await Promise.allSettled([migrateAndSeed(first), migrateAndSeed(second)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await snapshot(first.pool)).toMatchObject({
        migrations: MIGRATION_COUNT,
        stages: JOURNEY_STAGES.length,
        tasks: JOURNEY_TASKS.length,
      });
    } finally {
      for (const db of opened) await db.close();
      await dropDatabase(adminUrl, name);
    }
  });
});

/**
 * A fresh database migrated up to (not including) the migration `tag`, then `prepare`d, then
 * migrated to the end: what a migration that rewrites data does to the rows it finds.
 */
async function acrossMigration(
  tag: string,
  prepare: (pool: pg.Pool) => Promise<void>,
  check: (pool: pg.Pool) => Promise<void>,
): Promise<void> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_across_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  const db = await createDb({ databaseUrl: withDatabase(adminUrl, name), poolMax: 2 });
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(index, `${tag} is a committed migration`).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    await migrate(drizzle(db.pool), { migrationsFolder: folder });
    await prepare(db.pool);
    await migrateAndSeed(db);
    await check(db.pool);
  } finally {
    await db.close();
    await rm(folder, { recursive: true, force: true });
    await dropDatabase(adminUrl, name);
  }
}

describe('data migrations', () => {
  it('0013 gives each agent account the phone its user has now', async () => {
    await acrossMigration(
      '0013_agents-phone-from-account',
      async (pool) => {
        await pool.query(`
          insert into auth.users (id, email, password, first_name, last_name, role, phone) values
            ('u-changed', 'a@example.com', 'x', 'A', 'Agent', 'agent', '+12125550199'),
            ('u-cleared', 'b@example.com', 'x', 'B', 'Agent', 'agent', null),
            ('u-same', 'c@example.com', 'x', 'C', 'Agent', 'agent', '555-0100')`);
        await pool.query(`
          insert into auth.agents (id, user_id, phone, updated_at) values
            ('a-changed', 'u-changed', '555-0100', '2026-01-01'),
            ('a-cleared', 'u-cleared', '555-0101', '2026-01-01'),
            ('a-same', 'u-same', '555-0100', '2026-01-01')`);
      },
      async (pool) => {
        const { rows } = await pool.query<{ id: string; phone: string | null; touched: boolean }>(
          `select id, phone, updated_at > '2026-01-01' as touched from auth.agents order by id`,
        );
        expect(rows).toEqual([
          { id: 'a-changed', phone: '+12125550199', touched: true },
          { id: 'a-cleared', phone: null, touched: true },
          { id: 'a-same', phone: '555-0100', touched: false },
        ]);
      },
    );
  });

  it('0015 writes the invitations’ numbers typed with their country code in E.164, as the form sends them now', async () => {
    // As typed before the form required E.164; what toE164 (the form's and the service's reading)
    // makes of each is what the migration must store.
    const typed: Record<string, string | null> = {
      'i-typed': '+1 (212) 555-0142',
      'i-dotted': '+44 20.7946.0958',
      'i-e164': '+15550100100',
      'i-national': '(212) 555-0142',
      'i-short': '+1 555',
      'i-none': null,
    };
    await acrossMigration(
      '0015_invitation-phones-e164',
      async (pool) => {
        for (const [id, phone] of Object.entries(typed)) {
          await pool.query(
            `insert into invitation.invitations
               (id, type, inviter_user_id, invitee_email, invitee_name, invitee_phone, updated_at)
             values ($1, 'agent-to-client', 'u1', $1 || '@example.com', 'Invitee', $2, '2026-01-01')`,
            [id, phone],
          );
        }
      },
      async (pool) => {
        const { rows } = await pool.query<{ id: string; phone: string | null; touched: boolean }>(
          `select id, invitee_phone as phone, updated_at > '2026-01-01' as touched from invitation.invitations`,
        );
        const stored = Object.fromEntries(rows.map((row) => [row.id, row]));
        for (const [id, phone] of Object.entries(typed)) {
          const expected = phone === null ? null : (toE164(phone) ?? phone);
          expect(stored[id], id).toEqual({ id, phone: expected, touched: expected !== phone });
        }
        expect(stored['i-typed']?.phone).toBe('+12125550142');
        expect(stored['i-national']?.phone).toBe('(212) 555-0142');
      },
    );
  });

  it('0016 keeps the newest of a person’s reminder rows for one task, then allows no second', async () => {
    await acrossMigration(
      '0016_calendar-events-one-per-person-task',
      async (pool) => {
        await pool.query(`
          insert into journey.journey_stages (id, slug, name, order_index) values ('s1', 'test-stage', 'Stage', 99);
          insert into journey.tasks (id, stage_id, slug, title, order_index) values ('t1', 's1', 'test-task', 'Task', 1);
          insert into journey.clients (id, user_id) values ('c1', 'seller');
          insert into journey.client_tasks (id, client_id, task_id) values ('ct1', 'c1', 't1');
          insert into journey.custom_tasks (id, client_id, title) values ('cu1', 'c1', 'Custom');`);
        // Two people with a row each for the journey's task, the seller's twice; the seller's custom
        // task three times (a concurrent double save); one row with no task at all.
        const rows: [string, string, string | null, string | null, number, string][] = [
          ['e1', 'seller', 'ct1', null, 30, '2026-01-01'],
          ['e2', 'seller', 'ct1', null, 60, '2026-01-02'],
          ['e3', 'member', 'ct1', null, 90, '2026-01-01'],
          ['e4', 'seller', null, 'cu1', 15, '2026-01-03'],
          ['e5', 'seller', null, 'cu1', 45, '2026-01-03'],
          ['e6', 'seller', null, 'cu1', 75, '2026-01-02'],
          ['e7', 'seller', null, null, 60, '2026-01-01'],
        ];
        for (const [id, userId, taskId, customTaskId, minutes, createdAt] of rows) {
          await pool.query(
            `insert into journey.calendar_events
               (id, user_id, task_id, custom_task_id, title, start_time, reminder_minutes, created_at)
             values ($1, $2, $3, $4, 'Event', '2026-02-01', $5, $6)`,
            [id, userId, taskId, customTaskId, minutes, createdAt],
          );
        }
      },
      async (pool) => {
        const { rows } = await pool.query<{ id: string }>(
          `select id from journey.calendar_events order by id`,
        );
        // e2 is newer than e1; e4 and e5 were made at one instant, and the id decides between them.
        expect(rows.map((row) => row.id)).toEqual(['e2', 'e3', 'e5', 'e7']);
        await expect(
          pool.query(
            `insert into journey.calendar_events (id, user_id, task_id, title, start_time)
             values ('e8', 'seller', 'ct1', 'Again', '2026-02-01')`,
          ),
        ).rejects.toThrow(/calendar_events_user_id_task_id_unique/);
        await expect(
          pool.query(
            `insert into journey.calendar_events (id, user_id, custom_task_id, title, start_time)
             values ('e9', 'seller', 'cu1', 'Again', '2026-02-01')`,
          ),
        ).rejects.toThrow(/calendar_events_user_id_custom_task_id_unique/);
      },
    );
  });
});

describe('outbox notify trigger', () => {
  it('sends one outbox_<schema> notification per inserting statement', async () => {
    const listener = new pg.Client({ connectionString: database.current.url });
    await listener.connect();
    try {
      const channels: string[] = [];
      listener.on('notification', (message) => channels.push(message.channel));
      await listener.query('listen outbox_journey');
      await listener.query('listen outbox_auth');
      const envelope = (id: string) =>
        JSON.stringify({
          id,
          type: 'task-completed',
          version: 1,
          occurredAt: '',
          producer: 'test',
          key: 'k',
          data: {},
        });
      await database.current.pool.query(
        `insert into journey.outbox (id, type, key, envelope) values ($1, 'task-completed', 'k', $2), ($3, 'task-completed', 'k', $4)`,
        ['e1', envelope('e1'), 'e2', envelope('e2')],
      );
      await expect.poll(() => channels, { timeout: 5_000 }).toEqual(['outbox_journey']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(channels).toEqual(['outbox_journey']);
    } finally {
      await listener.end();
    }
  });
});
