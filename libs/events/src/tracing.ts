import { context, propagation, ROOT_CONTEXT, trace, type Context, type Tracer } from '@opentelemetry/api';

export const instrumentationName = '@listready/events';

/** Fetched on each use so a tracer provider registered after import (service-kit's SDK) is used. */
export const eventsTracer = (): Tracer => trace.getTracer(instrumentationName);

/** W3C trace context (traceparent, tracestate) of `ctx` as string headers. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

export const contextFromHeaders = (headers: Record<string, string>): Context =>
  propagation.extract(ROOT_CONTEXT, headers);
