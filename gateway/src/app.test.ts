import { execFile } from 'node:child_process';
import { get as httpGet, request as httpRequest } from 'node:http';
import net from 'node:net';
import { PassThrough, Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOGO_UPLOAD_PATH, MAX_LOGO_UPLOAD_BYTES } from '@listready/contracts';
import { createLogger, createService, type App } from '@listready/service-kit';
import { testGateway } from './test-gateway.ts';
import { serviceFor } from './routes-table.ts';
import { REFUSED_BODY_READ_BYTES } from './request-body.ts';

const logger = createLogger('test', 'silent');

/** A real upstream service on a loopback port that echoes what reached it. */
async function startUpstream(name: string, ready = true): Promise<{ app: App; url: string }> {
  const app = createService({ name, logger, readiness: { self: async () => ({ ok: ready }) } });
  app.post(
    '/api/register',
    { schema: { body: z.object({ email: z.email('Please enter a valid email address') }) } },
    async (request) => ({
      service: name,
      email: request.body.email,
      requestId: request.id,
    }),
  );
  app.get('/api/clients/current/tasks', async (request) => ({ service: name, query: request.query }));
  app.get('/api/auth/session', async (_request, reply) => {
    void reply.header('cache-control', 'private, max-age=300');
    return { service: name };
  });
  app.get('/api/auth/user', async (request) => ({
    ip: request.ip,
    forwardedFor: request.headers['x-forwarded-for'],
  }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

describe('gateway', () => {
  let auth: { app: App; url: string };
  let journey: { app: App; url: string };
  let gateway: App;

  beforeAll(async () => {
    auth = await startUpstream('auth');
    journey = await startUpstream('journey', false);
    gateway = await testGateway({ auth: auth.url, journey: journey.url, branding: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.app.close();
    await journey.app.close();
  });

  it('routes each API path to its service, passing body, query and request id', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a@b.co' },
      headers: { 'x-request-id': 'trace-me' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ service: 'auth', email: 'a@b.co', requestId: 'trace-me' });
    const tasks = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks?stage=declutter' });
    expect(tasks.json()).toEqual({ service: 'journey', query: { stage: 'declutter' } });
    expect(tasks.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks API answers no-store unless the service chose a cache policy; a NUL in the body reaches the service', async () => {
    const tasks = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });
    expect(tasks.headers['cache-control']).toBe('no-store');
    const kept = await gateway.inject({ method: 'GET', url: '/api/auth/session' });
    expect(kept.headers['cache-control']).toBe('private, max-age=300');
    // The body streams through unread: the service refuses it, naming the field.
    const nul = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a\u0000@b.co' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toEqual([{ path: 'email', message: 'Must not contain control characters' }]);
  });

  it('answers a bad percent-encoding or an over-long path in the error shape, naming no internals', async () => {
    const long = await gateway.inject({ method: 'GET', url: `/api/agents/${'a'.repeat(5_000)}/stats` });
    expect(long.statusCode).toBeLessThan(500);
    expect(JSON.stringify(long.json())).not.toContain('FST_');
    const param = await gateway.inject({ method: 'GET', url: '/api/agents/%00/stats' });
    expect(param.statusCode).toBe(400);
  });

  it('refuses a state-changing request from another site (Sec-Fetch-Site, or Origin without it) with 403', async () => {
    const post = (headers: Record<string, string>) =>
      gateway.inject({ method: 'POST', url: '/api/register', payload: { email: 'a@b.co' }, headers });
    expect((await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })).statusCode).toBe(
      200,
    );
    expect((await post({ origin: 'http://localhost:3001', host: 'localhost:8080' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
    // Reads stay open: a cross-site GET cannot change anything (and reads are no-store).
    const read = await gateway.inject({
      method: 'GET',
      url: '/api/clients/current/tasks',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('forwards a request that asked Expect: 100-continue (undici refuses the header: it was a 503)', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a@b.co' },
      headers: { expect: '100-continue' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ service: 'auth', email: 'a@b.co' });
  });

  it("passes the service's validation answer through unchanged", async () => {
    const malformed = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    const invalid = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it("tells services the client's real address, ignoring a forged X-Forwarded-For", async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(response.json()).toEqual({ ip: '198.51.100.7', forwardedFor: '198.51.100.7' });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found: GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('answers 503 when the owning service is absent or down', async () => {
    const absent = await gateway.inject({ method: 'GET', url: '/api/analytics/stats' });
    expect(absent.statusCode).toBe(503);
    expect(absent.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const down = await gateway.inject({ method: 'GET', url: '/api/branding/current' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'The branding service is not available',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it("reports every service's readiness in /api/health", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; services: Record<string, { ok: boolean }> }>();
    expect(body.status).toBe('unavailable');
    expect(body.services.auth?.ok).toBe(true);
    expect(body.services.journey?.ok).toBe(false);
    expect(body.services.branding?.ok).toBe(false);
  });
});

describe('route table', () => {
  it.each([
    ['/api/login', 'auth'],
    ['/api/auth/user', 'auth'],
    ['/api/auth/session', 'auth'],
    ['/api/auth/password-reset-request', 'auth'],
    ['/api/agents/current', 'auth'],
    ['/api/agents/a1/branding', 'branding'],
    ['/api/branding/current', 'branding'],
    ['/api/agents/a1/stats', 'journey'],
    ['/api/agents/a1/clients', 'journey'],
    ['/api/agents/a1/insights', 'journey'],
    ['/api/agents/a1/live', 'journey'],
    ['/api/clients/current/live', 'journey'],
    ['/api/agents/a1/live', 'journey'],
    ['/api/clients/current/live', 'journey'],
    ['/api/clients/current/custom-tasks/x', 'journey'],
    ['/api/client-tasks/t1', 'journey'],
    ['/api/user-groups/join', 'journey'],
    ['/api/sms/inbound', 'journey'],
    ['/api/invitations', 'invitation'],
    ['/api/accept-invitation', 'invitation'],
    ['/api/google-oauth-callback', 'invitation'],
    ['/api/analytics/realtime', 'analytics'],
    ['/api/loginx', undefined],
    ['/api/agents/a1/secrets', undefined],
  ])('%s → %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });
});

describe('gateway with the front end', () => {
  it('puts page security headers on pages but not on API answers', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const shellDir = mkdtempSync(path.join(tmpdir(), 'shell-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>ListReady</title>');
    const upstream = await startUpstream('journey');
    const gateway = await testGateway({ journey: upstream.url }, { serveFrontend: true, shellDir });
    try {
      const page = await gateway.inject({ method: 'GET', url: '/journey', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      const api = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });
      expect(api.statusCode).toBe(200);
      expect(api.headers['content-security-policy']).toBeUndefined();
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await gateway.close();
      await upstream.app.close();
    }
  });
});

/** An answer larger than the sockets' buffers: it takes the server several writes. */
const LARGE_ANSWER_BYTES = 400_000;

/** One raw HTTP/1 exchange on its own socket: what came back, and whether the server closed it. */
async function exchange(
  base: string,
  request: string | Buffer,
  { waitMs = 1_000, body }: { waitMs?: number; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean; raw: string }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let raw = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    raw += chunk.toString('latin1');
    // Expect: 100-continue: the body goes once the server said so.
    if (body !== undefined && raw.startsWith('HTTP/1.1 100')) {
      socket.write(body);
      body = undefined;
    }
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    socket.once('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve();
    });
    socket.write(request);
  });
  socket.destroy();
  const final = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  const [head = '', ...rest] = final.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed, raw };
}

/**
 * Sends to `path` (a POST unless `method` says otherwise) a JSON body of about `bytes` (as
 * `contentType`), chunked (or with its Content-Length), 64 KB a write as fast as the socket takes
 * them, answered or not; with `then`, the body's end and `then` (the next request on the
 * connection), else never its end. Waits for `answers` answers (none given: for the server's
 * close), the server's close, or 5 s; then hangs up.
 */
async function sendBody(
  base: string,
  path: string,
  {
    method = 'POST',
    bytes,
    chunked = true,
    contentType = 'application/json',
    then,
    answers = Number.POSITIVE_INFINITY,
  }: {
    method?: string;
    bytes: number;
    chunked?: boolean;
    contentType?: string;
    then?: string;
    answers?: number;
  },
): Promise<{ statuses: string[]; raw: string; closed: boolean }> {
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  let raw = '';
  let closed = false;
  const statuses = () => raw.match(/HTTP\/1\.1 \d{3}/g) ?? [];
  const over = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    const check = () => {
      if (!closed && statuses().length < answers) return;
      clearTimeout(timer);
      resolve();
    };
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      check();
    });
    socket.once('close', () => {
      closed = true;
      check();
    });
  });
  socket.on('error', () => undefined);
  const body = JSON.stringify({ note: 'a'.repeat(bytes) });
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`);
  for (let offset = 0; offset < body.length && !socket.destroyed; offset += 65_536) {
    const slice = body.slice(offset, offset + 65_536);
    if (!socket.write(chunked ? `${slice.length.toString(16)}\r\n${slice}\r\n` : slice)) {
      await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), over]);
    }
  }
  if (then !== undefined && !socket.destroyed) socket.write(`${chunked ? '0\r\n\r\n' : ''}${then}`);
  await over;
  socket.destroy();
  return { statuses: statuses(), raw, closed };
}

describe('the hop at the HTTP level (a listening gateway, raw sockets)', () => {
  let upstream: { app: App; url: string };
  let gateway: App;
  let gatewayUrl: string;
  /** What the last request to the upstream carried. */
  let seen: { traceparent?: string | undefined; connection?: string | undefined } = {};
  /** Set when the upstream's endless answer was abandoned by the gateway. */
  let endlessClosed: Promise<void> = Promise.resolve();
  /** Called when a request to the import route ends at the service: whether its body was whole. */
  let importEnded: (whole: boolean) => void = () => undefined;
  const json = JSON.stringify({
    tasks: Array.from({ length: 200 }, (_, index) => ({ id: index, title: 'Declutter the garage' })),
  });

  beforeAll(async () => {
    const app = createService({ name: 'journey', logger });
    app.post('/api/register', { schema: { body: z.object({ email: z.email() }) } }, async (request) => ({
      email: request.body.email,
    }));
    // Takes a body up to 8 MB, and one of at most 64 KB: the gateway's limit is the one a body meets.
    app.post('/api/clients/current/import', { bodyLimit: 8 * 1_048_576 }, async () => ({ ok: true }));
    // The logo upload: a multipart body counted to its end (the branding service takes a 5 MB image).
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      let bytes = 0;
      payload.on('data', (chunk: Buffer) => (bytes += chunk.length));
      payload.on('end', () => done(null, bytes));
    });
    app.post('/api/branding/logos', async (request) => ({ bytes: request.body }));
    app.addHook('onRequest', async (request) => {
      if (request.url !== '/api/clients/current/import') return;
      request.raw.once('close', () => importEnded(request.raw.complete));
    });
    app.post('/api/clients/current/note', { bodyLimit: 64 * 1024 }, async () => ({ ok: true }));
    app.get('/api/auth/user', async (request, reply) => {
      seen = { traceparent: String(request.headers.traceparent), connection: request.headers.connection };
      // A hop-by-hop header of the service's own connection: never the client's business.
      void reply.header('keep-alive', 'timeout=3, max=9');
      return { ok: true };
    });
    // About 8 KB of JSON, sent as one buffer with a length; and the same as a stream without one.
    app.get('/api/clients/current/tasks', async (_request, reply) =>
      reply.type('application/json').send(json),
    );
    app.get('/api/clients/current/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([json.slice(0, 4_000), json.slice(4_000)])),
    );
    app.get('/api/clients/current/large', async (_request, reply) =>
      reply.type('text/plain').send('x'.repeat(LARGE_ANSWER_BYTES)),
    );
    app.get('/api/clients/current/gzipped', async (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(json)),
    );
    app.get('/api/clients/current/endless', async (request, reply) => {
      endlessClosed = new Promise((resolve) => reply.raw.once('close', () => resolve()));
      let sent = 0;
      const endless = new Readable({
        read() {
          sent += 1;
          setTimeout(() => this.push(`${'x'.repeat(1_000)}\n`), sent > 5 ? 50 : 0);
        },
      });
      request.raw.once('close', () => endless.destroy());
      return reply.type('text/plain').send(endless);
    });
    upstream = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    gateway = await testGateway({ auth: upstream.url, journey: upstream.url, branding: upstream.url });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.app.close();
  });

  const next = 'GET /api/auth/user HTTP/1.1\r\nHost: x\r\n\r\n';

  it('refuses a body over 1 MB with Content-Length with 413 in the error shape, as the service does', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(1_100_000)}@b.co` });
    for (const base of [upstream.url, gatewayUrl]) {
      const answer = await exchange(
        base,
        `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n${big}`,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  it('reads the rest of a refused body of up to 16 MB with Content-Length, keeping the connection', async () => {
    for (const bytes of [1_200_000, 3_000_000, REFUSED_BODY_READ_BYTES - 20]) {
      const { statuses, raw, closed } = await sendBody(gatewayUrl, '/api/register', {
        bytes,
        chunked: false,
        then: next,
        answers: 2,
      });
      expect(statuses, raw.slice(0, 300)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
      expect(raw).not.toMatch(/connection: close/i);
      expect(closed).toBe(false);
    }
  });

  it('answers Node’s fetch uploading an 8 MB logo with the 413, not a reset in the middle of its write', async () => {
    // Closed at once, the connection reset while fetch was still writing the form: `fetch failed`
    // (EPIPE), 5 of 5. From another process, as a client is (sharing the gateway's event loop, the
    // client's writes take turns with the gateway's close).
    const script = `
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const form = new FormData();
        form.append('logo', new Blob([new Uint8Array(8 * 1_048_576)], { type: 'image/png' }), 'logo.png');
        answers.push(await fetch(process.argv[1], { method: 'POST', body: form }).then(
          (answer) => answer.status,
          (error) => error.cause?.code ?? error.message,
        ));
      }
      console.log(JSON.stringify(answers));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script, `${gatewayUrl}${LOGO_UPLOAD_PATH}`],
      { timeout: 20_000 },
    );
    expect(JSON.parse(stdout)).toEqual([413, 413, 413, 413, 413]);
  });

  it('refuses a body declared over 16 MB with 413 without reading it, and closes', async () => {
    const answer = await exchange(
      gatewayUrl,
      `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${REFUSED_BODY_READ_BYTES + 1}\r\n\r\n{"email":`,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
  });

  // A chunked body declares no length to refuse it by. The service's refusal of one used to race its
  // connection's close: a fast sender of 1.3 MB got no answer at all in over half the tries.
  it('refuses a chunked body over 1 MB itself with 413 (the service would take it), every time, keeping the connection', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { statuses, raw, closed } = await sendBody(gatewayUrl, '/api/clients/current/import', {
        bytes: 1_300_000,
        then: next,
        answers: 2,
      });
      expect(statuses, raw.slice(0, 300)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
      expect(raw).toContain('"code":"PAYLOAD_TOO_LARGE"');
      expect(closed).toBe(false);
    }
    // Within the limit, the service has it all.
    const { statuses } = await sendBody(gatewayUrl, '/api/clients/current/import', {
      bytes: 1_000_000,
      then: next,
      answers: 2,
    });
    expect(statuses).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
  });

  it.each([
    ['chunked', true],
    ['with its Content-Length', false],
  ])(
    'passes on the service’s own 413 for a body (%s) over its limit, every time, keeping the connection',
    async (_framing, chunked) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { statuses, raw, closed } = await sendBody(gatewayUrl, '/api/clients/current/note', {
          bytes: 300_000,
          chunked,
          then: next,
          answers: 2,
        });
        expect(statuses, raw.slice(0, 300)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
        expect(raw).toContain('"code":"PAYLOAD_TOO_LARGE"');
        expect(closed).toBe(false);
      }
    },
  );

  it('lets a logo upload through up to the branding service’s 5 MB image and its framing, not more', async () => {
    const upload = (bytes: number) =>
      fetch(`${gatewayUrl}${LOGO_UPLOAD_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(bytes, 'a'),
      });
    const large = await upload(3 * 1_048_576);
    expect(large.status).toBe(200);
    expect(await large.json()).toEqual({ bytes: 3 * 1_048_576 });
    const largest = await upload(MAX_LOGO_UPLOAD_BYTES);
    expect(await largest.json()).toEqual({ bytes: MAX_LOGO_UPLOAD_BYTES });
    const over = await upload(MAX_LOGO_UPLOAD_BYTES + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Chunked, the same limit.
    const { statuses, raw } = await sendBody(gatewayUrl, LOGO_UPLOAD_PATH, {
      bytes: 3 * 1_048_576,
      contentType: 'multipart/form-data; boundary=x',
      then: next,
      answers: 2,
    });
    expect(statuses, raw.slice(0, 300)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    // Another method, or a body no logo can be (JSON), keeps 1 MB; so does every other path.
    for (const [method, type] of [
      ['PUT', 'multipart/form-data; boundary=x'],
      ['POST', 'application/json'],
    ]) {
      const refused = await fetch(`${gatewayUrl}${LOGO_UPLOAD_PATH}`, {
        method,
        headers: { 'content-type': type ?? '' },
        body: Buffer.alloc(2 * 1_048_576, 'a'),
      });
      expect(refused.status, `${method} ${type}`).toBe(413);
    }
  });

  it('cuts the service’s request when the client hangs up in the middle of its body', async () => {
    const ended = new Promise<boolean>((resolve) => (importEnded = resolve));
    const { port } = new URL(gatewayUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    const slice = 'a'.repeat(65_536);
    socket.write(
      `POST /api/clients/current/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${slice.length.toString(16)}\r\n${slice}\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const whole = await Promise.race([
      ended,
      new Promise((resolve) => setTimeout(() => resolve('open'), 3_000)),
    ]);
    expect(whole).toBe(false);
  });

  it('answers a chunked body that never ends with 413, and closes once 1 MB more has come', async () => {
    const { statuses, closed } = await sendBody(gatewayUrl, '/api/register', { bytes: 3_000_000 });
    expect(statuses).toEqual(['HTTP/1.1 413']);
    expect(closed).toBe(true);
  });

  it('answers a bad percent-encoding anywhere in an /api URL with 400 in the error shape', async () => {
    for (const url of ['/api/auth/user?x=%ZZ', '/api/auth/user?x=%', '/api/clients/%E0%A4%A/tasks']) {
      const answer = await exchange(
        gatewayUrl,
        `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, url).toBe(400);
      // In the path, the router refuses it before the proxy sees it; in the query, the proxy does.
      expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String), code: 'BAD_REQUEST' });
    }
    // A well-formed escape goes through as it was written.
    const fine = await fetch(`${gatewayUrl}/api/auth/user?x=%41%20b`);
    expect(fine.status).toBe(200);
  });

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ] as const)(
    'passes a %s-encoded JSON body on as sent: the service answers, not the gateway',
    async (encoding, encode) => {
      const body = encode(JSON.stringify({ email: 'a@b.co' }));
      const send = (base: string) =>
        exchange(
          base,
          Buffer.concat([
            Buffer.from(
              `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: ${encoding}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
            ),
            body,
          ]),
        );
      const [direct, proxied] = [await send(upstream.url), await send(gatewayUrl)];
      expect(direct.status).toBe(400);
      expect(proxied.status).toBe(direct.status);
      expect(JSON.parse(proxied.body)).toEqual(JSON.parse(direct.body));
    },
  );

  it('closes the connection after the answer when the client asked (Connection: close, HTTP/1.0), keeps it otherwise', async () => {
    const close = await exchange(
      gatewayUrl,
      'GET /api/auth/user HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(close.status).toBe(200);
    expect(close.headers.connection).toBe('close');
    expect(close.closed).toBe(true);
    // The client's Connection header is its own hop's: the service does not see it.
    expect(seen.connection).not.toBe('close');
    const old = await exchange(gatewayUrl, 'GET /api/auth/user HTTP/1.0\r\nHost: x\r\n\r\n');
    expect(old.status).toBe(200);
    expect(old.headers.connection).toBe('close');
    expect(old.closed).toBe(true);
    const kept = await exchange(gatewayUrl, 'GET /api/auth/user HTTP/1.1\r\nHost: x\r\n\r\n', {
      waitMs: 300,
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.connection).toBe('keep-alive');
    expect(kept.headers['keep-alive']).not.toBe('timeout=3, max=9');
    expect(kept.closed).toBe(false);
  });

  // Fastify never reads a GET's body, and Node reads it only once the answer has gone: a connection
  // closed with part of it still unread is reset, and the reset could destroy the answer on its way.
  it('reads the body of a GET before answering: a large answer on a closing connection is never reset', async () => {
    const body = Buffer.alloc(300_000, '[');
    const get = () =>
      new Promise<string>((resolve) => {
        const request = httpRequest(
          `${gatewayUrl}/api/clients/current/large`,
          {
            method: 'GET',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': body.length,
              connection: 'close',
            },
          },
          (response) => {
            let length = 0;
            response.on('data', (chunk: Buffer) => (length += chunk.length));
            response.on('end', () => resolve(`${response.statusCode} ${length}`));
            response.on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
        request.end(body);
      });
    const answers: string[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) answers.push(await get());
    expect(answers).toEqual(Array(20).fill(`200 ${LARGE_ANSWER_BYTES}`));
  });

  it('does not wait for a GET’s body past 1 MB: a client sending one without end is answered', async () => {
    // 2.6 MB, and never its end.
    const { statuses } = await sendBody(gatewayUrl, '/api/auth/user', {
      method: 'GET',
      bytes: 40 * 65_536,
      answers: 1,
    });
    expect(statuses).toEqual(['HTTP/1.1 200']);
  });

  it('refuses a body over its path’s limit sent with Expect: 100-continue before it is sent: no 100, closed', async () => {
    const body = Buffer.alloc(3 * 1_048_576, 'a');
    for (const [path, length, status] of [
      ['/api/register', body.length, '413 Payload Too Large'],
      [LOGO_UPLOAD_PATH, MAX_LOGO_UPLOAD_BYTES + 1, '413 Payload Too Large'],
      // Answered otherwise before its length is looked at: closed all the same.
      ['/api/nowhere', body.length, '404 Not Found'],
    ] as const) {
      // The body goes only once a 100 has come (exchange), as curl sends it.
      const answer = await exchange(
        gatewayUrl,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
        { body },
      );
      expect(answer.raw.split('\r\n')[0], path).toBe(`HTTP/1.1 ${status}`);
      expect(answer.headers.connection).toBe('close');
      expect(answer.closed).toBe(true);
    }
    // One its path takes is told to go on (a logo of 3 MB), as before.
    const logo = await exchange(
      gatewayUrl,
      `POST ${LOGO_UPLOAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      { body },
    );
    expect(logo.raw.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    expect(logo.status).toBe(200);
  });

  it('closes a connection whose GET body goes on past 16 MB more, once it has answered', async () => {
    const { statuses, closed } = await sendBody(gatewayUrl, '/api/auth/user', {
      method: 'GET',
      bytes: REFUSED_BODY_READ_BYTES + 2 * 1_048_576,
    });
    expect(statuses).toEqual(['HTTP/1.1 200']);
    expect(closed).toBe(true);
  });

  it('answers Expect: 100-continue with 100, then the service’s answer', async () => {
    const body = JSON.stringify({ email: 'a@b.co' });
    const answer = await exchange(
      gatewayUrl,
      `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      { body },
    );
    expect(answer.raw.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ email: 'a@b.co' });
  });

  it('passes the trace context on to the service', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await fetch(`${gatewayUrl}/api/auth/user`, { headers: { traceparent } });
    expect(seen.traceparent).toBe(traceparent);
  });

  it('compresses a large plain answer for a client that asks, never a small or an already-compressed one', async () => {
    const get = (path: string, encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          const request = httpGet(
            `${gatewayUrl}${path}`,
            { headers: { 'accept-encoding': encoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
            },
          );
          request.on('error', reject);
        },
      );
    for (const path of ['/api/clients/current/tasks', '/api/clients/current/stream']) {
      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(json);
      const zipped = await get(path, 'gzip');
      expect(zipped.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(zipped.body).toString()).toBe(json);
      expect(zipped.headers['cache-control']).toBe('no-store');
    }
    const already = await get('/api/clients/current/gzipped', 'gzip, br');
    expect(already.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(already.body).toString()).toBe(json);
    const small = await get('/api/auth/user', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('stops the service’s answer when the client hangs up mid-stream', async () => {
    const { port } = new URL(gatewayUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write('GET /api/clients/current/endless HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    await expect(
      Promise.race([
        endlessClosed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still sending'), 3_000)),
      ]),
    ).resolves.toBe('closed');
  });
});

/** A gateway in front of one journey service, listening on a port of its own (API only). */
async function listeningGateway(journeyUrl: string, options: Parameters<typeof testGateway>[1] = {}) {
  const gateway = await testGateway({ journey: journeyUrl }, options);
  const { port } = new URL(await gateway.listen({ port: 0, host: '127.0.0.1' }));
  return { gateway, port };
}

/** A raw TCP connection to the gateway: what it has received so far, and when it closed. */
function rawConnection(port: string) {
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return { socket, ended, received: () => received };
}

describe('a closing gateway with a stream of events open', () => {
  it('ends the stream cleanly and closes at once, and the service hears the stream end', async () => {
    const app = createService({ name: 'journey', logger });
    let upstreamClosed: Promise<void> = Promise.resolve();
    app.get('/api/clients/current/live', async (request, reply) => {
      upstreamClosed = new Promise((resolve) => request.raw.once('close', () => resolve()));
      // A screen's live events: one, then open for minutes.
      const events = new PassThrough();
      events.write('retry: 1000\n\nid: 1\nevent: task-completed\ndata: {}\n\n');
      request.raw.once('close', () => events.destroy());
      return reply.type('text/event-stream').send(events);
    });
    const upstreamUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const { gateway, port } = await listeningGateway(upstreamUrl);
    try {
      const connection = rawConnection(port);
      connection.socket.write(
        'GET /api/clients/current/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n',
      );
      await expect.poll(connection.received).toContain('event: task-completed');

      const outcome = await Promise.race([
        gateway.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting on the stream'), 5_000)),
      ]);
      expect(outcome).toBe('closed');
      await connection.ended;
      // The chunked answer's last chunk: a clean end, which EventSource follows with a reconnection.
      expect(connection.received().endsWith('0\r\n\r\n')).toBe(true);
      await upstreamClosed;
    } finally {
      await gateway.close();
      await app.close();
    }
  });
});

describe('a closing gateway and a connection kept alive from before', () => {
  it('resets a new request on it instead of answering 503, so a browser sends it again to the next gateway', async () => {
    const app = createService({ name: 'journey', logger });
    const held: (() => void)[] = [];
    app.get('/api/clients/current/tasks', async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return [];
    });
    const upstreamUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const { gateway, port } = await listeningGateway(upstreamUrl);
    try {
      // A connection busy when the gateway starts closing (so not closed as idle), kept alive after.
      const connection = rawConnection(port);
      connection.socket.write('GET /api/clients/current/tasks HTTP/1.1\r\nHost: x\r\n\r\n');
      await expect.poll(() => held.length).toBe(1);
      const closed = gateway.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      held[0]?.();
      await expect.poll(connection.received).toContain('[]');
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);

      // The next request on that connection, while the gateway still closes: no 503, the connection goes.
      const before = connection.received().length;
      connection.socket.write('GET /api/clients/current/tasks HTTP/1.1\r\nHost: x\r\n\r\n');
      await connection.ended;
      expect(connection.received().slice(before)).not.toContain('503');
      expect(held).toHaveLength(1);
      await closed;
    } finally {
      await gateway.close();
      await app.close();
    }
  });
});

describe('a request whose body stops coming', () => {
  it('is answered 408 at the gateway once its time is up, and its service handles no part of it', async () => {
    const app = createService({ name: 'journey', logger });
    let handled = false;
    let upstreamAborted: () => void = () => undefined;
    const aborted = new Promise<string>((resolve) => (upstreamAborted = () => resolve('aborted')));
    app.post('/api/clients/current/tasks', async () => {
      handled = true;
      return {};
    });
    app.addHook('onRequestAbort', (_request, done) => {
      upstreamAborted();
      done();
    });
    const upstreamUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    // The bound as a test can wait for it (REQUEST_TIMEOUT_MS, five minutes, otherwise).
    const { gateway, port } = await listeningGateway(upstreamUrl, {
      requestTimeout: 500,
      connectionsCheckingInterval: 50,
    });
    try {
      const connection = rawConnection(port);
      const started = performance.now();
      connection.socket.write(
        'POST /api/clients/current/tasks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"title":',
      );
      await connection.ended;
      expect(performance.now() - started).toBeGreaterThanOrEqual(450);
      expect(connection.received()).toMatch(
        /^HTTP\/1\.1 408 Request Timeout\r\n[^]*"code":"REQUEST_TIMEOUT"/,
      );
      // The body it had begun to pass on is cut, not ended as if whole.
      await expect(
        Promise.race([aborted, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000))]),
      ).resolves.toBe('aborted');
      expect(handled).toBe(false);
    } finally {
      await gateway.close();
      await app.close();
    }
  });
});

describe('gateway logs', () => {
  it('leaves proxied requests to the service’s log; logs what it answers itself and what fails', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const upstream = await startUpstream('journey');
    const gateway = await testGateway(
      { journey: upstream.url, branding: 'http://127.0.0.1:9' },
      { logger: createLogger('gateway-test', 'info', destination) },
    );
    try {
      const proxied = await gateway.inject({ method: 'GET', url: '/api/clients/current/tasks' });
      expect(proxied.statusCode).toBe(200);
      const ofProxied = lines.filter((line) => line.reqId === proxied.headers['x-request-id']);
      expect(ofProxied).toEqual([]);

      const unknown = await gateway.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(lines.filter((line) => line.reqId === unknown.headers['x-request-id'])).toMatchObject([
        { msg: 'answered at the gateway', res: { statusCode: 404 }, req: { url: '/api/no-such-thing' } },
      ]);
      // An address it answers itself is logged without the keys in it.
      const withKey = await gateway.inject({
        method: 'GET',
        url: '/api/no-such-thing?token=reset-secret&x=1',
      });
      expect(lines.filter((line) => line.reqId === withKey.headers['x-request-id'])).toMatchObject([
        { res: { statusCode: 404 }, req: { url: '/api/no-such-thing?token=[redacted]&x=1' } },
      ]);
      expect(JSON.stringify(lines)).not.toContain('reset-secret');
      const down = await gateway.inject({ method: 'GET', url: '/api/branding/current' });
      expect(down.statusCode).toBe(503);
      expect(lines.filter((line) => line.reqId === down.headers['x-request-id'])).toMatchObject([
        { level: 40, msg: 'upstream request failed', service: 'gateway', upstream: 'branding' },
      ]);
    } finally {
      await gateway.close();
      await upstream.app.close();
    }
  });
});
