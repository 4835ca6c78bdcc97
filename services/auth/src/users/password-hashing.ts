import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters; stored with each hash so they can be raised later. */
export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** Node's default cost: about 50 ms and 16 MiB per hash on a laptop core. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** The key derivation (scrypt); replaceable in tests to observe what runs. */
export type KeyDerivation = (
  password: string,
  salt: Buffer,
  params: ScryptParameters,
  keyLength: number,
) => Promise<Buffer>;

export const scryptDerivation: KeyDerivation = (password, salt, params, keyLength) => {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

interface ParsedHash {
  params: ScryptParameters;
  salt: Buffer;
  hash: Buffer;
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url); null when the string is anything else. */
function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (
    !N ||
    !r ||
    !p ||
    !Number.isInteger(N) ||
    N < 2 ||
    (N & (N - 1)) !== 0 ||
    N > 2 ** 20 ||
    r > 32 ||
    p > 16
  )
    return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || hash.length < 32) return null;
  return { params: { N, r, p }, salt, hash };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. With `stored` null (unknown account) it still runs one
   * scrypt against a dummy hash, so unknown e-mails and wrong passwords take the same time.
   */
  verify(password: string, stored: string | null): Promise<boolean>;
  /** The stored hash uses weaker parameters than today's: re-hash after a successful sign-in. */
  needsRehash(stored: string): boolean;
}

/** scrypt (node:crypto) with a random per-user salt, compared in constant time. */
export function createPasswordHasher(
  params: ScryptParameters = DEFAULT_SCRYPT,
  derive: KeyDerivation = scryptDerivation,
): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, params, KEY_LENGTH);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  };
  return {
    hash,
    async verify(password, stored) {
      const parsed = stored === null ? null : parse(stored);
      if (!parsed) {
        dummy ??= hash(randomBytes(16).toString('hex'));
        const fallback = parse(await dummy);
        if (fallback) await derive(password, fallback.salt, fallback.params, fallback.hash.length);
        return false;
      }
      const key = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
      return timingSafeEqual(key, parsed.hash);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p
      );
    },
  };
}
