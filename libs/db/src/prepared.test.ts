import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import { connectionOf, executePrepared } from './prepared.ts';
import { users } from './schema/index.ts';

const database = useTestDatabase();

describe('executePrepared', () => {
  const rename = () =>
    database.current.db
      .update(users)
      .set({ firstName: sql`${sql.placeholder('firstName')}` })
      .where(eq(users.id, sql.placeholder('id')))
      .returning({ firstName: users.firstName })
      .prepare('test_rename_user');
  const firstNameOf = async (id: string) =>
    (await database.current.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id)))[0]
      ?.firstName;

  it('runs a statement prepared on the database inside the caller’s transaction', async () => {
    const { db } = database.current;
    const [user] = await db
      .insert(users)
      .values({ email: 'prepared@example.com', password: 'scrypt$hash', firstName: 'Jane', lastName: 'Doe' })
      .returning();
    const id = user?.id ?? '';
    const prepared = rename();
    const rolledBack = db.transaction(async (tx) => {
      const answer = await executePrepared(tx, prepared, { id, firstName: 'Inside' });
      expect(answer).toEqual([{ firstName: 'Inside' }]);
      // Its own transaction sees the change; the rollback below undoes it.
      const [row] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, id));
      expect(row?.firstName).toBe('Inside');
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await firstNameOf(id)).toBe('Jane');

    // The same prepared statement on the database itself commits at once.
    await executePrepared(db, prepared, { id, firstName: 'Outside' });
    expect(await firstNameOf(id)).toBe('Outside');
  });

  it('names the connection: the pool for the database, the transaction’s client in one', async () => {
    const { db, pool } = database.current;
    expect(connectionOf(db)).toBe(pool);
    await db.transaction(async (tx) => {
      const client = connectionOf(tx);
      expect(client).not.toBe(pool);
      const { rows } = await client.query<{ inTransaction: boolean }>(
        'select now() = statement_timestamp() as "inTransaction"',
      );
      // now() is the transaction's start, earlier than this statement's: the transaction's client.
      expect(rows[0]?.inTransaction).toBe(false);
    });
  });
});
