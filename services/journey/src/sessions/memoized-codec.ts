import type { SessionCodec, SessionUser } from '@listready/service-kit';
import { LruMap } from '../lru-map.ts';

const expiryOf = (token: string): number | null => {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
};

/**
 * Remembers tokens whose signature was already verified (HS256 through WebCrypto costs more than
 * the rest of a cached read), until the token expires or `ttlMs` passes. Only a token string that
 * verified is remembered, so nothing unsigned gets in; revocation is not affected: the session
 * plugin still asks the session store about every request.
 */
export function memoizeVerification(
  codec: SessionCodec,
  options: { max?: number; ttlMs?: number; now?: () => number } = {},
): SessionCodec {
  const verified = new LruMap<string, { user: SessionUser; until: number }>(options.max ?? 10_000);
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  return {
    sign: (user, ttlSeconds) => codec.sign(user, ttlSeconds),
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.until > now()) return hit.user;
        verified.delete(token);
      }
      const user = await codec.verify(token);
      if (user) {
        const expiresAt = expiryOf(token);
        const until = Math.min(expiresAt ?? 0, now() + ttlMs);
        if (until > now()) verified.set(token, { user, until });
      }
      return user;
    },
  };
}
