import type { FastifyInstance } from 'fastify';
import { describeRoutes, openApiDocument, type DescribedRoute, type OpenApiDocument } from './openapi.ts';

/** Where every service answers its own part of the document (not under `/api`: the gateway never proxies it). */
export const SERVICE_DESCRIPTION_PATH = '/openapi.json';

const described = new WeakMap<object, { name: string; routes: DescribedRoute[] }>();

/**
 * Records every route the app registers from now on, with its schema, and answers the app's own
 * OpenAPI document at `GET /openapi.json`. Called by service-kit's createService before any route,
 * so every service (and the gateway) describes itself from the zod schemas it validates with; the
 * gateway assembles the parts at `/api/openapi.json`. Built once, on the first request: routes do not
 * change after start.
 */
export function registerApiDescription(app: FastifyInstance, name: string): void {
  const routes: DescribedRoute[] = [];
  described.set(app, { name, routes });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        ...(route.config?.mediaTypes ? { mediaTypes: route.config.mediaTypes } : {}),
      });
    }
  });
  let document: OpenApiDocument | undefined;
  app.get(SERVICE_DESCRIPTION_PATH, { logLevel: 'warn' }, async () => {
    document ??= openApiDocument([describeRoutes(routes, name)]);
    return document;
  });
}

/** The routes an app recorded (see registerApiDescription), with the name it describes them under. */
export function describedRoutesOf(app: FastifyInstance): { name: string; routes: readonly DescribedRoute[] } {
  const found = described.get(app);
  if (!found) throw new Error('registerApiDescription was not called on this app');
  return found;
}
