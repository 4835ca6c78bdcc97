import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '@listready/service-kit';
import type { Clock } from '../clock.ts';

/** How long a consent started at /google-setup may take before its return is refused. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** `v1.<nonce>.<expiry, epoch seconds>.<HMAC>`: nothing about the agent or the session is readable in it. */
const STATE_PATTERN = /^v1\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface IssuedState {
  /** The OAuth `state` sent to Google and checked on return. */
  state: string;
  /** PKCE S256 challenge of the verifier this state stands for. */
  codeChallenge: string;
}

export type CheckedState =
  | { ok: true; codeVerifier: string }
  /** malformed: not a state this service makes; notYours: made for another agent or sign-in; expired: too old. */
  | { ok: false; reason: 'malformed' | 'notYours' | 'expired' };

export interface OAuthStates {
  issue(user: SessionUser): IssuedState;
  check(state: string, user: SessionUser): CheckedState;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The OAuth `state` of the Google setup, bound to the agent's sign-in without storing anything: a
 * random nonce and an expiry, MACed (HMAC-SHA256, a key derived from the session secret) together
 * with the user id and session id. On return the MAC is recomputed for whoever is signed in, so
 * another agent, another sign-in of the same agent, or a forged or edited state is refused, and any
 * replica can check it (no Redis needed). The PKCE verifier is derived from the same key and nonce,
 * so it never leaves the server and needs no storage either.
 */
export function createOAuthStates(sessionSecret: string, clock: Clock): OAuthStates {
  const key = createHmac('sha256', sessionSecret).update('listready/google-oauth-state/v1').digest();
  const mac = (nonce: string, expiry: string, user: SessionUser) =>
    createHmac('sha256', key).update(`v1.${nonce}.${expiry}.${user.id}.${user.sessionId}`).digest();
  const verifierOf = (nonce: string) => base64url(createHmac('sha256', key).update(`pkce.${nonce}`).digest());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  return {
    issue(user) {
      const nonce = base64url(randomBytes(16));
      const expiry = String(nowSeconds() + OAUTH_STATE_TTL_SECONDS);
      return {
        state: `v1.${nonce}.${expiry}.${base64url(mac(nonce, expiry, user))}`,
        codeChallenge: base64url(createHash('sha256').update(verifierOf(nonce)).digest()),
      };
    },
    check(state, user) {
      const match = STATE_PATTERN.exec(state);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, nonce = '', expiry = '', given = ''] = match;
      const expected = mac(nonce, expiry, user);
      const received = Buffer.from(given, 'base64url');
      if (received.length !== expected.length || !timingSafeEqual(received, expected))
        return { ok: false, reason: 'notYours' };
      if (Number(expiry) < nowSeconds()) return { ok: false, reason: 'expired' };
      return { ok: true, codeVerifier: verifierOf(nonce) };
    },
  };
}
