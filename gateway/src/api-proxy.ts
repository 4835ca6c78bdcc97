import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import { ErrorCode, type ApiError } from '@listready/contracts';
import { loggedUrl } from '@listready/service-kit';
import { serviceFor, type ServiceName } from './routes-table.ts';
import {
  BodyTooLargeError,
  bodyLimitFor,
  cappedBody,
  declaresOverItsLimit,
  pathOf,
  readRestOfRefusedBody,
} from './request-body.ts';
import type { UpstreamGate } from './upstream-admission.ts';

export interface ApiProxyOptions {
  services: Partial<Record<ServiceName, string>>;
  /** Answers up to this size (bytes, from their Content-Length) are gathered and sent in one write. */
  bufferLimit?: number;
  /**
   * Each service's bound on requests in progress through this gateway, applied before Fastify (the
   * gateway's `admit`); the proxy gives a request's place back once its service has answered.
   */
  gate?: UpstreamGate | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): never forwarded either
 * way. Each side's server speaks for its own connection (keep-alive, close, chunking). `expect` too:
 * Node answered the 100-continue here, and undici refuses to send it on.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
]);

/** A `%` not followed by two hex digits: a URL no service could decode. */
const BAD_PERCENT_ENCODING = /%(?![0-9a-fA-F]{2})/;

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

/** Names a `Connection` header lists: hop-by-hop for this message only. */
function connectionListed(headers: IncomingHttpHeaders): string[] {
  const value = headers.connection;
  if (typeof value !== 'string' || value === 'keep-alive' || value === 'close') return [];
  return value.split(',').map((name) => name.trim().toLowerCase());
}

/** The client's headers for the service: end-to-end ones as sent, the forwarding ones overwritten. */
function upstreamHeaders(request: FastifyRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const incoming = request.headers;
  const listed = connectionListed(incoming);
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || HOP_BY_HOP.has(name) || (listed.length > 0 && listed.includes(name))) continue;
    headers[name] = value;
  }
  // Overwrite (never append to) the forwarding headers: services trust exactly this one hop, so a
  // client cannot pick its own IP for the per-IP sign-in limits.
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  return headers;
}

const unavailableBody = (service: ServiceName): ApiError => ({
  message: `The ${service} service is not available`,
  code: ErrorCode.unavailable,
});

const tooLargeBody: ApiError = { message: 'Request body is too large', code: ErrorCode.payloadTooLarge };

/**
 * An answer the gateway gives itself (a refusal, an absent service), logged on the server's logger
 * (the proxied route's own logs at warn) under the request's id. The services log every request they
 * get, so the gateway's own two lines per proxied request (a sixth of its CPU at info under npm
 * start) are left out; it logs what it answers itself and what fails on the way.
 */
function answerHere(request: FastifyRequest, reply: FastifyReply, status: number, body: ApiError): void {
  request.server.log.info(
    {
      reqId: request.id,
      req: { method: request.method, url: loggedUrl(request.url) },
      res: { statusCode: status },
    },
    'answered at the gateway',
  );
  void reply.status(status).send(body);
}

/**
 * One proxied exchange, driven by undici's dispatch (its fastest interface, no intermediate
 * objects): an answer whose Content-Length is within `bufferLimit` is gathered and handed to
 * Fastify as one Buffer (one write to the client, compression's size threshold applies); a larger
 * or open-ended one (no length: a stream of events) is passed on as it arrives, with backpressure.
 */
class ProxyExchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] = [];
  private stream: Readable | undefined;
  private done = false;
  private endedHere = false;
  private readonly request: FastifyRequest;
  private readonly reply: FastifyReply;
  private readonly service: ServiceName;
  private readonly bufferLimit: number;
  /** Gives the service's place at the gateway back: once the answer is in, or it started streaming. */
  private readonly release: () => void;
  /** The gateway's answers being streamed now, which a closing gateway ends (see apiProxy). */
  private readonly streaming: Set<ProxyExchange>;

  constructor(
    request: FastifyRequest,
    reply: FastifyReply,
    service: ServiceName,
    bufferLimit: number,
    release: () => void,
    streaming: Set<ProxyExchange>,
  ) {
    this.request = request;
    this.reply = reply;
    this.service = service;
    this.bufferLimit = bufferLimit;
    this.release = release;
    this.streaming = streaming;
    // The client hung up first: stop the service's side too (a long answer, an open stream).
    reply.raw.once('close', () => {
      this.streaming.delete(this);
      if (!this.done && !reply.raw.writableFinished) this.controller?.abort(new Error('client closed'));
    });
  }

  /**
   * Ends a streamed answer as the service would end it (the client sees a clean end) and stops the
   * service's side; then the connection closes, so the client's next request (EventSource's
   * reconnection) goes to whatever listens next rather than to this closing server's 503, which
   * EventSource takes as final.
   */
  endStream(): void {
    if (!this.stream || this.done) return;
    this.done = true;
    this.endedHere = true;
    this.controller?.abort(new Error('the gateway is closing'));
    const { raw } = this.reply;
    raw.once('finish', () => raw.socket?.end());
    this.stream.push(null);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return; // 1xx: informational, not the answer
    this.statusCode = statusCode;
    this.headers = headers;
    const length = Number(headers['content-length'] ?? Number.NaN);
    if (Number.isInteger(length) && length <= this.bufferLimit) return; // gathered: see onResponseEnd
    // Streamed (a stream of events open for minutes, a large answer): the service has answered and
    // waits on nothing, so its place goes back now, as it does at the service (otherwise 32 open
    // screens would shed the journey at the gateway).
    this.release();
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        if (!this.done) controller.abort(error ?? new Error('answer stream closed'));
        callback(error);
      },
    });
    this.streaming.add(this);
    this.writeHead();
    void this.reply.send(this.stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.stream) this.chunks.push(chunk);
    else if (!this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.done = true;
    this.release();
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    this.writeHead();
    const { chunks } = this;
    void this.reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    // The abort of endStream: the client's answer has already ended cleanly.
    if (this.endedHere) return;
    this.done = true;
    this.release();
    if (this.stream) {
      this.stream.destroy(error);
      return;
    }
    const { request, reply } = this;
    if (reply.sent || reply.raw.destroyed) return;
    if (error instanceof BodyTooLargeError) {
      answerHere(request, reply, 413, tooLargeBody);
      return;
    }
    // `upstream`, not `service`: every line already names the service that logs it (the gateway).
    request.log.warn({ err: error, upstream: this.service }, 'upstream request failed');
    void reply.status(503).send(unavailableBody(this.service));
  }

  /** The service's status and end-to-end headers onto the answer. */
  private writeHead(): void {
    const { reply, headers } = this;
    void reply.code(this.statusCode);
    const listed = connectionListed(headers);
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || HOP_BY_HOP.has(name) || (listed.length > 0 && listed.includes(name)))
        continue;
      void reply.header(name, value);
    }
    // API answers are personal unless the service says otherwise (a logo, branding it lets the
    // browser keep): nothing a service did not mark cacheable lands in a shared or disk cache.
    if (headers['cache-control'] === undefined) void reply.header('cache-control', 'no-store');
  }
}

