// First: the contracts' schemas must be built under this configuration (see zod-config.ts).
import './zod-config.ts';
import type { z } from 'zod';
import { apiErrorSchema, type ApiError, type ApiIssue } from '@listready/contracts/errors';

/**
 * The one API client of the front end (spec seller §7–§8): cookies always, JSON bodies, and every
 * answer parsed with the zod contract the service answers with, so a changed service fails here,
 * loudly, instead of showing `undefined` on a screen. A non-success response becomes
 * `ApiRequestError("<status>: <body or status text>")`, and a 401 shows the logged-out toast and
 * sends the browser to /api/login after 500 ms. No request waits for ever: one unanswered after
 * `REQUEST_TIMEOUT_MS` fails with `ApiTimeoutError`, as one the network dropped.
 */

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const LOGIN_REDIRECT_URL = '/api/login';

export const API_REQUEST_FAILED = 'API_REQUEST_FAILED';
export const API_RESPONSE_INVALID = 'API_RESPONSE_INVALID';
export const API_NO_ANSWER = 'API_NO_ANSWER';

/**
 * How long a request may wait for its whole answer before it is given up. A network that takes a
 * request and never answers (a phone between cells, a captive portal) would otherwise leave a screen
 * loading, or a button saving, for as long as the tab stays open.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A file upload's wait: the largest logo (5 MB) sent at about 150 kbit/s. */
export const UPLOAD_TIMEOUT_MS = 300_000;

function parseErrorBody(body: string): ApiError | undefined {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // Not JSON (a proxy's page, plain text): no server error to show.
  }
}

export class ApiRequestError extends Error {
  readonly code = API_REQUEST_FAILED;
  readonly status: number;
  /** The response body as text (may be empty). */
  readonly body: string;
  /** The body as the error shape of DESIGN.md §5, when it is one. */
  readonly serverError: ApiError | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.serverError = parseErrorBody(body);
  }

  get serverMessage(): string | undefined {
    return this.serverError?.message;
  }
}

/** A success whose body its contract refuses: the service and this front end disagree. */
export class ApiResponseError extends Error {
  readonly code = API_RESPONSE_INVALID;
  readonly status: number;
  /** Where the body differs from the contract (`stages.0.status`; empty for the body itself). */
  readonly issues: ApiIssue[];

  constructor(request: string, status: number, issues: ApiIssue[]) {
    const where = issues.map((issue) => `${issue.path || '(body)'}: ${issue.message}`).join('; ');
    super(`${request} answered ${status} with a body its contract refuses: ${where}`);
    this.name = 'ApiResponseError';
    this.status = status;
    this.issues = issues;
  }
}

/**
 * A request given up after waiting `timeoutMs` for its answer: like one the network dropped, the
 * server may or may not have it (no HTTP status at all).
 */
export class ApiTimeoutError extends Error {
  readonly code = API_NO_ANSWER;
  readonly timeoutMs: number;

  constructor(request: string, timeoutMs: number) {
    super(`${request} got no answer within ${timeoutMs / 1000} s`);
    this.name = 'ApiTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON; a FormData (a file upload) is sent as multipart, its boundary set by the browser. */
  body?: unknown;
  /**
   * `redirect` (default): fail, and apply the logged-out rule. `throw`: fail without the rule (a
   * sign-in form's wrong password, the session probe).
   */
  on401?: 'redirect' | 'throw';
  /** Aborts the request (its error is the signal's reason, not a timeout). */
  signal?: AbortSignal;
  /** How long to wait for the answer: `REQUEST_TIMEOUT_MS`, or `UPLOAD_TIMEOUT_MS` for a FormData. */
  timeoutMs?: number;
}

export interface UnauthorizedNotice {
  title: string;
  description: string;
}

export interface ApiClientDependencies {
  fetch: typeof globalThis.fetch;
  /** Shows the logged-out toast. */
  notifyUnauthorized: (notice: UnauthorizedNotice) => void;
  /** Leaves the app for the login redirect. */
  redirect: (url: string) => void;
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  /** Cancels what `setTimeout` answered. */
  clearTimeout: (handle: unknown) => void;
}

export interface ApiClient {
  /** Sends the request and answers its body parsed with `schema` (an empty body parses as undefined). */
  request<Schema extends z.ZodType>(
    method: HttpMethod,
    url: string,
    schema: Schema,
    options?: RequestOptions,
  ): Promise<z.output<Schema>>;
}

export const UNAUTHORIZED_NOTICE: UnauthorizedNotice = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
};

export function createApiClient(dependencies: ApiClientDependencies): ApiClient {
  // Several queries failing together must not stack toasts or redirects.
  let redirectScheduled = false;

  function signOut(): void {
    if (redirectScheduled) return;
    redirectScheduled = true;
    dependencies.notifyUnauthorized(UNAUTHORIZED_NOTICE);
    dependencies.setTimeout(() => {
      redirectScheduled = false;
      dependencies.redirect(LOGIN_REDIRECT_URL);
    }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  }

  async function request<Schema extends z.ZodType>(
    method: HttpMethod,
    url: string,
    schema: Schema,
    { body, on401 = 'redirect', signal, timeoutMs: wait }: RequestOptions = {},
  ): Promise<z.output<Schema>> {
    const hasBody = body !== undefined;
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const timeoutMs = wait ?? (form ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
    // One signal for the fetch and its body: the caller's abort, or the wait running out.
    const controller = new AbortController();
    const callerAborted = () => controller.abort(signal?.reason);
    if (signal?.aborted) callerAborted();
    else signal?.addEventListener('abort', callerAborted, { once: true });
    let timedOut = false;
    const timer = dependencies.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await dependencies.fetch(url, {
        method,
        credentials: 'include',
        headers: hasBody && !form ? { 'Content-Type': 'application/json' } : {},
        body: form ? body : hasBody ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
      text = await response.text().catch(() => '');
    } catch (error) {
      throw timedOut ? new ApiTimeoutError(`${method} ${url}`, timeoutMs) : error;
    } finally {
      dependencies.clearTimeout(timer);
      signal?.removeEventListener('abort', callerAborted);
    }
    // The answer began but its body did not arrive in time: no answer either.
    if (timedOut) throw new ApiTimeoutError(`${method} ${url}`, timeoutMs);
    const answer = (value: unknown): z.output<Schema> => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      throw new ApiResponseError(`${method} ${url}`, response.status, issues);
    };

    if (!response.ok) {
      // Logged out is the status, whatever the message says.
      if (response.status === 401 && on401 === 'redirect') signOut();
      throw new ApiRequestError(response.status, response.statusText, text);
    }
    if (!text) return answer(undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiResponseError(`${method} ${url}`, response.status, [{ path: '', message: 'Not JSON' }]);
    }
    return answer(value);
  }

  return { request };
}
