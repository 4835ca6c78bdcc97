/**
 * The one API client of the front end (spec seller §7–§8): cookies always, JSON bodies, every
 * non-success response becomes `ApiRequestError("<status>: <body or status text>")`, and a 401
 * Unauthorized shows the logged-out toast and sends the browser to /api/login after 500 ms.
 */

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const LOGIN_REDIRECT_URL = '/api/login';

export const API_REQUEST_FAILED = 'API_REQUEST_FAILED';

export class ApiRequestError extends Error {
  readonly code = API_REQUEST_FAILED;
  readonly status: number;
  /** The response body as text (may be empty). */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** The `message` field of a JSON error body (DESIGN.md §5), when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON: there is no server message to show.
    }
    return undefined;
  }
}

/** The spec's test for "logged out": an error message matching 401 and Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * `redirect` (default): fail, and apply the logged-out rule. `returnNull`: a 401 answers `null`
   * (the session query). `throw`: fail without the rule (e.g. a sign-in form's wrong password).
   */
  on401?: 'redirect' | 'returnNull' | 'throw';
  signal?: AbortSignal;
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
}

export interface ApiClient {
  request<T>(method: HttpMethod, url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Runs the 401 rule once for an error that came from elsewhere (e.g. a remote's own call). */
  handleUnauthorized(error: unknown): boolean;
}

export const UNAUTHORIZED_NOTICE: UnauthorizedNotice = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
};

export function createApiClient(dependencies: ApiClientDependencies): ApiClient {
  // Several queries failing together must not stack toasts or redirects.
  let redirectScheduled = false;

  function handleUnauthorized(error: unknown): boolean {
    if (!isUnauthorizedError(error)) return false;
    if (!redirectScheduled) {
      redirectScheduled = true;
      dependencies.notifyUnauthorized(UNAUTHORIZED_NOTICE);
      dependencies.setTimeout(() => {
        redirectScheduled = false;
        dependencies.redirect(LOGIN_REDIRECT_URL);
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    }
    return true;
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const hasBody = body !== undefined;
    const response = await dependencies.fetch(url, {
      method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });

    if (response.status === 401 && options.on401 === 'returnNull') return null as T;

    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const error = new ApiRequestError(response.status, response.statusText, text);
      if (options.on401 !== 'throw') handleUnauthorized(error);
      throw error;
    }

    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, handleUnauthorized };
}
