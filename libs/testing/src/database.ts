import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, ensureDatabase, type Database } from '@listready/db';
import { dropDatabase, withDatabase } from './global-setup.ts';

export interface TestDatabase extends Database {
  name: string;
}

/** A fresh database cloned from the migrated, seeded template; dropped by `destroy`. */
export async function createTestDatabase(): Promise<TestDatabase & { destroy(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('templateDatabase'));
  const database = await createDb({ databaseUrl: withDatabase(adminUrl, name), poolMax: 10 });
  return {
    ...database,
    name,
    destroy: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * Gives the suite its own migrated and seeded database for its whole run:
 * `const database = useTestDatabase();` then `database.current.db` inside tests.
 */
export function useTestDatabase(): { readonly current: TestDatabase } {
  let database: (TestDatabase & { destroy(): Promise<void> }) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  return {
    get current() {
      if (!database) throw new Error('useTestDatabase: the database exists only inside tests');
      return database;
    },
  };
}
