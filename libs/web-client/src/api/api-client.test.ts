import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch as nodeFetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { journeyResponseSchema } from '@listready/contracts/journey';
import { messageResponseSchema, publicUserSchema } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import {
  ApiRequestError,
  ApiResponseError,
  ApiTimeoutError,
  createApiClient,
  REQUEST_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
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

function harness(response: (init?: RequestInit) => Response | Promise<Response>): Harness {
  const fetch = vi.fn<ApiClientDependencies['fetch']>(async (_url, init) => response(init));
  const notifyUnauthorized = vi.fn<ApiClientDependencies['notifyUnauthorized']>();
  const redirect = vi.fn<ApiClientDependencies['redirect']>();
  const client = createApiClient({
    fetch,
    notifyUnauthorized,
    redirect,
    setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { client, fetch, notifyUnauthorized, redirect };
}

/** The tests of the enclosing block run on vitest's fake clock. */
function holdTheClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
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

/** A fetch that never answers: it ends only when its signal aborts (or has), with the signal's reason. */
const neverAnswered = (init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason as Error);
    signal?.addEventListener('abort', () => reject(signal.reason as Error));
  });

describe('API client: a request with no answer', () => {
  /** A real server on loopback, answering each request with `handle`, asked with Node's fetch (undici). */
  async function withServer(
    handle: (request: IncomingMessage, response: ServerResponse) => void,
    test: (url: string) => Promise<void>,
  ) {
    const server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await test(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
  const realClient = () =>
    createApiClient({
      // happy-dom's fetch would refuse the other origin: Node's own, the fetch standard as browsers have it.
      fetch: (input, init) => nodeFetch(input as string, init as never) as unknown as Promise<Response>,
      notifyUnauthorized: () => undefined,
      redirect: () => undefined,
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });

  it('is given up after its wait when the server takes it and never answers, and the connection is closed', async () => {
    const closed = vi.fn();
    await withServer(
      (request) => request.socket.on('close', closed),
      async (url) => {
        const error = await realClient()
          .request('GET', `${url}/api/clients/current/journey`, group, { timeoutMs: 100 })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiTimeoutError);
        expect(error).toMatchObject({
          code: 'API_NO_ANSWER',
          timeoutMs: 100,
          message: `GET ${url}/api/clients/current/journey got no answer within 0.1 s`,
        });
        await vi.waitFor(() => expect(closed).toHaveBeenCalled());
      },
    );
  });

  it('is given up when the answer starts and its body stops coming', async () => {
    await withServer(
      (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"id":');
      },
      async (url) => {
        await expect(
          realClient().request('GET', `${url}/api/user-groups`, group, { timeoutMs: 100 }),
        ).rejects.toBeInstanceOf(ApiTimeoutError);
      },
    );
  });

  describe('with the clock held', () => {
    holdTheClock();

    it('waits 30 s for a request and 5 minutes for a file upload', async () => {
      expect([REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS]).toEqual([30_000, 300_000]);
      const { client } = harness(neverAnswered);
      const read = client.request('GET', '/api/user-groups', group).catch((caught: unknown) => caught);
      const upload = client
        .request('POST', '/api/branding/logos', group, { body: new FormData() })
        .catch((caught: unknown) => caught);
      const settled: string[] = [];
      void read.then(() => settled.push('read'));
      void upload.then(() => settled.push('upload'));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(settled).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toEqual(['read']);
      expect(await read).toMatchObject({ name: 'ApiTimeoutError', timeoutMs: REQUEST_TIMEOUT_MS });
      await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
      expect(await upload).toMatchObject({ name: 'ApiTimeoutError', timeoutMs: UPLOAD_TIMEOUT_MS });
    });

    it("ends with the caller's abort as it was, not as a timeout, and leaves no wait behind", async () => {
      const { client } = harness(neverAnswered);
      const controller = new AbortController();
      const read = client.request('GET', '/x', group, { signal: controller.signal });
      controller.abort();
      await expect(read).rejects.toMatchObject({ name: 'AbortError' });
      const before = new AbortController();
      before.abort();
      await expect(client.request('GET', '/x', group, { signal: before.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('stops waiting once the answer is read: nothing aborts it later', async () => {
      let signal: AbortSignal | undefined;
      const { client } = harness((init) => {
        signal = init?.signal ?? undefined;
        return json(200, { id: 'g1' });
      });
      await expect(client.request('GET', '/api/user-groups/g1', group)).resolves.toEqual({ id: 'g1' });
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      expect(signal?.aborted).toBe(false);
    });
  });
});

describe('API client 401 rule', () => {
  holdTheClock();

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
