/** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Exponential back-off with full jitter on the upper half: base·2^(attempt-1), capped at max. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

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
