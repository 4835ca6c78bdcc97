import type { IncomingMessage } from 'node:http';

/**
 * Reads the rest of a request's body and drops it, after an answer given before its end (a
 * refusal, a proxy's answer), so the connection stays open for the next request. Closed instead
 * with bytes still coming, the connection resets, and the reset can take the answer with it before
 * the client has read it. Past `limit` more bytes the connection is destroyed: nobody holds it
 * with an endless body.
 */
export function dropRestOfBody(request: IncomingMessage, limit: number): void {
  let dropped = 0;
  request.on('error', () => undefined);
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) request.socket.destroy();
  });
  request.resume();
}
