import { describe, expect, it } from 'vitest';
import { createPasswordHasher, DEFAULT_SCRYPT, scryptDerivation } from './password-hashing.ts';

describe('password hashing', () => {
  const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

  it('stores a self-describing scrypt string with a per-user salt', async () => {
    const first = await hasher.hash('correct-horse-1');
    const second = await hasher.hash('correct-horse-1');
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(second).not.toBe(first);
    expect(await hasher.verify('correct-horse-1', first)).toBe(true);
    expect(await hasher.verify('correct-horse-1', second)).toBe(true);
    expect(await hasher.verify('correct-horse-2', first)).toBe(false);
  });

  it('refuses malformed or hostile stored strings without throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$2b$10$abc',
      'scrypt$3$8$1$c2FsdHNhbHQ$aGFzaA',
      `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRz$${'a'.repeat(86)}`,
    ]) {
      expect(await hasher.verify('anything', stored)).toBe(false);
    }
  });

  it('asks for a re-hash when the parameters were raised', async () => {
    const weak = await hasher.hash('pw-123456');
    expect(createPasswordHasher(DEFAULT_SCRYPT).needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(weak)).toBe(false);
  });

  it('runs the same scrypt for an unknown account as for a wrong password', async () => {
    const calls: { N: number; r: number; p: number; keyLength: number }[] = [];
    const observed = createPasswordHasher(DEFAULT_SCRYPT, async (password, salt, params, keyLength) => {
      calls.push({ ...params, keyLength });
      return scryptDerivation(password, salt, { N: 1024, r: 8, p: 1 }, keyLength);
    });
    const stored = await observed.hash('correct-horse-1');
    calls.length = 0;
    expect(await observed.verify('wrong-password', stored)).toBe(false);
    const wrongPassword = calls.splice(0);
    expect(await observed.verify('wrong-password', null)).toBe(false);
    // The first unknown-account check also makes the dummy hash once; the derivation that
    // answers is the same as for a real account.
    expect(calls.at(-1)).toEqual(wrongPassword[0]);
    calls.length = 0;
    expect(await observed.verify('wrong-password', null)).toBe(false);
    expect(calls).toEqual(wrongPassword);
  });
});
