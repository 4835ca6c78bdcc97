import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { registerApiDescription } from '@listready/api-description';
import { childLogger } from '@listready/events';
import { registerControlCharacterGuard } from './control-characters.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  requestTimedOutOn,
} from './error-handler.ts';
import { registerHealthRoutes, type ReadinessCheck } from './health.ts';
import { registerLoadShedding, type LoadSheddingOptions } from './load-shedding.ts';
import { loggedUrl } from './logged-url.ts';
import { loggerOptions, requestId } from './logger.ts';
import { registerServicePort } from './trace-ownership.ts';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateServiceOptions {
  /** Service name, in logs and traces. */
  name: string;
  logLevel?: string;
  /** An existing pino logger (the one-process runtime shares one); else one is made. */
  logger?: Logger;
  /** Readiness checks for `/readyz` (the database, the event relay…). */
  readiness?: Record<string, ReadinessCheck>;
  bodyLimit?: number;
  /**
   * Which X-Forwarded-* hops to believe for the client IP. Services trust exactly one: the gateway,
   * which overwrites those headers. The gateway trusts none unless it runs behind an ingress.
   */
  trustProxy?: boolean | number;
  /** Turn requests away with a fast 503 while the process is overloaded (see loadSheddingFromConfig). */
  loadShedding?: LoadSheddingOptions | false;
  /**
   * Looks at each request before Fastify does: it calls `proceed` (at once, or later) to hand the
   * request to Fastify, or answers the request itself and Fastify never sees it. For the answers
   * that must cost the least (the gateway's refusals under overload): no request object, hooks,
   * routing or serializer.
   */
  admit?: (request: IncomingMessage, response: ServerResponse, proceed: () => void) => void;
  /** How long a request may take to arrive, head and body (ms): REQUEST_TIMEOUT_MS unless given. */
  requestTimeout?: number;
  /** How often Node checks that bound and the headers' (ms; its default is 30 s). For tests. */
  connectionsCheckingInterval?: number;
}

/**
 * How long a request may take to arrive, its body included: Node's own default (5 minutes), which
 * Fastify turns off. Without it a client trickling a body held its connection, and the service's
 * wait for it, for as long as it trickled; under `npm start` no proxy in front bounds that. Five
 * minutes lets a 5 MB logo through an uplink of 140 kbit/s; a request is answered 408 past it.
 * Only receiving counts: a long answer (an event stream) is not bounded by it.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this service, HEAD included (see createService). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** `true`/`false` as given; a number n trusts the n nearest proxy hops (Fastify's typings want a function). */
function trustHops(setting: boolean | number): boolean | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * The one way to build a ListReady HTTP service: zod type provider, pino with request ids and
 * redaction, the shared error shape, `/healthz` and `/readyz`. Routes are registered by the caller.
 */
export function createService(options: CreateServiceOptions): App {
  const logging: FastifyServerOptions = options.logger
    ? { loggerInstance: childLogger(options.logger, { service: options.name }) as FastifyBaseLogger }
    : { logger: loggerOptions(options.name, options.logLevel ?? 'info') };
  const requestTimeout = options.requestTimeout ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    ...logging,
    genReqId: requestId,
    requestIdHeader: false,
    // One line per request, written when it is answered (registerRequestLog), instead of Fastify's two.
    // Through the log controller: the top-level option is deprecated (FSTDEP023, at every start).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: trustHops(options.trustProxy ?? 1),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    requestTimeout,
    // Given to the server as it is made, so Node keeps the headers' bound under it (60 s, or less).
    http: { requestTimeout, connectionsCheckingInterval: options.connectionsCheckingInterval },
    ...(options.admit ? { serverFactory: admittingServer(options.admit) } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as registered, for tests that must cover them all (reads never write, authorization).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', routes);
  // Its routes with their zod schemas, as OpenAPI at GET /openapi.json (the gateway assembles them).
  registerApiDescription(app, options.name);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerControlCharacterGuard(app);
  if (options.loadShedding) registerLoadShedding(app, options.loadShedding);
  registerHealthRoutes(app, options.readiness ?? {});
  registerRequestLog(app);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  ownTracesOnPort(app, options.name);
  return app;
}

/**
 * Each answered request as one info line, under its request id and trace: what was asked, the
 * status and the time taken. Fastify's own pair ("incoming request", "request completed") wrote two
 * lines with every header through the redaction, 8 % of the services' CPU under `npm start`; headers
 * are left out, so a cookie or token in one cannot reach a log. A route's `logLevel` above info
 * (the gateway's proxied calls: their service logs them) silences its line.
 */
function registerRequestLog(app: App): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: loggedUrl(request.url) },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
  // A client gone before the answer gets no line above (nothing is answered), yet its request goes
  // on: a DELETE still deletes. Said at warn, so a lost answer can be told from a request never made.
  // A request whose body did not arrive in time is cut by the server (408, clientErrorHandler), and
  // said so: "aborted by the client" would send whoever reads the log looking at the wrong end.
  app.addHook('onRequestAbort', (request, done) => {
    const req = { method: request.method, url: loggedUrl(request.url) };
    if (requestTimedOutOn(request.raw.socket)) {
      request.log.warn(
        { req, res: { statusCode: 408 } },
        'request not received in time: closed by the server',
      );
    } else {
      request.log.warn({ req }, 'request aborted by the client');
    }
    done();
  });
}

/**
 * The HTTP/1 server Fastify makes by itself (its timeouts as Fastify sets them), with `admit` in
 * front of Fastify's handler.
 */
function admittingServer(admit: NonNullable<CreateServiceOptions['admit']>) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    settings: FastifyServerOptions & { http?: ServerOptions | null },
  ) => {
    const server = createServer({ ...settings.http }, (request, response) => {
      admit(request, response, () => handler(request, response));
    });
    server.keepAliveTimeout = settings.keepAliveTimeout ?? 72_000;
    server.requestTimeout = settings.requestTimeout ?? REQUEST_TIMEOUT_MS;
    server.setTimeout(settings.connectionTimeout ?? 0);
    return server;
  };
}

/** Requests arriving on this app's port are traced as `name`'s (see trace-ownership.ts). */
function ownTracesOnPort(app: App, name: string): void {
  let unregister: (() => void) | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address !== null && typeof address === 'object') unregister = registerServicePort(address.port, name);
  });
  app.addHook('onClose', async () => unregister?.());
}
