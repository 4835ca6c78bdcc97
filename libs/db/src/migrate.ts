import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

/** Any fixed number shared by every process: services starting together migrate one at a time. */
const MIGRATION_LOCK = 7_411_020_251;
export const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/** Applies the committed drizzle-kit migrations, then the idempotent seed, under an advisory lock. */
export async function migrateAndSeed(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
