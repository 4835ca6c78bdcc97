import { z } from 'zod';
import { apiErrorSchema } from '@listready/contracts';

/** JSON Schema / OpenAPI objects as plain data. */
export type JsonObject = { [key: string]: unknown };

/** A route as a Fastify app registered it: method, URL pattern and its (zod) schema, if any. */
export interface DescribedRoute {
  method: string;
  url: string;
  schema?: {
    params?: unknown;
    querystring?: unknown;
    headers?: unknown;
    body?: unknown;
    response?: unknown;
  };
  /** Media types other than JSON, from the route's `config.mediaTypes` (see below). */
  mediaTypes?: RouteMediaTypes;
}

/**
 * A route whose body or answer is not JSON says so in its config — `config: { mediaTypes: { request:
 * 'application/x-www-form-urlencoded', response: 'text/xml' } }` (Twilio's webhook) — and the document
 * lists its schemas under those types instead of `application/json`.
 */
export interface RouteMediaTypes {
  request?: string;
  response?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    mediaTypes?: RouteMediaTypes;
  }
}

/** The schema of an operation's body or answer, whatever its media type (each lists one). */
export const schemaOfContent = (
  content: Record<string, { schema: JsonObject }> | undefined,
): { mediaType: string; schema: JsonObject } | undefined => {
  const [entry] = Object.entries(content ?? {});
  return entry ? { mediaType: entry[0], schema: entry[1].schema } : undefined;
};

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonObject> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<{
    name: string;
    in: 'path' | 'query' | 'header';
    required: boolean;
    schema: JsonObject;
  }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonObject }> }>;
}

/** The shared error body (DESIGN.md §5): every 4xx and 5xx of every route answers in it. */
export const ERROR_SCHEMA_REF = '#/components/schemas/ApiError';

const DESCRIBED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const isZodSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as requests are read (`input`) or
 * answers written (`output`). What JSON Schema cannot say (a transform, a refinement) is left
 * open rather than refused: the document stays complete, and the service still enforces it.
 */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonObject | undefined {
  return isZodSchema(schema) ? zodJsonSchema(schema, io) : undefined;
}

/** `jsonSchemaOf` for a schema known to be zod's. */
export function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // Recursive or shared schemas are written inline; $defs stay local to the schema.
    reused: 'inline',
    ...(io === 'input' ? { override: keepPipedStringFormat } : {}),
  }) as JsonObject;
  return rest;
}

type PipeDefinition = { type: string; out?: unknown };

/**
 * `z.string().trim().pipe(z.email())` reads as a plain string on its input side, which would tell a
 * client (and the fuzzer) nothing of the e-mail it must be: the piped string's format and pattern
 * are added to the input's description.
 */
function keepPipedStringFormat(context: { zodSchema: unknown; jsonSchema: JsonObject }): void {
  const definition = (context.zodSchema as { _zod?: { def?: PipeDefinition } })._zod?.def;
  if (definition?.type !== 'pipe' || !isZodSchema(definition.out) || context.jsonSchema.type !== 'string')
    return;
  const piped = z.toJSONSchema(definition.out, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  if (piped.type !== 'string') return;
  for (const keyword of ['format', 'pattern'] as const) {
    if (piped[keyword] !== undefined && context.jsonSchema[keyword] === undefined) {
      context.jsonSchema[keyword] = piped[keyword];
    }
  }
}

/** `/api/client-tasks/:id` → `/api/client-tasks/{id}` */
export const openApiPath = (fastifyUrl: string): string =>
  fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => `{${name}}`);

/** `PUT /api/client-tasks/{id}` → `putApiClientTasksId`, stable and unique per route. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

function parametersOf(
  schema: unknown,
  location: 'path' | 'query' | 'header',
): NonNullable<OpenApiOperation['parameters']> {
  const json = jsonSchemaOf(schema, 'input');
  if (!json || json.type !== 'object' || typeof json.properties !== 'object' || !json.properties) return [];
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(json.properties as Record<string, JsonObject>).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

/** Fastify's response keys (`200`, `'2xx'`) as OpenAPI's (`200`, `2XX`). */
const statusKey = (key: string | number): string => String(key).toUpperCase();

function operationOf(route: DescribedRoute, tag: string): OpenApiOperation {
  const path = openApiPath(route.url);
  const schema = route.schema ?? {};
  const parameters = [
    ...parametersOf(schema.params, 'path'),
    ...parametersOf(schema.querystring, 'query'),
    ...parametersOf(schema.headers, 'header'),
  ];
  const body = jsonSchemaOf(schema.body, 'input');
  const requestType = route.mediaTypes?.request ?? 'application/json';
  const responses: OpenApiOperation['responses'] = {};
  for (const [key, responseSchema] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const json = jsonSchemaOf(responseSchema, 'output');
    const type = statusKey(key).startsWith('2')
      ? (route.mediaTypes?.response ?? 'application/json')
      : 'application/json';
    responses[statusKey(key)] = json
      ? { description: `${statusKey(key)} answer`, content: { [type]: { schema: json } } }
      : { description: `${statusKey(key)} answer` };
  }
  if (Object.keys(responses).every((key) => !key.startsWith('2'))) {
    // No documented success body: the route answers something other than JSON (a redirect, an image).
    responses['2XX'] = { description: 'Success (no JSON body described)' };
  }
  const error = { content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } } };
  responses['4XX'] = {
    description: 'Refused: invalid input, not signed in, not allowed, not found…',
    ...error,
  };
  responses['5XX'] = { description: 'Unavailable (a service down or shedding load)', ...error };
  return {
    operationId: operationIdOf(route.method, path),
    summary: `${route.method} ${path}`,
    tags: [tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { [requestType]: { schema: body } } } } : {}),
    responses,
  };
}

/** Only the `/api` routes a client can call (HEAD, OPTIONS and catch-alls left out). */
export const isDescribedRoute = (route: Pick<DescribedRoute, 'method' | 'url'>): boolean =>
  DESCRIBED_METHODS.has(route.method) && route.url.startsWith('/api/') && !route.url.includes('*');

/**
 * The OpenAPI 3.1 paths of one app's routes, tagged with the app's name (the service that answers
 * them), generated from the zod schemas the routes validate with — no second copy of them.
 */
export function describeRoutes(routes: readonly DescribedRoute[], tag: string): OpenApiDocument['paths'] {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (!isDescribedRoute(route)) continue;
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, tag);
  }
  return paths;
}

/** One document from several apps' paths (the gateway's and each service's). */
export function openApiDocument(
  parts: ReadonlyArray<OpenApiDocument['paths']>,
  info: { version: string; description?: string } = { version: '1' },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const part of parts) {
    for (const [path, operations] of Object.entries(part)) Object.assign((paths[path] ??= {}), operations);
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: { title: 'ListReady API', ...info },
    paths: sorted,
    components: { schemas: { ApiError: zodJsonSchema(apiErrorSchema, 'output') } },
  };
}

/** Every operation of a document as `METHOD /path` (Fastify's `:param` spelling), for coverage tests. */
export function documentedRoutes(document: Pick<OpenApiDocument, 'paths'>): Set<string> {
  const routes = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths)) {
    const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of Object.keys(operations)) routes.add(`${method.toUpperCase()} ${fastifyPath}`);
  }
  return routes;
}
