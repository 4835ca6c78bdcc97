import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@listready/service-kit';
import { createOAuthStates, OAUTH_STATE_TTL_SECONDS } from './oauth-state.ts';

const SECRET = 'state-test-secret-'.padEnd(48, 'x');
const agent: SessionUser = { id: 'user-1', role: 'agent', sessionId: 'session-1' };

function statesAt(start: Date) {
  let now = start;
  const states = createOAuthStates(SECRET, () => now);
  return { states, move: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

describe('the Google setup state', () => {
  it('comes back as the PKCE verifier whose S256 challenge went to Google, for the same sign-in only', () => {
    const { states } = statesAt(new Date('2030-01-01T00:00:00Z'));
    const issued = states.issue(agent);
    expect(issued.state).toMatch(/^v1\.[\w-]{22}\.\d+\.[\w-]{43}$/);
    // Nothing about the agent or the session is readable in it.
    expect(issued.state).not.toContain(agent.id);
    expect(issued.state).not.toContain(agent.sessionId);

    const checked = states.check(issued.state, agent);
    if (!checked.ok) throw new Error(`refused: ${checked.reason}`);
    expect(checked.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(createHash('sha256').update(checked.codeVerifier).digest('base64url')).toBe(issued.codeChallenge);

    expect(states.check(issued.state, { ...agent, id: 'user-2' })).toEqual({ ok: false, reason: 'notYours' });
    expect(states.check(issued.state, { ...agent, sessionId: 'session-2' })).toEqual({
      ok: false,
      reason: 'notYours',
    });
    // Another service secret (another deployment) does not accept it either.
    expect(createOAuthStates(`${SECRET}y`, () => new Date()).check(issued.state, agent)).toMatchObject({
      ok: false,
    });
  });

  it('refuses an edited, a malformed or an expired state', () => {
    const { states, move } = statesAt(new Date('2030-01-01T00:00:00Z'));
    const { state } = states.issue(agent);
    const [version, nonce, expiry, mac] = state.split('.');
    const later = `${version}.${nonce}.${Number(expiry) + 3600}.${mac}`;
    expect(states.check(later, agent)).toEqual({ ok: false, reason: 'notYours' });
    for (const malformed of ['', 'abc', `${state}.x`, state.replace('v1.', 'v2.'), `${state} `])
      expect(states.check(malformed, agent)).toEqual({ ok: false, reason: 'malformed' });

    move(OAUTH_STATE_TTL_SECONDS);
    expect(states.check(state, agent).ok).toBe(true);
    move(1);
    expect(states.check(state, agent)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is new on every issue', () => {
    const { states } = statesAt(new Date());
    const first = states.issue(agent);
    const second = states.issue(agent);
    expect(first.state).not.toBe(second.state);
    expect(first.codeChallenge).not.toBe(second.codeChallenge);
  });
});
