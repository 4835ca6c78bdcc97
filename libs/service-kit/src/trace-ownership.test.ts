import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import {
  registerServicePort,
  serviceAttribute,
  serviceListeningOn,
  ServiceOwnershipProcessor,
  ServiceResourceExporter,
} from './trace-ownership.ts';

function tracing() {
  const exported = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'listready', 'host.name': 'laptop' }),
    spanProcessors: [
      new ServiceOwnershipProcessor(),
      new SimpleSpanProcessor({ exporter: new ServiceResourceExporter(exported) }),
    ],
  });
  return { tracer: provider.getTracer('test'), exported };
}

describe('which service a span belongs to', () => {
  it('a span inherits the owner of its local parent, unless it names its own', () => {
    const { tracer, exported } = tracing();
    const request = tracer.startSpan('PUT /api/client-tasks/:id', {
      attributes: { [serviceAttribute]: 'journey' },
    });
    const query = tracer.startSpan('pg.query:UPDATE', {}, trace.setSpan(ROOT_CONTEXT, request));
    const event = tracer.startSpan(
      'process task-completed',
      { attributes: { [serviceAttribute]: 'analytics' } },
      trace.setSpan(ROOT_CONTEXT, query),
    );
    for (const span of [event, query, request]) span.end();

    const owners = Object.fromEntries(
      exported.getFinishedSpans().map((span) => [span.name, span.attributes[serviceAttribute]]),
    );
    expect(owners).toEqual({
      'PUT /api/client-tasks/:id': 'journey',
      'pg.query:UPDATE': 'journey',
      'process task-completed': 'analytics',
    });
  });

  it('a parent from another process (a remote context) passes no owner on', () => {
    const { tracer, exported } = tracing();
    const remote = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
    tracer.startSpan('GET /api/health', {}, trace.setSpan(ROOT_CONTEXT, remote)).end();
    const [span] = exported.getFinishedSpans();
    expect(span?.attributes[serviceAttribute]).toBeUndefined();
    expect(span?.resource.attributes['service.name']).toBe('listready');
  });

  it("exports each span under its owner's resource, one resource object per owner, other attributes kept", () => {
    const { tracer, exported } = tracing();
    for (const owner of ['gateway', 'journey', 'journey']) {
      tracer.startSpan(`${owner} span`, { attributes: { [serviceAttribute]: owner } }).end();
    }
    tracer.startSpan('unowned').end();
    const spans = exported.getFinishedSpans();
    const resourceOf = (name: string) => spans.find((span) => span.name === name)?.resource;
    expect(resourceOf('gateway span')?.attributes).toMatchObject({
      'service.name': 'gateway',
      'host.name': 'laptop',
    });
    expect(resourceOf('journey span')?.attributes['service.name']).toBe('journey');
    expect(
      new Set(spans.filter((span) => span.name === 'journey span').map((span) => span.resource)).size,
    ).toBe(1);
    expect(resourceOf('unowned')?.attributes['service.name']).toBe('listready');
    // The exported view still reads as the span: ids, parent, timing.
    const journey = spans.find((span) => span.name === 'journey span');
    expect(journey?.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(journey?.ended).toBe(true);
  });

  it('knows the service listening on a port until it stops, and only that one', () => {
    const unregister = registerServicePort(40_123, 'journey');
    expect(serviceListeningOn(40_123)).toBe('journey');
    const unregisterLater = registerServicePort(40_123, 'analytics');
    unregister(); // The port went to another service meanwhile: its registration stays.
    expect(serviceListeningOn(40_123)).toBe('analytics');
    unregisterLater();
    expect(serviceListeningOn(40_123)).toBeUndefined();
    expect(serviceListeningOn(undefined)).toBeUndefined();
  });
});
