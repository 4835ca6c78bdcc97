import type { UserRole } from '@listready/contracts';
import { agents, sessions, users, type Database, type Executor } from '@listready/db';
import { createSessionCodec, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../session.ts';

/** The session secret of every service test (services sign and verify sessions with it). */
export const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');

export interface TestUser {
  userId: string;
  email: string;
  firstName: string;
  role: UserRole;
  /** The signed session cookie's value. */
  cookie: string;
  /** For agents: their auth.agents id. */
  agentId: string | null;
}

export interface TestAccountOverrides {
  user?: Partial<typeof users.$inferInsert>;
  agent?: Partial<typeof agents.$inferInsert>;
}

let counter = 0;

/**
 * Accounts made the way services/auth makes them — an auth.users row (and auth.agents for agents),
 * an auth.sessions row and a token signed with the session codec — so a service's tests sign users
 * in without importing services/auth.
 */
export function testAccounts(database: Database, sessionSecret = TEST_SESSION_SECRET) {
  const codec = createSessionCodec(sessionSecret);

  /** The user rows, written through `executor` (a transaction when the caller adds to it). */
  async function insert(executor: Executor, role: UserRole, overrides: TestAccountOverrides = {}) {
    counter += 1;
    const [user] = await executor
      .insert(users)
      .values({
        email: `user-${Date.now()}-${counter}@example.com`,
        password: 'not-a-real-hash',
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '555-0100',
        role,
        ...overrides.user,
      })
      .returning();
    if (!user) throw new Error('no user row returned');
    let agentId: string | null = null;
    if (role === 'agent') {
      const [agent] = await executor
        .insert(agents)
        .values({ userId: user.id, phone: '555-0199', ...overrides.agent })
        .returning({ id: agents.id });
      agentId = agent?.id ?? null;
    }
    return { user, agentId };
  }

  /** A session for `userId`, as sign-in creates it; returns the cookie value. */
  async function signIn(userId: string, role: UserRole): Promise<string> {
    const sessionId = crypto.randomUUID();
    await database.db.insert(sessions).values({
      sid: sessionId,
      sess: { userId, role },
      userId,
      expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return codec.sign({ id: userId, role, sessionId });
  }

  return {
    insert,
    signIn,
    /** A signed-in user of `role`. */
    async create(role: UserRole, overrides: TestAccountOverrides = {}): Promise<TestUser> {
      const { user, agentId } = await insert(database.db, role, overrides);
      return {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        role,
        cookie: await signIn(user.id, role),
        agentId,
      };
    },
  };
}

/** Request options (light-my-request) carrying `user`'s session cookie. */
export const as = (user: Pick<TestUser, 'cookie'>) => ({ cookies: { [SESSION_COOKIE]: user.cookie } });
