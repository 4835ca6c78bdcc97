import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyReplyFrom from '@fastify/reply-from';
import { ErrorCode } from '@listready/contracts';
import { serviceFor, type ServiceName } from './routes-table.ts';

export interface ApiProxyOptions {
  services: Partial<Record<ServiceName, string>>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request another site's page made the browser send (a form or `text/plain`
 * fetch riding on the session cookie). Browsers say so in Sec-Fetch-Site; older ones only in
 * Origin, which must then name this host (any port: the dev servers are same-site). Requests
 * with neither header are not from a browser page and carry no ambient cookie risk.
 */
function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).hostname !== request.hostname;
  } catch {
    return true; // `null` (a sandboxed frame, a redirect) or garbage: not this site.
  }
}

/**
 * Routes `/api/*` to the owning service. Bodies stream through untouched (the service validates
 * them); the request id travels on so one request can be followed across logs.
 */
export async function apiProxy(app: FastifyInstance, { services }: ApiProxyOptions): Promise<void> {
  await app.register(fastifyReplyFrom, {
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
  });
  // Do not parse bodies here: pass the raw stream to the service.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // API answers are JSON for scripts, not documents: page headers (CSP, frame rules) mean nothing
  // there and cost ~15% of the hop's CPU, so only `nosniff` is kept.
  app.all('/api/*', { helmet: false }, (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    if (isCrossSiteWrite(request)) {
      return reply
        .status(403)
        .send({ message: 'Cross-site requests may not change anything', code: ErrorCode.forbidden });
    }
    const pathname = request.url.split('?')[0] ?? request.url;
    const service = serviceFor(pathname);
    if (!service) {
      return reply
        .status(404)
        .send({ message: `Not Found: ${request.method} ${pathname}`, code: ErrorCode.notFound });
    }
    const base = services[service];
    if (!base) {
      return reply
        .status(503)
        .send({ message: `The ${service} service is not available`, code: ErrorCode.unavailable });
    }
    return reply.from(`${base}${request.url}`, {
      // Overwrite (never append to) the forwarding headers: services trust exactly this one hop,
      // so a client cannot pick its own IP for the per-IP sign-in limits.
      // API answers are personal unless the service says otherwise (a logo, branding it lets the
      // browser keep): nothing a service did not mark cacheable lands in a shared or disk cache.
      rewriteHeaders: (headers) =>
        headers['cache-control'] ? headers : { ...headers, 'cache-control': 'no-store' },
      // `expect: 100-continue` was answered here (Node sends the 100); undici refuses to forward it.
      rewriteRequestHeaders: (_original, { expect: _continue, ...headers }) => ({
        ...headers,
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': request.host,
      }),
      onError: (failed, { error }) => {
        request.log.warn({ err: error, service }, 'upstream request failed');
        void failed
          .status(503)
          .send({ message: `The ${service} service is not available`, code: ErrorCode.unavailable });
      },
    });
  });
}
