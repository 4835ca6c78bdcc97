import type { FastifyRequest } from 'fastify';

/**
 * The origin links in mail and messages point to: PUBLIC_URL when set (always in production:
 * building them from request headers would let anyone send a victim a genuine token inside a link
 * to their own site), else the browser's Origin header (the gateway rewrites Host), else the
 * forwarded or direct host.
 */
export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  const configured = configuredOrigin(publicUrl);
  if (configured) return configured;
  const origin = request.headers.origin;
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** PUBLIC_URL without its trailing slashes, or null when unset: links sent with no request behind them. */
export function configuredOrigin(publicUrl: string | undefined): string | null {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : null;
}
