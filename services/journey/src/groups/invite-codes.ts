import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@listready/contracts';

/**
 * A new invite code: 8 characters drawn uniformly (crypto.randomInt) from 32 letters and digits
 * without look-alikes, about 10^12 codes. Uniqueness is the database's (a unique index); the
 * caller draws again when an insert loses.
 */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}
