import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle or the database itself: anything repositories can run queries on. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbConfig {
  /** A PostgreSQL connection string; unset means the embedded server under `dataDir`. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded server's data (default `.data/postgres` in the working directory). */
  dataDir?: string | undefined;
  /** Database name on the embedded server. */
  embeddedDatabase?: string | undefined;
  poolMax?: number | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The connection string actually used (embedded or real). */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

// Postgres `date` columns stay 'YYYY-MM-DD' strings (DESIGN.md §5), never shifted by time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export async function createDb(config: DbConfig = {}): Promise<Database> {
  let url = config.databaseUrl;
  const embedded = !url;
  if (!url) {
    const server = await startEmbeddedPostgres(config.dataDir ?? path.resolve('.data/postgres'), {
      log: config.log,
    });
    const name = config.embeddedDatabase ?? 'listready';
    await ensureDatabase(server.url('postgres'), name);
    url = server.url(name);
  }
  const pool = new pg.Pool({ connectionString: url, max: config.poolMax ?? 10 });
  // A client losing its server (restart, failover, a terminated backend) emits 'error'; unheard, it
  // ends the process. pg-pool hears it only while the client is idle: a client lent out between two
  // statements of a transaction (one waiting for a reminder's message to go out) took the process
  // down. Heard on every client, the transaction's next statement fails instead and the pool drops
  // the client when it comes back. (The pool's own 'error' is the same error of an idle client.)
  pool.on('connect', (client) =>
    client.on('error', (error) => config.log?.(`postgres connection lost: ${error.message}`)),
  );
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, url, embedded, close: () => pool.end() };
}

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template "${template.replaceAll('"', '""')}"` : '';
      await client.query(`create database "${name.replaceAll('"', '""')}"${from}`);
    }
  } catch (error) {
    // Two processes racing to create the same database: the loser finds it there.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}
