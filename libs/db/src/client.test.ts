import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';

const database = useTestDatabase();

describe('a connection lost while a transaction holds it', () => {
  it('fails that transaction; the process carries on and the pool connects again', async () => {
    const { db } = database.current;
    const transaction = db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      // Its server goes away while it waits between two statements (a restart, a failover).
      await db.execute(sql`select pg_terminate_backend(${rows[0]?.pid})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
