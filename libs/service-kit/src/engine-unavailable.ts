/**
 * Whether a request failed because an engine behind the service (PostgreSQL, Redis) could not be
 * reached or refused more connections, rather than because of the request: such a failure is a
 * 503 the caller may retry (with Retry-After), not a 500. Drivers and drizzle wrap the cause, so
 * the whole `cause` chain is read.
 */

/** PostgreSQL's SQLSTATEs for "not now": connection exceptions (class 08), too many clients, shutting down, starting up. */
const POSTGRES_UNAVAILABLE = /^(08...|53300|57P01|57P02|57P03)$/;
/** Node's socket errors on the way to an engine. */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);
/** Errors without a code: pg's pool and connection, ioredis. */
const MESSAGE_UNAVAILABLE =
  /^(Connection terminated|timeout exceeded when trying to connect|Connection is closed\.|Reached the max retries per request limit)/;

export function isEngineUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code)))
      return true;
    if (MESSAGE_UNAVAILABLE.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
