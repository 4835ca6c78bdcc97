import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { journeyResponseSchema } from '@listready/contracts/journey';
import { messageResponseSchema, publicUserSchema } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import {
  ApiRequestError,
  ApiResponseError,
  createApiClient,
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

const group = z.object({ id: z.string() });

const user = aPublicUser();

describe('API client requests', () => {
  it('sends cookies and a JSON body with its content type', async () => {
    const { client, fetch } = harness(() => json(200, { id: 'g1' }));
    const result = await client.request('POST', '/api/user-groups', group, { body: { name: 'Family' } });
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

  it('sends a FormData as it is, leaving the multipart content type (and boundary) to the browser', async () => {
    const { client, fetch } = harness(() => json(201, { id: 'logo' }));
    const form = new FormData();
    form.append('logo', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    await client.request('POST', '/api/branding/logos', group, { body: form });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({});
  });

  it('sends no body and no content type on a read', async () => {
    const { client, fetch } = harness(() => json(200, []));
    await client.request('GET', '/api/user-groups', z.array(group));
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('parses an empty success as undefined, through the schema', async () => {
    const { client } = harness(() => new Response(null, { status: 204 }));
    await expect(client.request('DELETE', '/api/x/1', z.undefined())).resolves.toBeUndefined();
    await expect(client.request('DELETE', '/api/x/1', messageResponseSchema)).rejects.toBeInstanceOf(
      ApiResponseError,
    );
  });
});

describe('API client: an answer its contract refuses', () => {
  it('is a typed error naming the request and the path of each mismatch, never a cast', async () => {
    const { client } = harness(() => json(200, { ...user, role: 'admin', email: undefined }));
    const error = await client
      .request('GET', '/api/auth/user', publicUserSchema)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    const invalid = error as ApiResponseError;
    expect(invalid.code).toBe('API_RESPONSE_INVALID');
    expect(invalid.status).toBe(200);
    expect(invalid.issues.map((issue) => issue.path).sort()).toEqual(['email', 'role']);
    expect(invalid.message).toMatch(/^GET \/api\/auth\/user answered 200 with a body its contract refuses: /);
  });

  it('points into nested bodies', async () => {
    const journey = { stages: [{ id: 's1' }], progress: [], summary: {} };
    const { client } = harness(() => json(200, journey));
    const error = (await client
      .request('GET', '/api/clients/current/journey', journeyResponseSchema)
      .catch((caught: unknown) => caught)) as ApiResponseError;
    expect(error.issues.map((issue) => issue.path)).toContain('stages.0.title');
  });

  it('refuses a body that is not JSON', async () => {
    const { client } = harness(() => new Response('<html>', { status: 200 }));
    await expect(client.request('GET', '/api/auth/user', publicUserSchema)).rejects.toMatchObject({
      code: 'API_RESPONSE_INVALID',
      issues: [{ path: '', message: 'Not JSON' }],
    });
  });
});

describe('API client error rule: "<status>: <body or status text>"', () => {
  it('uses the response body text and parses the error shape', async () => {
    const { client } = harness(() =>
      json(400, {
        message: 'Password must be at least 8 characters',
        issues: [{ path: 'password', message: 'Password must be at least 8 characters' }],
      }),
    );
    const error = await client
      .request('POST', '/api/register', publicUserSchema, { body: {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    const failed = error as ApiRequestError;
    expect(failed.message).toMatch(/^400: \{"message":"Password must be at least 8 characters"/);
    expect(failed.status).toBe(400);
    expect(failed.code).toBe('API_REQUEST_FAILED');
    expect(failed.serverMessage).toBe('Password must be at least 8 characters');
    expect(failed.serverError?.issues).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });

  it('falls back to the status text when the body is empty', async () => {
    const { client } = harness(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(client.request('GET', '/api/user-groups', z.array(group))).rejects.toThrow(
      /^503: Service Unavailable$/,
    );
  });

  it('keeps a plain-text body as it is and has no server message for it', async () => {
    const { client } = harness(
      () => new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = (await client
      .request('GET', '/x', group)
      .catch((caught: unknown) => caught)) as ApiRequestError;
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
    await expect(
      client.request('GET', '/api/clients/current/journey', journeyResponseSchema),
    ).rejects.toThrow('401: {"message":"Unauthorized"}');
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

  it('keys on the status, not the message: any 401 signs out, a 403 "Unauthorized" does not', async () => {
    const expired = harness(() => json(401, { message: 'Session expired', code: 'UNAUTHORIZED' }));
    await expect(expired.client.request('GET', '/x', group)).rejects.toMatchObject({ status: 401 });
    const empty = harness(() => new Response('', { status: 401 }));
    await expect(empty.client.request('GET', '/x', group)).rejects.toMatchObject({ status: 401 });
    const forbidden = harness(() => json(403, { message: 'Unauthorized' }, 'Unauthorized'));
    await expect(forbidden.client.request('GET', '/x', group)).rejects.toMatchObject({ status: 403 });
    vi.runAllTimers();
    expect(expired.notifyUnauthorized).toHaveBeenCalledTimes(1);
    expect(expired.redirect).toHaveBeenCalledWith(LOGIN_REDIRECT_URL);
    expect(empty.notifyUnauthorized).toHaveBeenCalledTimes(1);
    expect(forbidden.notifyUnauthorized).not.toHaveBeenCalled();
    expect(forbidden.redirect).not.toHaveBeenCalled();
  });

  it('toasts and redirects once when several calls fail together', async () => {
    const { client, notifyUnauthorized, redirect } = harness(() => json(401, { message: 'Unauthorized' }));
    await Promise.allSettled([
      client.request('GET', '/a', group),
      client.request('GET', '/b', group),
      client.request('GET', '/c', group),
    ]);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(notifyUnauthorized).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('only fails when the call handles 401 itself (a wrong password)', async () => {
    const { client, notifyUnauthorized, redirect } = harness(() =>
      json(401, { message: 'Invalid email or password' }),
    );
    await expect(
      client.request('POST', '/api/login', publicUserSchema, { body: {}, on401: 'throw' }),
    ).rejects.toThrow(/^401: /);
    vi.runAllTimers();
    expect(notifyUnauthorized).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });
});
