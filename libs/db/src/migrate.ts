import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';
import * as schema from './schema/index.ts';
import { seed } from './seed/seed.ts';

/** Any fixed number shared by every process: services starting together migrate one at a time. */
const MIGRATION_LOCK = 7_411_020_251;
export const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * Applies the committed drizzle-kit migrations, then the idempotent seed, under an advisory lock
 * held on one connection: concurrent callers (services starting together, test workers) wait and
 * then find nothing left to do.
 */
export async function migrateAndSeed(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    await seed(drizzle(client, { schema, casing: 'snake_case' }));
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    client.release();
  } catch (error) {
    // Destroying the connection ends its session, which frees the lock even if it is broken.
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
