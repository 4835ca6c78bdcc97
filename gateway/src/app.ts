import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { Logger } from 'pino';
import { createService, type App, type ReadinessCheck } from '@listready/service-kit';
import { registerApiDescriptionRoutes } from './api-description.ts';
import { apiProxy } from './api-proxy.ts';
import type { GatewayConfig } from './config.ts';
import { BODY_LIMIT_BYTES, bodylessMethodWithBody, dropBodyThen, invitesBody } from './request-body.ts';
import { registerPlatformHealth } from './platform-health.ts';
import type { ServiceName } from './routes-table.ts';
import { UpstreamGate } from './upstream-admission.ts';

export interface GatewayOptions extends GatewayConfig {
  logger?: Logger;
  logLevel?: string;
  /** Checks beyond the services' own (the one-process runtime adds its database). */
  readiness?: Record<string, ReadinessCheck>;
  /** How long a request may take to arrive (ms): createService's REQUEST_TIMEOUT_MS unless given. */
  requestTimeout?: number;
  /** How often Node checks it (ms; 30 s unless given): for tests. */
  connectionsCheckingInterval?: number;
}

/** The gateway: `/api/*` to the services, `/api/health` for the platform, and the front end. */
export async function buildGateway(options: GatewayOptions): Promise<App> {
  const admission = options.upstreamAdmission;
  const gate =
    admission && admission.maxInFlight > 0
      ? new UpstreamGate(Object.keys(options.services) as ServiceName[], admission)
      : undefined;
  // A closing gateway (a restart, a deploy of it alone) takes no new request on a connection kept
  // alive from before: Fastify would answer it 503, and a browser's EventSource, reconnecting after
  // this gateway ended its stream, takes a 503 as final and stops. Reset, the connection has the
  // browser send the request again on a new one, which reaches the next gateway.
  let closing = false;
  const admitted = (request: IncomingMessage, response: ServerResponse, proceed: () => void) => {
    if (gate) gate.admit(request, response, proceed);
    else proceed();
  };
  const app = createService({
    name: 'gateway',
    logger: options.logger,
    logLevel: options.logLevel,
    readiness: options.readiness,
    requestTimeout: options.requestTimeout,
    connectionsCheckingInterval: options.connectionsCheckingInterval,
    trustProxy: options.trustProxyHops > 0 ? options.trustProxyHops : false,
    loadShedding: options.loadShedding,
    admit: (request, response, proceed) => {
      if (closing) request.socket.destroy();
      else if (bodylessMethodWithBody(request))
        dropBodyThen(request, BODY_LIMIT_BYTES, () => admitted(request, response, proceed));
      else admitted(request, response, proceed);
    },
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // With this listener Node no longer answers `Expect: 100-continue` by itself: 100 for a body the
  // path can take, the 413 (api-proxy.ts) before the body of one it cannot (invitesBody). Node
  // closes the connection after a final answer to a request it sent no 100: its body may or may not
  // follow.
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (invitesBody(request)) response.writeContinue();
    app.server.emit('request', request, response);
  });
  gate?.logTo(app.log);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // The front end first: its helmet hook must see the API routes to let them opt out of page headers.
  if (options.serveFrontend) {
    const { frontendPlugin } = await import('./frontend/index.ts');
    await app.register(frontendPlugin, {
      shellDir: options.shellDir,
      remotes: options.remotes,
      production: options.production,
    });
  }
  registerPlatformHealth(app, options.services, options.readiness);
  registerApiDescriptionRoutes(app, options.services);
  await app.register(apiProxy, {
    services: options.services,
    gate,
  });
  return app;
}
