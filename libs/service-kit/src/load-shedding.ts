import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyUnderPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { ErrorCode, type ApiError } from '@listready/contracts';

type UnderPressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/** When a process is too busy to answer in time, and what it tells the callers it turns away. */
export interface LoadSheddingOptions {
  /** Mean event-loop delay over a sample (ms) beyond which new requests are turned away; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilization over a sample (0–1) beyond which new requests are turned away; 0: not checked. */
  maxEventLoopUtilization: number;
  /** How often the event loop is sampled (ms): how fast shedding starts and stops. */
  sampleIntervalMs: number;
  /**
   * Requests this process works on at once beyond which new ones are turned away; 0: no limit.
   * The event loop stays calm while requests wait for the database (its pool, or a Postgres short of
   * CPU), so only this bound keeps their queue, and so the admitted requests' latency, short.
   */
  maxInFlight: number;
  /** What `Retry-After` says (seconds). */
  retryAfterSeconds: number;
}

/** The settings each config carries (baseConfigSchema's `SHED_*`). */
export interface LoadSheddingConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  SHED_LOAD?: 'on' | 'off' | undefined;
  SHED_MAX_EVENT_LOOP_DELAY_MS?: number | undefined;
  SHED_MAX_EVENT_LOOP_UTILIZATION?: number | undefined;
  SHED_SAMPLE_INTERVAL_MS?: number | undefined;
  SHED_MAX_IN_FLIGHT?: number | undefined;
  SHED_RETRY_AFTER_SECONDS?: number | undefined;
}

/**
 * Shedding from a config: on unless `SHED_LOAD=off`, and off in tests unless `SHED_LOAD=on`
 * (a test suite's bursts of `inject` calls are not overload, and a 503 there would be a flake).
 * A config without the settings (one written by hand, not parsed by baseConfigSchema) sheds nothing.
 */
export function loadSheddingFromConfig(config: LoadSheddingConfig): LoadSheddingOptions | false {
  const enabled = config.SHED_LOAD ? config.SHED_LOAD === 'on' : config.NODE_ENV !== 'test';
  const {
    SHED_MAX_EVENT_LOOP_DELAY_MS: maxEventLoopDelayMs,
    SHED_MAX_EVENT_LOOP_UTILIZATION: maxEventLoopUtilization,
    SHED_SAMPLE_INTERVAL_MS: sampleIntervalMs,
    SHED_MAX_IN_FLIGHT: maxInFlight,
    SHED_RETRY_AFTER_SECONDS: retryAfterSeconds,
  } = config;
  if (
    !enabled ||
    maxEventLoopDelayMs === undefined ||
    maxEventLoopUtilization === undefined ||
    sampleIntervalMs === undefined ||
    maxInFlight === undefined ||
    retryAfterSeconds === undefined
  )
    return false;
  return { maxEventLoopDelayMs, maxEventLoopUtilization, sampleIntervalMs, maxInFlight, retryAfterSeconds };
}

/**
 * Probes answer whatever the load: a liveness probe shed under load would get a busy process
 * restarted, and readiness reports the dependencies, which it still checks itself.
 */
const EXEMPT_ROUTES = new Set(['/healthz', '/readyz', '/api/health']);

export const OVERLOADED_MESSAGE = 'The service is busy. Please try again shortly.';

/**
 * A count of requests in progress with a ceiling — the one admission rule, for a process's own
 * requests (below) and for each service's requests at the gateway (its proxy).
 */
export class InFlightLimit {
  private inFlight = 0;
  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get count(): number {
    return this.inFlight;
  }

  /** A place and the function that gives it back (once, however often it is called); none while full. */
  tryAcquire(): (() => void) | undefined {
    if (this.inFlight >= this.max) return undefined;
    this.inFlight += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.inFlight -= 1;
    };
  }
}

/**
 * Counts requests turned away for load, to log them at most once a second — logging is work the
 * process lacks. Each call counts one; it returns how many to report when a second has passed since
 * the last report, else 0.
 */
export function createShedTally(): () => number {
  let shedSinceLog = 0;
  let lastLog = 0;
  return () => {
    shedSinceLog += 1;
    const now = Date.now();
    if (now - lastLog < 1_000) return 0;
    const shed = shedSinceLog;
    shedSinceLog = 0;
    lastLog = now;
    return shed;
  };
}

/** Answers a request turned away for load: 503, `Retry-After` and the shared error shape. */
export function createLoadShedder(retryAfterSeconds: number) {
  const overloaded: ApiError = { message: OVERLOADED_MESSAGE, code: ErrorCode.unavailable };
  const tally = createShedTally();
  return (request: FastifyRequest, reply: FastifyReply, details: Record<string, unknown>): ApiError => {
    const shed = tally();
    if (shed > 0) request.log.warn({ ...details, shed }, 'shedding load: answering 503');
    void reply.status(503).header('retry-after', String(retryAfterSeconds));
    return overloaded;
  };
}

/**
 * Load shedding: a new request gets a fast 503 with `Retry-After` in the shared error shape, before
 * its body is read or any work is done, while the event loop's last sample is over a threshold
 * (@fastify/under-pressure) or while `maxInFlight` requests are already being worked on. So the
 * requests already admitted keep their latency, and the process takes new work again as soon as
 * the load drops (the next calm sample, the next answer sent).
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const shed = createLoadShedder(options.retryAfterSeconds);
  const turnAway = (
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    value: number | undefined,
  ) => {
    if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return undefined; // admitted
    // under-pressure sends a returned value as the answer and stops there (its typings omit this).
    return shed(request, reply, { pressure: type, value });
  };
  void app.register(fastifyUnderPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    maxEventLoopUtilization: options.maxEventLoopUtilization,
    // The utilization of the last sample, not since start: a long idle past must not hide overload.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: options.sampleIntervalMs,
    retryAfter: options.retryAfterSeconds,
    pressureHandler: turnAway as unknown as UnderPressureHandler,
  });
  if (options.maxInFlight > 0) {
    // under-pressure samples the event loop only; the count of requests in progress is this hook's.
    const limit = new InFlightLimit(options.maxInFlight);
    const releases = new WeakMap<FastifyRequest, () => void>();
    app.addHook('onRequest', async (request, reply) => {
      if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
      const release = limit.tryAcquire();
      if (!release) return reply.send(turnAway(request, reply, 'inFlight', limit.count));
      releases.set(request, release);
      // 'close' comes once per response, sent or cut off, so an aborted request frees its place too.
      reply.raw.once('close', release);
    });
    // A stream of server-sent events stays open for minutes waiting on nothing: once its answer
    // starts it is no longer work in progress, so it gives its place back.
    app.addHook('onSend', async (request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
        releases.get(request)?.();
      }
    });
  }
}
