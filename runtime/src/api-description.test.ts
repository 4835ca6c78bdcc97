import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentedRoutes,
  type AsyncApiDocument,
  type JsonObject,
  type OpenApiDocument,
} from '@listready/api-description';
import { documentSchemas } from '@listready/api-description/fuzz';
import { currentEventVersion, eventTypes, eventVersions } from '@listready/contracts';
import { buildGateway, gatewayConfigFromEnv, serviceFor, type ServiceName } from '@listready/gateway';
import { createLogger, type App, type RunnableService } from '@listready/service-kit';
import { registeredApiRoutes, TEST_SESSION_SECRET } from '@listready/service-kit/testing';
import { useTestDatabase } from '@listready/testing';
import { SERVICES } from './services.ts';

/** The value, or a failed test saying what was missing. */
function defined<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}

/**
 * The documents the gateway serves, checked against what each service really registered: every
 * `/api` route of every service has an operation (and reaches that service through the gateway's
 * route table), every schema in them compiles, and every event version has its message.
 */
describe('the API description', () => {
  const database = useTestDatabase();
  const logger = createLogger('api-description-test', 'silent');
  const started: Array<{ name: ServiceName } & RunnableService> = [];
  let gateway: App;

  beforeAll(async () => {
    const urls: Partial<Record<ServiceName, string>> = {};
    for (const service of SERVICES) {
      const handle = await service.build({
        env: { NODE_ENV: 'test' },
        database: database.current,
        logger,
        sessionSecret: TEST_SESSION_SECRET,
      });
      await handle.start();
      started.push({ name: service.name, ...handle });
      urls[service.name] = await handle.app.listen({ port: 0, host: '127.0.0.1' });
    }
    gateway = await buildGateway({
      ...gatewayConfigFromEnv({ NODE_ENV: 'test' }),
      serveFrontend: false,
      services: urls,
      logger,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    for (const service of started.reverse()) await service.stop();
  });

  const openApi = async (): Promise<OpenApiDocument> => {
    const response = await gateway.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    return response.json<OpenApiDocument>();
  };

  it('has an operation for every route every service registered, each routed to that service', async () => {
    const documented = documentedRoutes(await openApi());
    for (const { name, app } of started) {
      const registered = registeredApiRoutes(app);
      expect(registered.size, name).toBeGreaterThan(0);
      for (const route of registered) {
        expect(documented.has(route), `${name}: ${route} has no entry`).toBe(true);
        expect(
          serviceFor((route.split(' ')[1] ?? '').replace(/:[^/]+/g, 'x')),
          `${route} is not routed to ${name}`,
        ).toBe(name);
      }
    }
    // And nothing more: every operation is a registered route of a service or of the gateway.
    const known = new Set([
      ...started.flatMap(({ app }) => [...registeredApiRoutes(app)]),
      ...registeredApiRoutes(gateway),
    ]);
    expect([...documented].filter((route) => !known.has(route))).toEqual([]);
  });

  it('describes parameters, bodies and answers from the zod contracts, and the shared error shape', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const update = document.paths['/api/client-tasks/{id}']?.put;
    expect(update?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const body = update?.requestBody?.content['application/json']?.schema as JsonObject;
    expect(Object.keys(body.properties as object)).toEqual(
      expect.arrayContaining(['status', 'notes', 'dueDate']),
    );
    expect(update?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    expect(update?.responses['4XX']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['message'] });
    // Twilio's webhook is a form and answers TwiML, as the document says.
    const sms = document.paths['/api/sms/inbound']?.post;
    expect(Object.keys(sms?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(sms?.responses['200']?.content ?? {})).toEqual(['text/xml']);
  });

  it('holds only schemas a JSON Schema 2020-12 validator compiles', async () => {
    const document = await openApi();
    const { validatorOf } = documentSchemas(document);
    let compiled = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemas = [
          ...(operation.parameters ?? []).map((parameter) => parameter.schema),
          operation.requestBody?.content['application/json']?.schema,
          ...Object.values(operation.responses).map(
            (response) => response.content?.['application/json']?.schema,
          ),
        ].filter(Boolean);
        for (const schema of schemas) {
          expect(() => validatorOf(defined(schema)), `${method} ${path}`).not.toThrow();
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(50);
  });

  it('serves the events as AsyncAPI 3: each topic, every version and its payload', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/asyncapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<AsyncApiDocument>();
    expect(document.asyncapi).toBe('3.0.0');
    const addresses = Object.values(document.channels).map((channel) => channel.address);
    for (const type of eventTypes) {
      expect(addresses).toContain(type);
      expect(addresses).toContain(`${type}.dlq`);
      for (const version of Object.keys(eventVersions[type])) {
        const message = Object.values(document.components.messages).find(
          (candidate) => candidate.name === `${type} v${version}`,
        );
        expect(message, `${type} v${version}`).toBeDefined();
        const payload = message?.payload as { properties: Record<string, JsonObject> };
        expect(payload.properties.version).toEqual({ type: 'integer', const: Number(version) });
        expect(payload.properties.data).toMatchObject({ type: 'object' });
      }
      const publish = Object.values(document.operations).find(
        (operation) =>
          operation.action === 'send' &&
          String(operation.summary).endsWith(` ${type} v${currentEventVersion[type]}`),
      );
      expect(publish, `${type} has a publish operation`).toBeDefined();
    }
  });

  it('renders a reference page that needs nothing but its own stylesheet', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toMatch(/<script|style=|<style/);
    expect(page.body).toContain('/api/client-tasks/{id}');
    expect(page.body).toContain('Topic <code>task-completed</code>');
    // A reader coming back revalidates: 304 while the description is the same, no page sent again.
    const etag = page.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await gateway.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const css = await gateway.inject({ method: 'GET', url: '/api/docs/reference.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('answers 503 in the error shape when a service cannot describe itself', async () => {
    const lonely = await buildGateway({
      ...gatewayConfigFromEnv({ NODE_ENV: 'test' }),
      serveFrontend: false,
      services: { auth: 'http://127.0.0.1:9' },
      logger,
    });
    try {
      const response = await lonely.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: expect.stringContaining('auth'),
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await lonely.close();
    }
  });
});
