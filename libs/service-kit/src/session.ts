import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

export const SESSION_COOKIE = 'listready_session';
/** Sessions last 30 days; the server can end them sooner (logout, password reset). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A session unused for 7 days ends, whatever is left of its 30 (OWASP: idle and absolute timeouts). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** How old a token gets before a request swaps it for a fresh one (the idle clock's resolution). */
export const SESSION_REFRESH_SECONDS = 60 * 60;

export const roleSchema = z.enum(['agent', 'client']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as every service sees it. */
export interface SessionUser {
  id: string;
  role: Role;
  sessionId: string;
}

const claimsSchema = z.object({ sub: z.string().min(1), role: roleSchema, sid: z.string().min(1) });

/** Signs and verifies the session token (HS256, jose). */
export interface SessionCodec {
  /** A token for `user`, issued now, valid `ttlSeconds` or until `{ until }` (epoch seconds). */
  sign(user: SessionUser, lifetime?: number | { until: number }): Promise<string>;
  verify(token: string): Promise<SessionUser | null>;
}

export function createSessionCodec(secret: string): SessionCodec {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user, lifetime = SESSION_TTL_SECONDS) {
      return new SignJWT({ role: user.role, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(typeof lifetime === 'number' ? `${lifetime}s` : lifetime.until)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        return claims.success
          ? { id: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid }
          : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/**
 * `SESSION_SECRET` when set; otherwise one generated on first start and kept under the data folder
 * (DESIGN.md §2), so sessions survive a restart of `npm start`.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export interface SessionPluginOptions {
  codec: SessionCodec;
  /** Whether the session id is still live in the store (not logged out, not revoked). */
  isSessionActive: (sessionId: string, userId: string) => Promise<boolean>;
  cookieName?: string;
  /** The refreshed cookie's Secure flag (production). */
  secureCookies?: boolean;
  /** Default SESSION_IDLE_SECONDS. */
  idleSeconds?: number;
  /** Default SESSION_REFRESH_SECONDS. */
  refreshAfterSeconds?: number;
  /** Epoch seconds (tests move it). */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set before handlers run. */
    user: SessionUser | null;
  }
}

/**
 * Reads the session cookie, verifies its signature and that the store still knows the session.
 * The idle timeout rides on the token itself, so no request writes anything: a token issued more
 * than `idleSeconds` ago is no session, and one older than `refreshAfterSeconds` is swapped for a
 * fresh one (same session, same absolute expiry) on the answer. Any service may swap it: they all
 * share the secret and the cookie.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    const cookieName = options.cookieName ?? SESSION_COOKIE;
    const idleSeconds = options.idleSeconds ?? SESSION_IDLE_SECONDS;
    const refreshAfter = options.refreshAfterSeconds ?? SESSION_REFRESH_SECONDS;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[cookieName];
      if (!token) return;
      const user = await options.codec.verify(token);
      if (!user) return;
      // Verified above: decoding alone is safe now, and costs microseconds.
      const { iat = 0, exp = 0 } = decodeJwt(token);
      const age = now() - iat;
      if (age > idleSeconds) return;
      if (!(await options.isSessionActive(user.sessionId, user.id))) return;
      request.user = user;
      if (age > refreshAfter && exp > now()) {
        const fresh = await options.codec.sign(user, { until: exp });
        void reply.setCookie(cookieName, fresh, {
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies ?? false,
          path: '/',
          maxAge: exp - now(),
        });
      }
    });
  },
  { name: 'listready-session', fastify: '5.x' },
);

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

export function requireRole(request: FastifyRequest, role: Role): SessionUser {
  const user = requireUser(request);
  if (user.role !== role)
    throw new ForbiddenError(`This action is for ${role === 'agent' ? 'agents' : 'home sellers'} only`);
  return user;
}
