import { setTimeout as delay } from 'node:timers/promises';
import pRetry, { type Options } from 'p-retry';

/**
 * p-retry with our back-off (100 ms doubling up to 5 s, jittered so replicas that failed together
 * do not retry together). One difference: an attempt that succeeded while `signal` aborted counts
 * as a success (p-retry would reject with the abort reason), so a stop never disowns work done.
 */
export async function retry<T>(operation: (attempt: number) => Promise<T>, options: Options): Promise<T> {
  let succeeded: { value: T } | undefined;
  try {
    return await pRetry(
      async (attempt) => {
        const value = await operation(attempt);
        succeeded = { value };
        return value;
      },
      { minTimeout: 100, maxTimeout: 5_000, randomize: true, ...options },
    );
  } catch (error) {
    if (succeeded) return succeeded.value;
    throw error;
  }
}

/** Waits `ms`, or less when `signal` aborts (without throwing). */
export const pause = (ms: number, signal?: AbortSignal): Promise<unknown> =>
  delay(ms, undefined, { signal }).catch(() => undefined);

/** `Name: message`, with the causes (drizzle wraps driver errors), shortened to `maxLength`. */
export function describeError(error: unknown, maxLength = 2_000): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`);
      current = current.cause;
    } else {
      parts.push(typeof current === 'string' ? current : String(JSON.stringify(current)));
      break;
    }
  }
  const text = parts.join(' <- caused by ');
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

const transientNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// Connection exceptions, insufficient resources, operator intervention (shutdown), serialization
// failure, deadlock, lock not available: worth retrying as they are, never a reason to give up.
const transientSqlState = /^(08|53|57P0[1-3]|40001$|40P01$|55P03$)/;
const transientMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True for infrastructure failures (database unreachable, deadlock…) as opposed to a bad event or handler bug. */
export function isTransientError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (transientNodeCodes.has(code) || transientSqlState.test(code)))
      return true;
    if (transientMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
