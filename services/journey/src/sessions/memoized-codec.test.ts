import { describe, expect, it } from 'vitest';
import { createSessionCodec } from '@listready/service-kit';
import { LruMap } from '../lru-map.ts';
import { memoizeVerification } from './memoized-codec.ts';

const secret = 'memo-test-secret-'.padEnd(48, 'x');
const user = { id: 'u1', role: 'client' as const, sessionId: 's1' };

describe('memoized session verification', () => {
  it('verifies a token once, then answers from memory until its expiry', async () => {
    const real = createSessionCodec(secret);
    let calls = 0;
    let clock = Date.now();
    const codec = memoizeVerification(
      { sign: real.sign, verify: (token) => (calls++, real.verify(token)) },
      { now: () => clock },
    );
    const token = await real.sign(user, 60);
    expect(await codec.verify(token)).toEqual(user);
    expect(await codec.verify(token)).toEqual(user);
    expect(calls).toBe(1);
    clock += 61_000; // past the token's own expiry: not answered from memory, checked again
    await codec.verify(token);
    expect(calls).toBe(2);
  });

  it('never remembers a token that failed verification', async () => {
    const real = createSessionCodec(secret);
    const forged = await createSessionCodec('another-secret-'.padEnd(48, 'y')).sign(user);
    let calls = 0;
    const codec = memoizeVerification({ sign: real.sign, verify: (token) => (calls++, real.verify(token)) });
    expect(await codec.verify(forged)).toBeNull();
    expect(await codec.verify(forged)).toBeNull();
    expect(await codec.verify('not.a.token')).toBeNull();
    expect(calls).toBe(3);
  });

  it('keeps at most `max` entries, dropping the least recently used', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });
});
