import { afterEach, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { apiErrorSchema, ErrorCode } from '@listready/contracts';
import { createService, type App } from './create-service.ts';
import { isEngineUnavailable } from './engine-unavailable.ts';
import { createLogger } from './logger.ts';

describe('a request failing because an engine is unavailable', () => {
  let app: App | undefined;
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await app?.close();
    await pool?.end();
    app = undefined;
    pool = undefined;
  });

  it('answers 503 with Retry-After in the error shape, not 500 (a database that refuses the connection)', async () => {
    // Nothing listens on port 1: the query fails as it does when PostgreSQL is down or restarting.
    pool = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 2_000,
    });
    const db = drizzle(pool);
    app = createService({ name: 'test', logger: createLogger('test', 'silent') });
    app.get('/api/things', async () => (await db.execute(sql`select 1`)).rows);
    app.get('/api/broken', async () => {
      throw new Error('a bug');
    });
    const response = await app.inject({ method: 'GET', url: '/api/things' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ code: ErrorCode.unavailable });
    // A fault of ours stays a 500.
    expect((await app.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);
  });

  it('knows PostgreSQL’s “not now” answers and the drivers’ connection errors, through wrapping causes', () => {
    const tooManyClients = Object.assign(
      new pg.DatabaseError('sorry, too many clients already', 0, 'error'),
      {
        code: '53300',
      },
    );
    const wrapped = new Error('Failed query: select 1', { cause: tooManyClients });
    expect(isEngineUnavailable(wrapped)).toBe(true);
    expect(isEngineUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isEngineUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isEngineUnavailable(new Error('Connection is closed.'))).toBe(true);
    // A constraint violation or a syntax error is no outage.
    expect(isEngineUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isEngineUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isEngineUnavailable('not an error')).toBe(false);
  });
});
