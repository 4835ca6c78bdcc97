import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { loggedUrl } from './logged-url.ts';

/** Never logged: credentials and secrets, wherever they appear in a logged object. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.refreshToken',
  'password',
  'confirmPassword',
  'token',
];

/** pino options shared by every service: JSON, redaction, and the active trace/span ids. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: redactPaths, censor: '[redacted]' },
    mixin() {
      const span = trace.getActiveSpan()?.spanContext();
      return span ? { traceId: span.traceId, spanId: span.spanId } : {};
    },
    serializers: {
      // Request bodies are never logged; only what identifies the request.
      req: (request: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: request.id,
        method: request.method,
        url: loggedUrl(request.url),
        headers: request.headers,
      }),
    },
  };
}

/** Request ids: honour a trusted upstream `x-request-id` (the gateway sets it), else mint one. */
export function requestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** The pino logger of a process that runs one service (each line says `service`). */
export function createLogger(service: string, level: string, destination?: NodeJS.WritableStream): Logger {
  return build(loggerOptions(service, level), destination);
}

/**
 * The logger of a process that runs several services (`npm start`, its gateway thread): its own
 * lines say `process`, and each service's logger adds its `service` to that, once.
 */
export function createProcessLogger(
  name: string,
  level: string,
  destination?: NodeJS.WritableStream,
): Logger {
  return build({ ...loggerOptions(name, level), base: { process: name } }, destination);
}

/** pino's own destination (stdout, written synchronously) unless a test gives one. */
function build(options: LoggerOptions, destination: NodeJS.WritableStream | undefined): Logger {
  return destination ? pino(options, destination) : pino(options);
}