/**
 * Routes `/api/*` to the owning service. Bodies stream through untouched (the service validates
 * them); the request id travels on so one request can be followed across logs.
 */
export async function apiProxy(
  app: FastifyInstance,
  { services, bufferLimit = 1_048_576, gate }: ApiProxyOptions,
): Promise<void> {
  // One connection pool per service, as undici's authors recommend for a proxy (keep-alive,
  // no pipelining: a slow answer must not hold up the ones behind it).
  const pools = new Map<ServiceName, Pool>();
  for (const [name, base] of Object.entries(services) as [ServiceName, string][]) {
    pools.set(name, new Pool(base, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 }));
  }
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  });
  // A stream of events never finishes by itself, and a closing server waits for every answer in
  // flight: without this a gateway with an open screen took its whole stop timeout to close and then
  // cut the stream mid-chunk. Ended cleanly, each browser reconnects (to the next gateway) and resumes.
  const streaming = new Set<ProxyExchange>();
  app.addHook('preClose', async () => {
    for (const exchange of streaming) exchange.endStream();
  });

  const noPlace = () => undefined; // no bound: nothing to give back

  // Do not parse bodies here: pass the raw stream to the service.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // API answers are JSON for scripts, not documents: page headers (CSP, frame rules) mean nothing
  // there and cost ~15% of the hop's CPU, so only `nosniff` is kept. Request bodies go on as sent,
  // encoded or not (the service answers for them), so they are never inflated here.
  app.all('/api/*', { helmet: false, decompress: false, logLevel: 'warn' }, (request, reply): void => {
    void reply.header('x-content-type-options', 'nosniff');
    const { url } = request;
    if (url.includes('%') && BAD_PERCENT_ENCODING.test(url)) {
      answerHere(request, reply, 400, { message: 'Malformed URL encoding', code: ErrorCode.badRequest });
      return;
    }
    if (isCrossSiteWrite(request)) {
      answerHere(request, reply, 403, {
        message: 'Cross-site requests may not change anything',
        code: ErrorCode.forbidden,
      });
      return;
    }
    const pathname = pathOf(url);
    const service = serviceFor(pathname);
    if (!service) {
      answerHere(request, reply, 404, {
        message: `Not Found: ${request.method} ${pathname}`,
        code: ErrorCode.notFound,
      });
      return;
    }
    const pool = pools.get(service);
    if (!pool) {
      answerHere(request, reply, 503, unavailableBody(service));
      return;
    }
    // A body over what the path's service takes (bodyLimitFor) is refused before a byte of it goes
    // on; its rest is then read and dropped, or, longer still, the connection closes (as it does
    // when the client waits for a 100 it was not sent: invitesBody).
    if (declaresOverItsLimit(request.raw, pathname)) {
      if (!readRestOfRefusedBody(request.raw)) void reply.header('connection', 'close');
      answerHere(request, reply, 413, tooLargeBody);
      return;
    }
    // Admitted before Fastify saw it (a saturated service's requests were refused there).
    const release = gate ? gate.placeOf(request.raw) : noPlace;
    // Counted on its way (see cappedBody): a chunked body declares no length to refuse it by, and
    // the service's own refusal of one raced its closing connection.
    const body =
      request.body instanceof Readable ? cappedBody(request.raw, bodyLimitFor(request.raw, pathname)) : null;
    pool.dispatch(
      { path: url, method: request.method as Dispatcher.HttpMethod, headers: upstreamHeaders(request), body },
      new ProxyExchange(request, reply, service, bufferLimit, release, streaming),
    );
  });
}
