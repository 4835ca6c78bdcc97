import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP backend stores it: with the `service.name` of the resource it came under. */
export interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans(): ReceivedSpan[];
  /** Spans received, kept or not. */
  spanCount(): number;
  /** Export requests received per path (`/v1/traces`, `/v1/metrics`). */
  requests: Record<string, number>;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}
interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue | undefined): string | number | boolean =>
  value?.stringValue ??
  value?.boolValue ??
  value?.doubleValue ??
  (value?.intValue === undefined ? '' : Number(value.intValue));

const attributesOf = (attributes: OtlpAttribute[] | undefined) =>
  Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, valueOf(value)]));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A local OTLP/HTTP receiver for tests and benches: accepts the JSON encoding the platform's
 * exporters send (`@opentelemetry/exporter-*-otlp-http`), keeps the spans, answers 200. Protobuf
 * bodies are refused with 415, so a change of exporter is noticed rather than silently ignored.
 */
export async function startOtlpReceiver(options: { keepSpans?: boolean } = {}): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  let spanCount = 0;
  const requests: Record<string, number> = {};
  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/';
      requests[path] = (requests[path] ?? 0) + 1;
      if (
        request.method !== 'POST' ||
        !String(request.headers['content-type']).startsWith('application/json')
      ) {
        response.writeHead(415).end();
        return;
      }
      const body = await bodyOf(request);
      if (path === '/v1/traces') {
        const payload = JSON.parse(body.toString('utf8')) as ExportTraceServiceRequest;
        for (const resourceSpans of payload.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              spanCount += 1;
              if (options.keepSpans === false) continue;
              received.push({
                service,
                scope: scopeSpans.scope?.name ?? '',
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind ?? 0,
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    spanCount: () => spanCount,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `node libs/service-kit/src/testing/otlp-receiver.ts`: a receiver for a bench run (it parses every
 * export as a backend would, keeps nothing, and prints what arrived when stopped).
 */
if (import.meta.main) {
  const receiver = await startOtlpReceiver({ keepSpans: false });
  process.stdout.write(`OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.url}\n`);
  const stop = () => {
    process.stdout.write(
      `received ${receiver.spanCount()} spans (requests: ${JSON.stringify(receiver.requests)})\n`,
    );
    void receiver.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
