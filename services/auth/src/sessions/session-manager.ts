import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '@listready/contracts';
import { sessions, type Db, type Executor } from '@listready/db';
import {
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  type SessionCodec,
  type SessionStore,
} from '@listready/service-kit';
import type { Clock } from '../clock.ts';

export interface SessionManagerOptions {
  db: Db;
  codec: SessionCodec;
  store: SessionStore;
  clock: Clock;
  /** Secure cookies (HTTPS only): on in production. */
  secureCookies: boolean;
}

/**
 * The write side of sessions (DESIGN.md §5): a row in auth.sessions per sign-in, named by the
 * signed cookie; logout revokes one, a password reset all of a user's, a password change all but the
 * one it was made in. Every revocation is
 * pushed to the session store's cache so it takes effect on the next request.
 */
export function createSessionManager(options: SessionManagerOptions) {
  const { db, codec, store, clock } = options;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    path: '/',
  };

  async function revoke(sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await store.invalidate(sessionIds);
  }

  return {
    /** Creates a session for `user` and sets its cookie on `reply`. */
    async signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      user: { id: string; role: UserRole },
    ): Promise<void> {
      // A session already on this browser is replaced, not left behind.
      if (request.user) await this.signOut(request, reply);
      const sessionId = randomUUID();
      const now = clock();
      await db.insert(sessions).values({
        sid: sessionId,
        sess: { userId: user.id, role: user.role },
        userId: user.id,
        expire: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
        createdAt: now,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      const token = await codec.sign({ id: user.id, role: user.role, sessionId });
      void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
    },

    /** Revokes the request's session (if any) and clears the cookie. */
    async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const current = request.user;
      if (current) {
        const revoked = await db
          .update(sessions)
          .set({ revokedAt: clock() })
          .where(and(eq(sessions.sid, current.sessionId), isNull(sessions.revokedAt)))
          .returning({ sid: sessions.sid });
        await revoke(revoked.map((row) => row.sid));
        request.user = null;
      }
      void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },

    /**
     * Revokes every live session of a user inside `tx` but `keep` (the one changing the password);
     * call `forget` with the ids after commit.
     */
    async revokeAllInTransaction(tx: Executor, userId: string, keep?: string): Promise<string[]> {
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep === undefined ? undefined : ne(sessions.sid, keep),
          ),
        )
        .returning({ sid: sessions.sid });
      return revoked.map((row) => row.sid);
    },

    /** Pushes revocations (committed) to the session store's cache. */
    forget: revoke,
  };
}
export type SessionManager = ReturnType<typeof createSessionManager>;
