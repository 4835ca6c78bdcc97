import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  asyncApiDocument,
  describeRoutes,
  describedRoutesOf,
  openApiDocument,
  openApiPath,
  referencePage,
  REFERENCE_STYLESHEET,
  SERVICE_DESCRIPTION_PATH,
  type OpenApiDocument,
} from '@listready/api-description';
import { ErrorCode } from '@listready/contracts';
import { serviceFor, type ServiceName } from './routes-table.ts';

const FETCH_TIMEOUT_MS = 2_000;
/** Long enough that a crowd reading the docs costs the services nothing; short enough to follow a redeploy. */
const CACHE_MS = 60_000;
const STYLESHEET_PATH = '/api/docs/reference.css';
/** The reference page asks for nothing but its own stylesheet. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

class DescriptionUnavailableError extends Error {
  constructor(service: string) {
    super(`The ${service} service did not describe its routes`);
  }
}

/** One service's paths, as the gateway exposes them: only what its route table sends to that service. */
async function servicePaths(name: ServiceName, baseUrl: string): Promise<OpenApiDocument['paths']> {
  let document: OpenApiDocument;
  try {
    const response = await fetch(`${baseUrl}${SERVICE_DESCRIPTION_PATH}`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new DescriptionUnavailableError(name);
    document = (await response.json()) as OpenApiDocument;
  } catch {
    throw new DescriptionUnavailableError(name);
  }
  return Object.fromEntries(Object.entries(document.paths).filter(([path]) => serviceFor(path) === name));
}

/**
 * `GET /api/openapi.json`: one OpenAPI 3.1 document of every route the gateway exposes — each
 * service's own part (`GET /openapi.json`, generated from its zod schemas by service-kit) as the
 * route table routes it, plus the gateway's own routes. Assembled from the running services, so a
 * deployment (one process or one container per service) describes exactly what it runs.
 * `GET /api/asyncapi.json`: the events, from the same contracts. `GET /api/docs`: both, readable.
 */
export function registerApiDescriptionRoutes(
  app: FastifyInstance,
  services: Partial<Record<ServiceName, string>>,
): void {
  const root = describedRoutesOf(app);
  let cached: { document: OpenApiDocument; at: number } | undefined;
  let pending: Promise<OpenApiDocument> | undefined;

  const assemble = async (): Promise<OpenApiDocument> => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.document;
    pending ??= (async () => {
      try {
        const parts = await Promise.all(
          Object.entries(services).map(([name, url]) => servicePaths(name as ServiceName, url)),
        );
        // The gateway's own /api routes (health, these documents), never one it proxies.
        const own = describeRoutes(
          root.routes.filter((route) => serviceFor(openApiPath(route.url)) === undefined),
          root.name,
        );
        const document = openApiDocument([own, ...parts]);
        cached = { document, at: Date.now() };
        return document;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };

  const unavailable = (error: unknown) => {
    if (!(error instanceof DescriptionUnavailableError)) throw error;
    return { message: error.message, code: ErrorCode.unavailable };
  };

  app.get('/api/openapi.json', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      return reply.header('cache-control', 'no-cache').send(await assemble());
    } catch (error) {
      return reply.status(503).send(unavailable(error));
    }
  });

  const events = asyncApiDocument();
  app.get('/api/asyncapi.json', { logLevel: 'warn' }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(events),
  );

  // The page (about 170 KB) is rendered once per assembled document, with an ETag for it: a reader
  // coming back gets a 304 while the services' descriptions are unchanged.
  const pages = new WeakMap<OpenApiDocument, { html: string; etag: string }>();
  const pageOf = (document: OpenApiDocument) => {
    let page = pages.get(document);
    if (!page) {
      const html = referencePage(document, events, STYLESHEET_PATH);
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(document, page);
    }
    return page;
  };

  app.get('/api/docs', { logLevel: 'warn' }, async (request, reply) => {
    let page: { html: string; etag: string };
    try {
      page = pageOf(await assemble());
    } catch (error) {
      return reply.status(503).send(unavailable(error));
    }
    void reply
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('content-security-policy', PAGE_POLICY)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });

  app.get(STYLESHEET_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .type('text/css; charset=utf-8')
      .send(REFERENCE_STYLESHEET),
  );
}
