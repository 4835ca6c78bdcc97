import type pg from 'pg';
import type { Executor } from './client.ts';

/**
 * The pg connection `executor` runs on: the pool for the database itself, the transaction's own
 * client inside a transaction. For a named raw statement (`{ name, text, values }`): pg parses
 * and plans it once per connection.
 */
export function connectionOf(executor: Executor): pg.Pool | pg.PoolClient {
  const client = (executor as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client) throw new TypeError('Not a node-postgres drizzle database or transaction');
  return client;
}

interface PreparedStatement<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * Runs a statement built once with drizzle's `.prepare(name)` on `db` on `executor`'s connection.
 * drizzle binds a prepared statement to the connection it was prepared on (the pool), so prepared
 * on `db` it would run outside the caller's transaction, and prepared on each `tx` it would be
 * built again at every call — the query-building cost this avoids. Same SQL, same name (pg keeps
 * it parsed per connection), the transaction's client.
 */
export function executePrepared<R>(
  executor: Executor,
  prepared: PreparedStatement<R>,
  values?: Record<string, unknown>,
): Promise<R> {
  const bound = Object.create(prepared, {
    client: { value: connectionOf(executor) },
  }) as PreparedStatement<R>;
  return bound.execute(values);
}
