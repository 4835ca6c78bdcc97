import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@listready/testing';
import { sessions, users } from './schema/index.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from './test-helpers.ts';

const database = useTestDatabase();

const newUser = (email: string) => ({ email, password: 'scrypt$hash', firstName: 'Jane', lastName: 'Doe' });

describe('users.email', () => {
  it('is unique whatever its case, and stored as given', async () => {
    const [user] = await database.current.db
      .insert(users)
      .values(newUser('Jane.Doe@Example.com'))
      .returning();
    expect(user?.email).toBe('Jane.Doe@Example.com');
    const state = await sqlStateOf(database.current.db.insert(users).values(newUser('jane.doe@example.COM')));
    expect(state).toBe(UNIQUE_VIOLATION);
    const found = await database.current.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'JANE.DOE@EXAMPLE.COM'.toLowerCase()));
    expect(found).toEqual([{ id: user?.id }]);
  });

  it('allows different addresses', async () => {
    await database.current.db.insert(users).values(newUser('one@example.com'));
    await expect(database.current.db.insert(users).values(newUser('two@example.com'))).resolves.toBeDefined();
  });
});

describe('sessions', () => {
  it('belong to a user and go with the user', async () => {
    const [user] = await database.current.db
      .insert(users)
      .values(newUser('sessions@example.com'))
      .returning();
    if (!user) throw new Error('no user returned');
    await database.current.db.insert(sessions).values({
      sid: 'sid-1',
      sess: { userId: user.id, role: user.role },
      expire: new Date(Date.now() + 60_000),
      userId: user.id,
    });
    const [session] = await database.current.db.select().from(sessions).where(eq(sessions.sid, 'sid-1'));
    expect(session).toMatchObject({
      userId: user.id,
      revokedAt: null,
      sess: { userId: user.id, role: 'client' },
    });
    await database.current.db.delete(users).where(eq(users.id, user.id));
    expect(await database.current.db.select().from(sessions).where(eq(sessions.sid, 'sid-1'))).toEqual([]);
  });
});
