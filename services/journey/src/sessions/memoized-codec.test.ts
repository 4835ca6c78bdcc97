import { describe, expect, it } from 'vitest';
import { createSessionCodec } from '@listready/service-kit';
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

  it('keeps at most `max` tokens, forgetting the least recently used', async () => {
    const real = createSessionCodec(secret);
    let calls = 0;
    const codec = memoizeVerification(
      { sign: real.sign, verify: (token) => (calls++, real.verify(token)) },
      { max: 2 },
    );
    const [a = '', b = '', c = ''] = await Promise.all(
      ['a', 'b', 'c'].map((id) => real.sign({ ...user, sessionId: id }, 60)),
    );
    for (const token of [a, b, a, c]) await codec.verify(token);
    expect(calls).toBe(3);
    await codec.verify(a); // used recently: still remembered
    expect(calls).toBe(3);
    await codec.verify(b); // the least recently used: verified again
    expect(calls).toBe(4);
  });
});
