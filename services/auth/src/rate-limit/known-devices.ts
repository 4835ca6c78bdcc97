import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie a browser keeps once an account signed in on it (sent only to the sign-in call). */
export const KNOWN_DEVICE_COOKIE = 'listready_device';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_DEVICES_REMEMBERED = 5;

/**
 * "This browser signed in to this account before", as a signed cookie and nothing stored: the
 * value lists up to five `<user id hash>.<nonce>.<mac>` entries (a shared family computer knows
 * several accounts). The sign-in limiter lets a known device through the account's and the IP's
 * ceilings (OWASP's device cookies); the password is still checked.
 */
export function createKnownDevices(secret: string, options: { secure: boolean }) {
  const mac = (userId: string, nonce: string) =>
    createHmac('sha256', `known-device:${secret}`).update(`${userId}.${nonce}`).digest('base64url');
  const entriesOf = (request: FastifyRequest): string[] =>
    (request.cookies[KNOWN_DEVICE_COOKIE] ?? '').split(' ').filter((entry) => entry !== '');
  const matches = (entry: string, userId: string): boolean => {
    const [nonce, signature] = entry.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(mac(userId, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return {
    recognises(request: FastifyRequest, userId: string): boolean {
      return entriesOf(request).some((entry) => matches(entry, userId));
    },
    /** Adds this account to the browser's cookie (the oldest entry goes past five). */
    remember(request: FastifyRequest, reply: FastifyReply, userId: string): void {
      const others = entriesOf(request).filter((entry) => !matches(entry, userId));
      const nonce = randomBytes(12).toString('base64url');
      const entries = [...others, `${nonce}.${mac(userId, nonce)}`].slice(-MAX_DEVICES_REMEMBERED);
      void reply.setCookie(KNOWN_DEVICE_COOKIE, entries.join(' '), {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
export type KnownDevices = ReturnType<typeof createKnownDevices>;
