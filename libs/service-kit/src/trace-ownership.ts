/**
 * Which service a span belongs to, when one process runs several (`npm start`: the gateway and
 * every service share one Node process, one tracer provider and so one resource). Each span is
 * tagged with its owner (`listready.service`) and exported under a resource of that name:
 *
 * - an incoming HTTP request belongs to the service listening on the port it arrived at
 *   (createService records the port when it listens);
 * - event spans name their service themselves (libs/events: create, send, process);
 * - every other span inherits its parent's owner (a query inside a handler is the handler's).
 *
 * Spans with no owner keep the process's own resource (OTEL_SERVICE_NAME). Nothing here imports an
 * instrumented module: this file is loaded by the `--import` preload before them.
 */
import { trace, type Context } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { serviceAttribute } from '@listready/events/tracing';

export { serviceAttribute };

const servicesByPort = new Map<number, string>();

/** Records that `service` listens on `port` in this process (createService does, on listen). */
export function registerServicePort(port: number, service: string): () => void {
  servicesByPort.set(port, service);
  return () => {
    if (servicesByPort.get(port) === service) servicesByPort.delete(port);
  };
}

/** The service listening on `port` in this process, if one said so. */
export const serviceListeningOn = (port: number | undefined): string | undefined =>
  port === undefined ? undefined : servicesByPort.get(port);

/** Gives a span without an owner of its own its parent's (local parents only: remote ones carry none). */
export class ServiceOwnershipProcessor implements SpanProcessor {
  onStart(span: Span, parentContext: Context): void {
    if (span.attributes[serviceAttribute] !== undefined) return;
    const parent = trace.getSpan(parentContext) as Partial<ReadableSpan> | undefined;
    const owner = parent?.attributes?.[serviceAttribute];
    if (typeof owner === 'string') span.setAttribute(serviceAttribute, owner);
  }
  onEnd = (): void => undefined;
  forceFlush = async (): Promise<void> => undefined;
  shutdown = async (): Promise<void> => undefined;
}

/**
 * Hands `exporter` each span under its owner's resource: the process's resource with `service.name`
 * replaced. One resource object per owner, so OTLP groups a batch into one entry per service.
 */
export class ServiceResourceExporter implements SpanExporter {
  private readonly exporter: SpanExporter;
  private readonly resources = new WeakMap<Resource, Map<string, Resource>>();

  constructor(exporter: SpanExporter) {
    this.exporter = exporter;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.exporter.export(
      spans.map((span) => this.owned(span)),
      resultCallback,
    );
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }

  private owned(span: ReadableSpan): ReadableSpan {
    const owner = span.attributes[serviceAttribute];
    if (typeof owner !== 'string') return span;
    let byOwner = this.resources.get(span.resource);
    if (!byOwner) {
      byOwner = new Map();
      this.resources.set(span.resource, byOwner);
    }
    let resource = byOwner.get(owner);
    if (!resource) {
      resource = span.resource.merge(resourceFromAttributes({ 'service.name': owner }));
      byOwner.set(owner, resource);
    }
    // A view of the span with another resource: the span itself is the SDK's and stays untouched.
    return {
      name: span.name,
      kind: span.kind,
      spanContext: () => span.spanContext(),
      parentSpanContext: span.parentSpanContext,
      startTime: span.startTime,
      endTime: span.endTime,
      status: span.status,
      attributes: span.attributes,
      links: span.links,
      events: span.events,
      duration: span.duration,
      ended: span.ended,
      resource,
      instrumentationScope: span.instrumentationScope,
      droppedAttributesCount: span.droppedAttributesCount,
      droppedEventsCount: span.droppedEventsCount,
      droppedLinksCount: span.droppedLinksCount,
    };
  }
}
