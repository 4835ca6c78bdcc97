import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';

/** The largest request body the gateway takes (the services' own limit). */
export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * Whether `request` is a GET or HEAD that carries a body. Nobody reads that body: Fastify hands
 * these methods to their route without it, and the proxy sends them on without one.
 */
export function bodylessMethodWithBody({ method, headers }: IncomingMessage): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads the body of such a request and drops it, then calls `proceed` (once).
 *
 * Left unread, Node reads and drops the body only after the answer has gone. On a connection that
 * closes after the answer (the client sent `Connection: close`, or spoke HTTP/1.0), the kernel
 * answers the bytes still unread with a reset, which can destroy the answer before the client has
 * read it: a large answer (the API reference, a script) to a GET with a few hundred KB of body was
 * reset most of the time. A body over `limit` bytes is not waited for (the request proceeds while
 * the rest is dropped as it comes), so a client cannot hold a request back with an endless one.
 */
export function dropBodyThen(request: IncomingMessage, limit: number, proceed: () => void): void {
  if (Number(request.headers['content-length']) > limit) {
    request.resume();
    proceed();
    return;
  }
  let size = 0;
  let proceeded = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) done();
  };
  const done = () => {
    if (proceeded) return;
    proceeded = true;
    request.off('data', onData);
    proceed();
  };
  request.on('data', onData);
  finished(request, done);
}
