import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { Transport } from './transport.ts';

export const instrumentationName = '@listready/events';

/**
 * The service a span belongs to. Where one process runs several services (`npm start`), service-kit's
 * telemetry exports each span under this service's name; spans without it inherit their parent's.
 * Relay and consumer spans start from a context carried in headers, so they say whose they are.
 */
export const serviceAttribute = 'listready.service';

/** W3C trace context (traceparent, tracestate) of `ctx` as string headers. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

export const contextFromHeaders = (headers: Record<string, string>): Context =>
  propagation.extract(ROOT_CONTEXT, headers);

export interface MessagingSpanOptions {
  operation: 'create' | 'send' | 'process';
  topic: string;
  transport: Transport;
  service: string;
  eventId: string;
  attributes?: Record<string, string | number>;
}

/** A messaging span named and described as OpenTelemetry's messaging conventions say. */
export function startMessagingSpan(options: MessagingSpanOptions, parent: Context = context.active()): Span {
  // The tracer is fetched on each use so a provider registered after import (service-kit's SDK) is used.
  return trace.getTracer(instrumentationName).startSpan(
    `${options.operation} ${options.topic}`,
    {
      kind: options.operation === 'process' ? SpanKind.CONSUMER : SpanKind.PRODUCER,
      attributes: {
        'messaging.system': options.transport.kind === 'kafka' ? 'kafka' : 'in-process',
        'messaging.operation.type': options.operation,
        'messaging.destination.name': options.topic,
        'messaging.message.id': options.eventId,
        [serviceAttribute]: options.service,
        ...options.attributes,
      },
    },
    parent,
  );
}

/** Marks `span` as failed by `error` (the caller ends it). */
export function failSpan(span: Span, error: unknown, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (error instanceof Error) span.recordException(error);
}
