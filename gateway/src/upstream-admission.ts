import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type ApiError } from '@listready/contracts';
import { createShedTally, InFlightLimit, OVERLOADED_MESSAGE } from '@listready/service-kit';
import { serviceFor, type ServiceName } from './routes-table.ts';

/**
 * Admission at the gateway, per service: a request for a service that already has `maxInFlight`
 * requests in progress through this gateway is answered 503 here, without being forwarded.
 */
export interface UpstreamAdmission {
  maxInFlight: number;
  retryAfterSeconds: number;
}

const release = () => undefined; // no place was taken: nothing to give back

/**
 * Each service's bound on requests in progress, applied to the raw request before Fastify sees it
 * (createService's `admit`). Beyond capacity most requests are refused, so a refusal must cost
 * next to nothing: through Fastify (request object, hooks, routing, serializer) each took about as
 * much CPU as a fifth of an admitted request's hop, CPU the admitted requests needed (at 3x the
 * capacity, two refusals for each admitted request). Here it is a header block and a constant body.
 */
export class UpstreamGate {
  private readonly limits = new Map<ServiceName, InFlightLimit>();
  private readonly places = new WeakMap<IncomingMessage, () => void>();
  private readonly refusal: { headers: Record<string, string>; body: string };
  private readonly tally = createShedTally();
  private log: FastifyBaseLogger | undefined;

  constructor(services: Iterable<ServiceName>, admission: UpstreamAdmission) {
    for (const name of services) this.limits.set(name, new InFlightLimit(admission.maxInFlight));
    const body: ApiError = { message: OVERLOADED_MESSAGE, code: ErrorCode.unavailable };
    const text = JSON.stringify(body);
    this.refusal = {
      body: text,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(text)),
        'retry-after': String(admission.retryAfterSeconds),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
    };
  }

  /** Where refusals are reported (once a second at most): the gateway's logger, once it has one. */
  logTo(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /**
   * Takes a place for an `/api` request to a bounded service, or answers 503 with `Retry-After` and
   * returns false. The place comes back when the answer is done or cut off ('close'), whoever
   * answers it; the proxy gives it back earlier once the service has answered (placeOf).
   */
  readonly admit = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url ?? '';
    if (!url.startsWith('/api/')) return true;
    const query = url.indexOf('?');
    const service = serviceFor(query === -1 ? url : url.slice(0, query));
    const limit = service && this.limits.get(service);
    if (!limit) return true;
    const place = limit.tryAcquire();
    if (place) {
      this.places.set(request, place);
      response.once('close', place);
      return true;
    }
    const shed = this.tally();
    if (shed > 0)
      this.log?.warn({ upstream: service, inFlight: limit.count, shed }, 'shedding load: answering 503');
    // The body is left unread: once the answer is sent Node reads a small one to its end, so the
    // client's connection stays open.
    response.writeHead(503, { ...this.refusal.headers, 'x-request-id': randomUUID() });
    response.end(this.refusal.body);
    return false;
  };

  /** The function that gives back the place `admit` took for this request (a no-op if none). */
  placeOf(request: IncomingMessage): () => void {
    return this.places.get(request) ?? release;
  }
}
