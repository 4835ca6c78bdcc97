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
  /** How long a request may wait for a place while the service is calm (ms; default 250, see below). */
  stallWaitMs?: number;
}

const release = () => undefined; // no place was taken: nothing to give back

/** A request waiting for a place: handed on when one frees, refused when its wait is over. */
interface Waiter {
  request: IncomingMessage;
  response: ServerResponse;
  proceed: () => void;
  timer: NodeJS.Timeout;
}

/** One service's places at this gateway, and the requests briefly waiting for one. */
interface ServicePlaces {
  limit: InFlightLimit;
  waiting: Waiter[];
  /** Until when (ms, performance.now()) the excess is refused at once: set by a sign of overload. */
  refuseUntil: number;
  /** How long the last sign of overload set that for (ms). */
  spellMs: number;
}

/**
 * How long a request may wait for a place while the service is calm (ms). A stall of the service (a
 * garbage collection, a checkpoint) at a normal load fills the places for a moment: those requests
 * wait it out instead of being refused. A sign of overload — a request that waited all that time,
 * or a full line of waiting requests — ends the waiting for a spell: the excess is refused at once,
 * so the admitted requests carry no queue. A spell is a second; one that follows the last within a
 * spell's length (the overload goes on) is twice as long, up to 30 s. A refusal made at once is no
 * sign: callers that retry at once (ignoring Retry-After) would otherwise keep the spell going for
 * as long as they retry, refusing the excess of a service that is long past its stall.
 */
const STALL_WAIT_MS = 250;
const FIRST_SPELL_MS = 1_000;
const LONGEST_SPELL_MS = 30_000;

/**
 * Each service's bound on requests in progress, applied to the raw request before Fastify sees it
 * (createService's `admit`). Beyond capacity most requests are refused, so a refusal must cost
 * next to nothing: through Fastify (request object, hooks, routing, serializer) it took 65 µs of
 * CPU, CPU the admitted requests needed (at 3x the capacity, two refusals for each admitted
 * request). Here it is a header block and a constant body (29 µs).
 */
export class UpstreamGate {
  private readonly services = new Map<ServiceName, ServicePlaces>();
  private readonly places = new WeakMap<IncomingMessage, () => void>();
  private readonly refusal: { headers: Record<string, string>; body: string };
  private readonly tally = createShedTally();
  private readonly maxWaiting: number;
  private readonly stallWaitMs: number;
  private log: FastifyBaseLogger | undefined;

  constructor(services: Iterable<ServiceName>, admission: UpstreamAdmission) {
    for (const name of services) {
      this.services.set(name, {
        limit: new InFlightLimit(admission.maxInFlight),
        waiting: [],
        refuseUntil: Number.NEGATIVE_INFINITY,
        spellMs: FIRST_SPELL_MS,
      });
    }
    this.maxWaiting = admission.maxInFlight;
    this.stallWaitMs = admission.stallWaitMs ?? STALL_WAIT_MS;
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
   * Hands an `/api` request to a bounded service on (`proceed`) with a place, waits briefly for one
   * while the service is calm, or answers 503 with `Retry-After`. The place comes back when the
   * answer is done or cut off ('close'), whoever answers it; the proxy gives it back earlier once
   * the service has answered (placeOf).
   */
  readonly admit = (request: IncomingMessage, response: ServerResponse, proceed: () => void): void => {
    const url = request.url ?? '';
    if (!url.startsWith('/api/')) return proceed();
    const query = url.indexOf('?');
    const service = serviceFor(query === -1 ? url : url.slice(0, query));
    const places = service && this.services.get(service);
    if (!places) return proceed();
    if (this.enter(places, request, response)) return proceed();
    const now = performance.now();
    if (now < places.refuseUntil) return this.refuse(places, response, service);
    if (places.waiting.length >= this.maxWaiting) {
      this.overloaded(places, now);
      return this.refuse(places, response, service);
    }
    const waiter: Waiter = {
      request,
      response,
      proceed,
      timer: setTimeout(() => {
        this.leave(places, waiter);
        this.overloaded(places, performance.now());
        this.refuse(places, response, service);
      }, this.stallWaitMs),
    };
    places.waiting.push(waiter);
    // A caller that hangs up while waiting needs no place.
    response.once('close', () => this.leave(places, waiter));
  };

  /** The function that gives back the place `admit` took for this request (a no-op if none). */
  placeOf(request: IncomingMessage): () => void {
    return this.places.get(request) ?? release;
  }

  /** Takes a place for the request if one is free; it comes back once, then goes to the next waiter. */
  private enter(places: ServicePlaces, request: IncomingMessage, response: ServerResponse): boolean {
    const place = places.limit.tryAcquire();
    if (!place) return false;
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      place();
      const next = places.waiting.shift();
      if (!next) return;
      clearTimeout(next.timer);
      // Handed on after the current callback (an answer's end in the proxy), not inside it.
      if (this.enter(places, next.request, next.response)) queueMicrotask(next.proceed);
    };
    this.places.set(request, giveBack);
    response.once('close', giveBack);
    return true;
  }

  private leave(places: ServicePlaces, waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const index = places.waiting.indexOf(waiter);
    if (index !== -1) places.waiting.splice(index, 1);
  }

  /** A sign of overload: the excess is refused at once for a spell (see STALL_WAIT_MS). */
  private overloaded(places: ServicePlaces, now: number): void {
    // The line's other requests that waited in vain: the same sign, already answered.
    if (now < places.refuseUntil) return;
    // Within a spell's length (and a wait) of the last spell's end: the overload goes on.
    const goesOn = now < places.refuseUntil + places.spellMs + this.stallWaitMs;
    places.spellMs = goesOn ? Math.min(places.spellMs * 2, LONGEST_SPELL_MS) : FIRST_SPELL_MS;
    places.refuseUntil = now + places.spellMs;
  }

  private refuse(places: ServicePlaces, response: ServerResponse, service: ServiceName): void {
    const shed = this.tally();
    if (shed > 0) {
      this.log?.warn(
        { upstream: service, inFlight: places.limit.count, shed },
        'shedding load: answering 503',
      );
    }
    // The body is left unread: once the answer is sent Node reads a small one to its end, so the
    // client's connection stays open.
    response.writeHead(503, { ...this.refusal.headers, 'x-request-id': randomUUID() });
    response.end(this.refusal.body);
  }
}
