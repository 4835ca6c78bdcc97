import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const FEED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{22}$/;

/**
 * The secret part of a feed address: `<feed id>_<MAC of the id>`, the MAC an HMAC-SHA-256 (cut to
 * 128 bits) under a key derived from the session secret. The database keeps only the random id,
 * so a copy of it opens no feed, while the service can show the same address again; the id is a
 * random UUID, so a revoked address never comes back. Any replica checks a token without state.
 */
export function createFeedTokens(sessionSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'listready', 'listready calendar feed token v1', 32),
  );
  const macOf = (feedId: string) => createHmac('sha256', key).update(feedId).digest().subarray(0, MAC_BYTES);

  return {
    tokenOf(feedId: string): string {
      return `${feedId}_${macOf(feedId).toString('base64url')}`;
    },

    /** The feed id a token names, or null when it is malformed or its MAC is wrong. */
    feedIdOf(token: string): string | null {
      const separator = token.indexOf('_');
      if (separator < 0) return null;
      const feedId = token.slice(0, separator);
      const mac = token.slice(separator + 1);
      if (!FEED_ID.test(feedId) || !MAC.test(mac)) return null;
      const given = Buffer.from(mac, 'base64url');
      return given.length === MAC_BYTES && timingSafeEqual(given, macOf(feedId)) ? feedId : null;
    },
  };
}
export type FeedTokens = ReturnType<typeof createFeedTokens>;
