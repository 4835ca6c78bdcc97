import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeRoutes,
  documentedRoutes,
  openApiDocument,
  openApiPath,
  type OpenApiDocument,
} from './openapi.ts';
import { registerApiDescription } from './service-description.ts';

/** The value, or a failed test saying what was missing. */
function defined<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}

const thing = z.object({ id: z.uuid(), name: z.string().min(2).max(40), due: z.iso.date().nullable() });

describe('OpenAPI from the routes’ zod schemas', () => {
  it('writes Fastify parameters as OpenAPI templates', () => {
    expect(openApiPath('/api/user-groups/:id/members/:userId')).toBe(
      '/api/user-groups/{id}/members/{userId}',
    );
  });

  it('describes parameters, query, body, answers and the error shape of a route', () => {
    const paths = describeRoutes(
      [
        {
          method: 'PUT',
          url: '/api/things/:id',
          schema: {
            params: z.object({ id: z.uuid() }),
            querystring: z.object({ dryRun: z.enum(['yes', 'no']).optional() }),
            body: thing.omit({ id: true }),
            response: { 200: thing },
          },
        },
        { method: 'HEAD', url: '/api/things/:id' },
        { method: 'GET', url: '/api/*' },
        { method: 'GET', url: '/healthz' },
      ],
      'things',
    );
    expect(Object.keys(paths)).toEqual(['/api/things/{id}']);
    const operation = defined(paths['/api/things/{id}']?.put, 'operation');
    expect(operation.tags).toEqual(['things']);
    expect(operation.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      { name: 'dryRun', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
    ]);
    expect(operation.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['name', 'due'],
      properties: { name: { type: 'string', minLength: 2, maxLength: 40 } },
    });
    expect(operation.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      required: ['id', 'name', 'due'],
    });
    expect(operation.responses['4XX']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
  });

  it('keeps the format of a string piped into one (a trimmed e-mail is still an e-mail)', () => {
    const email = z.string().trim().max(254).pipe(z.email());
    const paths = describeRoutes(
      [{ method: 'POST', url: '/api/reset', schema: { body: z.object({ email }) } }],
      'auth',
    );
    const body = paths['/api/reset']?.post?.requestBody?.content['application/json']?.schema as {
      properties: { email: Record<string, unknown> };
    };
    expect(body.properties.email).toMatchObject({ type: 'string', maxLength: 254, format: 'email' });
    expect(body.properties.email.pattern).toEqual(expect.any(String));
  });

  it('lists a body and answer that are not JSON under their own media types (a webhook’s form, TwiML)', () => {
    const paths = describeRoutes(
      [
        {
          method: 'POST',
          url: '/api/sms/inbound',
          schema: { body: z.object({ Body: z.string() }), response: { 200: z.string() } },
          mediaTypes: { request: 'application/x-www-form-urlencoded', response: 'text/xml' },
        },
      ],
      'journey',
    );
    const operation = defined(paths['/api/sms/inbound']?.post, 'operation');
    expect(Object.keys(operation.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['text/xml']);
    expect(Object.keys(operation.responses['4XX']?.content ?? {})).toEqual(['application/json']);
  });

  it('says when a route has no JSON answer, rather than inventing one', () => {
    const paths = describeRoutes([{ method: 'GET', url: '/api/logo/:file' }], 'branding');
    expect(paths['/api/logo/{file}']?.get?.responses['2XX']).toEqual({
      description: 'Success (no JSON body described)',
    });
  });

  it('merges parts into one sorted document and lists its routes back', () => {
    const document = openApiDocument([
      describeRoutes([{ method: 'GET', url: '/api/b' }], 'one'),
      describeRoutes(
        [
          { method: 'POST', url: '/api/a/:id' },
          { method: 'GET', url: '/api/b' },
        ],
        'two',
      ),
    ]);
    expect(Object.keys(document.paths)).toEqual(['/api/a/{id}', '/api/b']);
    expect(documentedRoutes(document)).toEqual(new Set(['POST /api/a/:id', 'GET /api/b']));
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['message'] });
  });

  it('lets every app serve the routes it registered after the call at GET /openapi.json', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerApiDescription(app, 'things');
    await app.register(async (scoped) => {
      scoped.post(
        '/api/things',
        { schema: { body: thing.omit({ id: true }), response: { 201: thing } } },
        async () => ({
          id: crypto.randomUUID(),
          name: 'ok',
          due: null,
        }),
      );
    });
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const document = response.json<OpenApiDocument>();
    expect(documentedRoutes(document)).toEqual(new Set(['POST /api/things']));
    expect(document.paths['/api/things']?.post?.responses['201']).toBeDefined();
    await app.close();
  });
});
