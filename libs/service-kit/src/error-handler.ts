import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type ApiError, type ApiIssue } from '@listready/contracts';
import { isEngineUnavailable } from './engine-unavailable.ts';
import { HttpError, RateLimitedError } from './errors.ts';
import { dropRestOfBody, droppingBodyOn } from './unread-body.ts';

/** Fastify's own client-error codes and what we answer for them. */
const clientErrors: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.malformedJson,
    message: 'Malformed JSON in request body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.malformedJson,
    message: 'Request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.badRequest,
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.badRequest },
};

const issuePath = (instancePath: string, context: string | undefined): string => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || (context ?? '');
};

/** Bodies up to this size are read to their end after a refusal, keeping the connection (the gateway's limit). */
const DRAIN_LIMIT_BYTES = 1_048_576;

/**
 * Fastify closes the connection after refusing a body (too large, an unsupported content type)
 * without reading the rest of it. The sender is then still writing into a socket being torn down,
 * and a socket closed with unread data resets: the gateway's pooled connection fails mid-request
 * (EPIPE, ECONNRESET), often before it has read the refusal, and the caller got a 503. Up to the
 * gateway's limit the rest of a body is cheap to read, so it is read and dropped instead and the
 * connection stays open: all of a declared one within the limit; of an undeclared (chunked) one,
 * up to the limit, the connection destroyed past it. A declared body over the limit still closes it.
 */
function keepAliveAfterUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  const declared = request.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= DRAIN_LIMIT_BYTES)) return;
  reply.removeHeader('connection');
  dropRestOfBody(request.raw, DRAIN_LIMIT_BYTES);
}

/**
 * Fastify's router errors (a bad percent-encoding in the path, a path parameter over the length
 * limit), answered in our error shape instead of Fastify's, which names its internals.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ message: STATUS_CODES[status] ?? 'Bad Request', code: ErrorCode.badRequest });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or URL over 16 KB, a
 * malformed request line), and a request not received in time (REQUEST_TIMEOUT_MS: 408), answered
 * in our error shape instead of Fastify's default body (`{"error":…,"statusCode":…}`); the
 * connection is closed as Node requires.
 *
 * Nothing is written when an answer has begun on the connection (`answerBegun`): the bytes would
 * land inside it, or after it as an answer to no request. Node's own handler takes that care;
 * Fastify's default, which this one followed, did not, and a refused upload still trickling in
 * when its time ran out got a 408 after its 413.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') timedOut.add(socket);
  if (socket.writable && !answerBegun(socket)) {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      message: STATUS_CODES[status] ?? 'Bad Request',
      code: status === 408 ? 'REQUEST_TIMEOUT' : ErrorCode.badRequest,
    });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The connections closed because their request did not arrive in time (REQUEST_TIMEOUT_MS). */
const timedOut = new WeakSet<Socket>();

/**
 * Whether `socket` was closed because its request did not arrive whole in time: the request that
 * ends with it was cut by the server, not by its client.
 */
export const requestTimedOutOn = (socket: Socket): boolean => timedOut.has(socket);

/**
 * Whether an answer has begun on `socket`: one being written (its head sent; Node keeps the answer
 * in flight on the socket, `_httpMessage`, and checks it the same way), or one given before its
 * request's end, whose body is now read and dropped (droppingBodyOn: that answer may be whole).
 */
function answerBegun(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return inFlight?.headersSent === true || droppingBodyOn(socket);
}

/**
 * One error handler for every service: client mistakes become 4xx with the shape of DESIGN.md §5
 * (field issues for schema failures); anything unexpected is logged with its stack and masked.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ApiIssue[] = error.validation.map((item) => ({
        path: issuePath(item.instancePath, error.validationContext),
        message: item.message ?? 'Invalid value',
      }));
      const body: ApiError = {
        message: issues[0]?.message ?? 'Invalid input',
        code: ErrorCode.validation,
        issues,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof HttpError) {
      if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      const body: ApiError = { message: error.message, code: error.code };
      if (error.issues) body.issues = error.issues;
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(body);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) {
      keepAliveAfterUnreadBody(request, reply);
      return reply.status(known.status).send({ message: known.message ?? error.message, code: known.code });
    }
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own codes (FST_ERR_…) and messages are its internals, not our API: a plain 4xx.
      const internal = !error.code || error.code.startsWith('FST_');
      return reply.status(error.statusCode).send({
        message: internal ? (STATUS_CODES[error.statusCode] ?? 'Bad Request') : error.message,
        code: internal ? ErrorCode.badRequest : error.code,
      });
    }
    // The connection, not the request stream: a request whose body was read is `destroyed` too.
    if (request.raw.socket?.destroyed) {
      // The client hung up (a closed tab, a timeout): what failed after that is no server fault.
      request.log.info({ err: error }, 'client closed the request');
      return reply.status(499).send({ message: 'Client closed the request', code: ErrorCode.badRequest });
    }
    if (isEngineUnavailable(error)) {
      // The database or cache is down, restarting or full: nothing the caller did; worth a retry.
      request.log.warn({ err: error }, 'an engine is unavailable');
      return reply.status(503).header('retry-after', '1').send({
        message: 'The service is briefly unavailable. Try again shortly.',
        code: ErrorCode.unavailable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error', code: ErrorCode.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      message: `Not Found: ${request.method} ${request.url.split('?')[0]}`,
      code: ErrorCode.notFound,
    });
  });
}
