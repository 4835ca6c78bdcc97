import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  createApiClient,
  isUnauthorizedError,
  LOGIN_REDIRECT_URL,
  UNAUTHORIZED_NOTICE,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  type ApiClientDependencies,
} from './api-client.ts';

interface Harness {
  client: ReturnType<typeof createApiClient>;
  fetch: ReturnType<typeof vi.fn<ApiClientDependencies['fetch']>>;
  notifyUnauthorized: ReturnType<typeof vi.fn<ApiClientDependencies['notifyUnauthorized']>>;
  redirect: ReturnType<typeof vi.fn<ApiClientDependencies['redirect']>>;
}

function harness(response: () => Response): Harness {
  const fetch = vi.fn<ApiClientDependencies['fetch']>(async () => response());
  const notifyUnauthorized = vi.fn<ApiClientDependencies['notifyUnauthorized']>();
  const redirect = vi.fn<ApiClientDependencies['redirect']>();
  const client = createApiClient({
    fetch,
    notifyUnauthorized,
    redirect,
    setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  });
  return { client, fetch, notifyUnauthorized, redirect };
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('API client requests', () => {
  it('sends cookies and a JSON body with its content type', async () => {
    const { client, fetch } = harness(() => json(200, { id: 'g1' }));
    const result = await client.request<{ id: string }>('POST', '/api/user-groups', { name: 'Family' });
    expect(result).toEqual({ id: 'g1' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/user-groups');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Family"}',
    });
  });

  it('sends no body and no content type on a read', async () => {
    const { client, fetch } = harness(() => json(200, []));
    await client.request('GET', '/api/user-groups');
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('answers undefined for an empty success', async () => {
    const { client } = harness(() => new Response(null, { status: 204 }));
    await expect(client.request('DELETE', '/api/clients/current/custom-tasks/1')).resolves.toBeUndefined();
  });
});

describe('API client error rule: "<status>: <body or status text>"', () => {
  it('uses the response body text', async () => {
    const { client } = harness(() => json(400, { message: 'Password must be at least 8 characters' }));
    const error = await client.request('POST', '/api/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(
      '400: {"message":"Password must be at least 8 characters"}',
    );
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).code).toBe('API_REQUEST_FAILED');
    expect((error as ApiRequestError).serverMessage).toBe('Password must be at least 8 characters');
  });

  it('falls back to the status text when the body is empty', async () => {
    const { client } = harness(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(client.request('GET', '/api/user-groups')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('keeps a plain-text body as it is and has no server message for it', async () => {
    const { client } = harness(
      () => new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = (await client.request('GET', '/x').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error.message).toBe('502: upstream exploded');
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('API client 401 rule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the logged-out toast, then goes to /api/login after 500 ms', async () => {
    const { client, notifyUnauthorized, redirect } = harness(() =>
      json(401, { message: 'Unauthorized' }, 'Unauthorized'),
    );
    await expect(client.request('GET', '/api/clients/current/journey')).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
    expect(notifyUnauthorized).toHaveBeenCalledWith(UNAUTHORIZED_NOTICE);
    expect(UNAUTHORIZED_NOTICE).toEqual({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledWith(LOGIN_REDIRECT_URL);
    expect(LOGIN_REDIRECT_URL).toBe('/api/login');
  });

  it('toasts and redirects once when several calls fail together', async () => {
    const { client, notifyUnauthorized, redirect } = harness(() => json(401, { message: 'Unauthorized' }));
    await Promise.allSettled([
      client.request('GET', '/a'),
      client.request('GET', '/b'),
      client.request('GET', '/c'),
    ]);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(notifyUnauthorized).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('answers null instead when the call asks for it (the session query)', async () => {
    const { client, notifyUnauthorized } = harness(() => json(401, { message: 'Unauthorized' }));
    await expect(
      client.request('GET', '/api/auth/user', undefined, { on401: 'returnNull' }),
    ).resolves.toBeNull();
    vi.runAllTimers();
    expect(notifyUnauthorized).not.toHaveBeenCalled();
  });

  it('only fails when the call handles 401 itself (a wrong password)', async () => {
    const { client, notifyUnauthorized, redirect } = harness(() => json(401, { message: 'Unauthorized' }));
    await expect(client.request('POST', '/api/login', {}, { on401: 'throw' })).rejects.toThrow(/^401: /);
    vi.runAllTimers();
    expect(notifyUnauthorized).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('leaves a 401 without "Unauthorized" and other statuses alone', async () => {
    const { client, notifyUnauthorized } = harness(() => json(401, { message: 'Invalid email or password' }));
    await expect(client.request('GET', '/x')).rejects.toThrow(/^401: /);
    const forbidden = harness(() => json(403, { message: 'Unauthorized role' }));
    await expect(forbidden.client.request('GET', '/x')).rejects.toThrow(/^403: /);
    vi.runAllTimers();
    expect(notifyUnauthorized).not.toHaveBeenCalled();
    expect(forbidden.notifyUnauthorized).not.toHaveBeenCalled();
  });

  it('applies the rule to an error raised elsewhere', () => {
    const { client, notifyUnauthorized } = harness(() => json(200, {}));
    expect(client.handleUnauthorized(new Error('500: boom'))).toBe(false);
    expect(client.handleUnauthorized(new Error('401: Unauthorized'))).toBe(true);
    expect(notifyUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('recognises the spec pattern only', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('400: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});
