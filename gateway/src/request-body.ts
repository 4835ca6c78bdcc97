import type { IncomingMessage } from 'node:http';
import { finished, Readable } from 'node:stream';
import { LOGO_UPLOAD_PATH, MAX_LOGO_UPLOAD_BYTES } from '@listready/contracts';
import { dropRestOfBody } from '@listready/service-kit';

/** The largest request body the gateway takes (the services' own limit). */
export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * The most the gateway reads and drops of a body it answers without: a refused one's rest
 * (`readRestOfRefusedBody`), a GET's past the limit (`dropBodyThen`). Past it, the connection goes.
 */
export const REFUSED_BODY_READ_BYTES = 16 * 1_048_576;

/** The body length a request declares (NaN when it declares none: every comparison is false). */
const declaredLength = ({ headers }: IncomingMessage): number => Number(headers['content-length']);

/**
 * After a body was refused for its declared length (answered at once): reads and drops its rest as
 * it comes, so the connection stays open, when it declares at most REFUSED_BODY_READ_BYTES (a
 * phone's largest photo, with room); false when it declares more, and the connection must close.
 * Closed while the body was still coming, a connection resets, and a client still writing it got a
 * write error instead of the 413: Node's fetch uploading an 8 MB logo, every time (EPIPE). A longer
 * body would cost more to read than the answer is worth.
 */
export function readRestOfRefusedBody(request: IncomingMessage): boolean {
  if (declaredLength(request) > REFUSED_BODY_READ_BYTES) return false;
  dropRestOfBody(request, REFUSED_BODY_READ_BYTES);
  return true;
}

/**
 * The largest body a request may carry on to its service: the services' limit, except a logo
 * upload (a multipart POST to its path), whose service takes an image of up to 5 MB, as the form
 * says. At 1 MB for every request, an agent's 2 MB logo was refused at the gateway ("Request body
 * is too large"). Anything else sent there (JSON, say) keeps 1 MB: no parser of the service's
 * takes more.
 */
export function bodyLimitFor({ method, headers }: IncomingMessage, pathname: string): number {
  const logoUpload =
    method === 'POST' &&
    pathname === LOGO_UPLOAD_PATH &&
    /^multipart\/form-data\b/i.test(headers['content-type'] ?? '');
  return logoUpload ? MAX_LOGO_UPLOAD_BYTES : BODY_LIMIT_BYTES;
}

/**
 * Whether `request` declares a longer body than its path takes (bodyLimitFor): refused with 413
 * before a byte of it goes on (api-proxy.ts), and before it is sent when the client asks first
 * (invitesBody).
 */
export const declaresOverItsLimit = (request: IncomingMessage, pathname: string): boolean =>
  declaredLength(request) > bodyLimitFor(request, pathname);

/** The path of a request's URL (its query left out). */
export const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Whether `request`, sent with `Expect: 100-continue` (curl asks so before a body over 1 MB), is to
 * be told to send its body: not when it is for the API and declares more than its path takes
 * (bodyLimitFor). That request is then refused (413) before its body is sent, and the connection
 * closes, since the client decides whether it sends the body after all. Node answered 100 by itself
 * to every such request, and the client uploaded its whole body only to have it refused.
 */
export function invitesBody(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return !url.startsWith('/api/') || !declaresOverItsLimit(request, pathOf(url));
}

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
 * the rest is dropped as it comes), so a client cannot hold a request back with an endless one; past
 * REFUSED_BODY_READ_BYTES more, the connection is destroyed (it was read without end).
 */
export function dropBodyThen(request: IncomingMessage, limit: number, proceed: () => void): void {
  if (declaredLength(request) > limit) {
    dropRestOfBody(request, REFUSED_BODY_READ_BYTES);
    proceed();
    return;
  }
  let size = 0;
  let proceeded = false;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return;
    request.off('data', onData);
    dropRestOfBody(request, REFUSED_BODY_READ_BYTES);
    done();
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

/** How a capped body fails once it passes its limit: the gateway then answers 413 itself. */
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The request body is over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * A request's body for its service: at most `limit` bytes of it, with backpressure. Past the limit
 * the stream fails with `BodyTooLargeError` before the byte that crossed it is passed on (a chunked
 * body declares no length to refuse it by), so the gateway answers the 413 and the service never
 * sees more.
 *
 * Its reader may destroy it (undici does when the service answers before the body's end, or the
 * service's connection fails): the client's request is then let go, its rest read and dropped
 * (`dropRestOfBody`), never destroyed. The request handed to undici itself was destroyed, and the
 * client's connection with it, often before the answer had been written: a client sending 1.3 MB
 * chunked without pause got no answer at all in over half the tries, or a 503 on a connection
 * left open.
 */
export function cappedBody(source: IncomingMessage, limit: number): Readable {
  let size = 0;
  const body = new Readable({
    read: () => source.resume(),
    destroy: (error, callback) => {
      letGo();
      callback(error);
    },
  });
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) body.destroy(new BodyTooLargeError(limit));
    else if (!body.push(chunk)) source.pause();
  };
  const onEnd = () => body.push(null);
  // The client hung up mid-body (`aborted`): the service's request is cut too, not ended as if whole.
  const onError = (error: Error) => body.destroy(error);
  const letGo = () => {
    source.off('data', onData).off('end', onEnd).off('error', onError);
    // Even a complete request: what is still buffered of it would hold the connection's next request.
    dropRestOfBody(source, limit);
  };
  source.on('data', onData).once('end', onEnd).on('error', onError);
  return body;
}
