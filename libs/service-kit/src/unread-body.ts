import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Reads the rest of a request's body and drops it, after an answer given before its end (a
 * refusal, a proxy's answer), so the connection stays open for the next request. Closed instead
 * with bytes still coming, the connection resets, and the reset can take the answer with it before
 * the client has read it. Past `limit` more bytes the connection is destroyed: nobody holds it
 * with an endless body.
 */
export function dropRestOfBody(request: IncomingMessage, limit: number): void {
  let dropped = 0;
  const { socket } = request;
  droppingBody.add(socket);
  request.once('end', () => droppingBody.delete(socket));
  request.on('error', () => undefined);
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) socket.destroy();
  });
  request.resume();
}

/** The connections whose request's body is being read and dropped (dropRestOfBody). */
const droppingBody = new WeakSet<Socket>();

/**
 * Whether the request in progress on `socket` is one whose body is read and dropped: its answer is
 * written, or on its way, without it (a refusal, a proxy's answer), so an error on the connection
 * before the body's end has nothing left to say to it.
 */
export const droppingBodyOn = (socket: Socket): boolean => droppingBody.has(socket);
