import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '@listready/contracts';
import { sessions, type Db, type Executor } from '@listready/db';
import {
  SESSION_COOKIE,
  SESSION_IDLE_SECONDS,
  SESSION_TTL_SECONDS,
  type SessionCodec,
  type SessionStore,
} from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import { deviceName } from './device-name.ts';

/**
 * The name a session goes by in the person's list: a digest of its id, so the page holds nothing a
 * cookie could be made from (the cookie is signed, and its id stays on the server).
 */
const publicSessionId = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/** The most sessions a person's list shows (newest first); signing out the others ends them all. */
const LISTED_SESSIONS = 50;

/** How often a session's last use is written: at most once an hour (the list says the day). */
const SEEN_RESOLUTION_MS = 60 * 60 * 1000;
/** Sessions whose use this process noted within the hour, kept in memory up to this many. */
const NOTED_IN_MEMORY = 10_000;

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

  /** When this process last noted each session's use (`touch`). */
  const notedAt = new Map<string, number>();

  /** A session last seen in use before this has passed the idle limit (its token is refused). */
  const idleLimit = () => new Date(clock().getTime() - SESSION_IDLE_SECONDS * 1000);

  const liveOf = (userId: string) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expire, clock()));

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
        lastSeenAt: now,
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

    /**
     * Notes that the session is in use now: written when its last note is an hour old or more (or
     * there is none), so a person's requests cost one write an hour. A signed-out session is left.
     */
    async touch(sessionId: string): Promise<void> {
      const now = clock();
      // Asked of the database once an hour per session and process, not at every request: the
      // statement below changes nothing within the hour anyway (another process may have written
      // it, so a use is noted at most two hours late).
      const noted = notedAt.get(sessionId);
      if (noted !== undefined && now.getTime() - noted < SEEN_RESOLUTION_MS) return;
      if (notedAt.size >= NOTED_IN_MEMORY) notedAt.clear();
      notedAt.set(sessionId, now.getTime());
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(sessions.sid, sessionId),
            isNull(sessions.revokedAt),
            or(
              isNull(sessions.lastSeenAt),
              lt(sessions.lastSeenAt, new Date(now.getTime() - SEEN_RESOLUTION_MS)),
            ),
          ),
        );
    },

    /**
     * The person's live sessions (not signed out, not expired): `current` first, then the newest.
     * One not seen in use for the idle limit has ended (its token is too old to be accepted) and is
     * left off; one never noted (from before last use was kept) is listed, without a last-active day.
     */
    async listLive(userId: string, current: string) {
      const idleSince = idleLimit();
      const rows = await db
        .select({
          sid: sessions.sid,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            liveOf(userId),
            or(eq(sessions.sid, current), isNull(sessions.lastSeenAt), gt(sessions.lastSeenAt, idleSince)),
          ),
        )
        .orderBy(desc(sessions.createdAt))
        .limit(LISTED_SESSIONS);
      const listed = rows.map((row) => ({
        id: publicSessionId(row.sid),
        device: deviceName(row.userAgent),
        signedInAt: row.createdAt.toISOString(),
        ...(row.lastSeenAt ? { lastActiveAt: row.lastSeenAt.toISOString() } : {}),
        current: row.sid === current,
      }));
      return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
    },

    /**
     * Signs out one of the person's live sessions, named as `listLive` names it; false when they
     * have none by that name (ended meanwhile, or never theirs). Their own session is signed out as
     * Logout does, cookie and all.
     */
    async endOne(request: FastifyRequest, reply: FastifyReply, id: string): Promise<boolean> {
      const user = request.user;
      if (!user) return false;
      const rows = await db.select({ sid: sessions.sid }).from(sessions).where(liveOf(user.id));
      const sid = rows.find((row) => publicSessionId(row.sid) === id)?.sid;
      if (sid === undefined) return false;
      if (sid === user.sessionId) {
        await this.signOut(request, reply);
        return true;
      }
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt)))
        .returning({ sid: sessions.sid });
      await revoke(revoked.map((row) => row.sid));
      return revoked.length > 0;
    },

    /**
     * Signs out every other live session of the person; how many of them the list showed (the ones
     * idle past the limit are ended too, but were not listed: the count matches what the person saw).
     */
    async endOthers(userId: string, current: string): Promise<number> {
      const idleSince = idleLimit();
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(liveOf(userId), ne(sessions.sid, current)))
        .returning({ sid: sessions.sid, lastSeenAt: sessions.lastSeenAt });
      await revoke(revoked.map((row) => row.sid));
      return revoked.filter((row) => row.lastSeenAt === null || row.lastSeenAt > idleSince).length;
    },

    /** Pushes revocations (committed) to the session store's cache. */
    forget: revoke,
  };
}
export type SessionManager = ReturnType<typeof createSessionManager>;
