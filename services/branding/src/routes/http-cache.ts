import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Branding answers the browser may keep but must check again each time (`private, no-cache`) with
 * an ETag, so an unchanged branding costs a 304 and a changed one shows on the next load. The
 * 5-minute freshness of the spec is the page's React Query `staleTime`: a `max-age` would keep a
 * client on the old colours for 5 minutes after their agent saved, and keep the panel's refetch
 * after a save on the old answer.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const tag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  void reply.header('cache-control', 'private, no-cache').header('etag', tag).header('vary', 'Cookie');
  const asked = request.headers['if-none-match'];
  if (asked?.split(',').some((value) => value.trim() === tag)) return reply.code(304).send();
  return reply.send(body);
}
