import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestDatabase } from '@listready/testing';
import { createService, type App } from './create-service.ts';
import { ConflictError } from './errors.ts';
import { databaseCheck } from './health.ts';
import { captureLogs } from './testing/capture-logs.ts';

function buildApp(logger = captureLogs().logger): App {
  const app = createService({ name: 'test', logger });
  app.post(
    '/things',
    {
      schema: {
        body: z.object({
          name: z.string().min(2, 'Name must be at least 2 characters'),
          email: z.email('Invalid email address'),
        }),
      },
    },
    async (request) => ({ created: request.body.name }),
  );
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.post('/login', async (request) => {
    request.log.info({ attempt: request.body }, 'login attempt');
    return { ok: true };
  });
  app.get('/conflict', async () => {
    throw new ConflictError('Email already registered');
  });
  return app;
}

describe('createService error handling', () => {
  let app: App | undefined;
  afterEach(async () => app?.close());

  it('answers malformed JSON with 400 and a clear message', async () => {
    app = buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON in request body', code: 'MALFORMED_JSON' });
  });

  it('answers a schema failure with 400 and one issue per field', async () => {
    app = buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x', email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      message: string;
      code: string;
      issues: { path: string; message: string }[];
    }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Invalid email address' },
      ]),
    );
    expect(body.message).toBe(body.issues[0]?.message);
  });

  it('refuses a control character in a body string, a query value or a path parameter with 400 naming the field', async () => {
    app = buildApp();
    app.get('/items/:id', async (request) => ({ params: request.params }));
    const body = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'An\u0000n', email: 'ann@example.com', tags: { 'k\u0007': 1 } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      message: 'name: Must not contain control characters',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'name', message: 'Must not contain control characters' }],
    });
    const nested = await app.inject({ method: 'POST', url: '/login', payload: { a: [{ b: 'x\u001fy' }] } });
    expect(nested.json().issues).toEqual([{ path: 'a.0.b', message: 'Must not contain control characters' }]);
    const query = await app.inject({ method: 'GET', url: '/items/1?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().issues[0].path).toBe('q');
    const param = await app.inject({ method: 'GET', url: '/items/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json().issues[0].path).toBe('id');
    // Tabs and line breaks are text a person types (notes): let through.
    const notes = await app.inject({ method: 'POST', url: '/login', payload: { notes: 'a\tb\r\nc' } });
    expect(notes.statusCode).toBe(200);
  });

  it('answers Fastify’s own client errors without its internal codes (a 414 said FST_ERR_MAX_PARAM_LENGTH)', async () => {
    app = buildApp();
    app.get('/items/:id', async (request) => ({ params: request.params }));
    const response = await app.inject({ method: 'GET', url: `/items/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'URI Too Long', code: 'BAD_REQUEST' });
  });

  it('passes valid input through to the handler', async () => {
    app = buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'Ann', email: 'ann@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 'Ann' });
  });

  it('masks an unexpected throw as 500 and logs it with its stack', async () => {
    const { logger, lines } = captureLogs();
    app = buildApp(logger);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('hunter2');
    const logged = lines.find((line) => line.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('database password is hunter2');
    expect((logged?.err as { stack?: string } | undefined)?.stack).toMatch(/create-service\.test\.ts/);
  });

  it('logs a failure after the client hung up as info, not as a server error', async () => {
    const { logger, lines } = captureLogs();
    app = createService({ name: 'test', logger });
    let failed!: () => void;
    const done = new Promise<void>((resolve) => (failed = resolve));
    app.get('/slow', async (request) => {
      await new Promise((resolve) => request.raw.once('close', resolve));
      setImmediate(failed);
      throw new Error('upstream aborted');
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const aborted = new AbortController();
    const call = fetch(`${address}/slow`, { signal: aborted.signal }).catch(() => undefined);
    setTimeout(() => aborted.abort(), 100);
    await call;
    await done;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((line) => line.level === 50)).toEqual([]);
    expect(lines.some((line) => line.msg === 'client closed the request')).toBe(true);
  });

  it('still answers 500 for a failure after the body was read while the client waits', async () => {
    const { logger, lines } = captureLogs();
    app = createService({ name: 'test', logger });
    app.post('/sign-in', async () => {
      throw new Error('rate limit store unavailable');
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(response.status).toBe(500);
    expect(lines.some((line) => line.level === 50)).toBe(true);
  });

  it.each(
    [
      { refusal: 'too large (413)', contentType: 'text/plain', status: 413, code: 'PAYLOAD_TOO_LARGE' },
      {
        refusal: 'an unsupported type (415)',
        contentType: 'application/xml',
        status: 415,
        code: 'BAD_REQUEST',
      },
    ].flatMap((refusal) => [
      { ...refusal, chunked: false, framing: 'with Content-Length' },
      { ...refusal, chunked: true, framing: 'chunked' },
    ]),
  )(
    'reads a refused body within 1 MB ($framing) to its end, $refusal, keeping the connection for the next request',
    async ({ contentType, status, code, chunked }) => {
      app = createService({ name: 'test', logger: captureLogs().logger });
      app.post('/small', { bodyLimit: 1024 }, async () => ({ ok: true }));
      app.get('/next', async () => ({ next: true }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const body = Buffer.alloc(200_000, 'a');
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      let writeError: Error | undefined;
      socket.on('error', (error) => (writeError = error));
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
      socket.write(`POST /small HTTP/1.1\r\nHost: t\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`);
      // The body in slices, as a proxy streams it: the refusal comes before the last of it is sent.
      for (let offset = 0; offset < body.length; offset += 16_384) {
        const slice = body.subarray(offset, offset + 16_384);
        socket.write(chunked ? `${slice.length.toString(16)}\r\n${slice.toString()}\r\n` : slice);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      socket.write(`${chunked ? '0\r\n\r\n' : ''}GET /next HTTP/1.1\r\nHost: t\r\n\r\n`);
      const deadline = Date.now() + 5_000;
      while (!received.includes('"next":true') && Date.now() < deadline && !socket.destroyed)
        await new Promise((resolve) => setTimeout(resolve, 20));
      socket.end();
      await closed;
      expect(writeError).toBeUndefined();
      expect(received.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      expect(received).not.toMatch(/connection: close/i);
      expect(received).toContain(`"code":"${code}"`);
      expect(received).toContain('{"next":true}');
    },
  );

  it('closes the connection after refusing a chunked body once more than 1 MB of its rest has come', async () => {
    app = createService({ name: 'test', logger: captureLogs().logger });
    app.post('/small', { bodyLimit: 1024 }, async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    let closed = false;
    socket.once('close', () => (closed = true));
    socket.write(
      'POST /small HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const slice = 'a'.repeat(65_536);
    let sent = 0;
    // Never the body's end: slices until the server closes (4 MB at most, the socket buffers' share too).
    while (!closed && sent < 4_000_000) {
      if (!socket.write(`${slice.length.toString(16)}\r\n${slice}\r\n`))
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      sent += slice.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    expect(received.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect(closed).toBe(true);
    expect(sent).toBeGreaterThan(1_048_576);
  });

  it('maps typed errors to their status and code', async () => {
    app = buildApp();
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Email already registered', code: 'CONFLICT' });
  });

  it('answers unknown routes with 404 JSON and echoes a request id', async () => {
    app = buildApp();
    const response = await app.inject({
      method: 'GET',
      url: '/nope?x=1',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found: GET /nope', code: 'NOT_FOUND' });
    expect(response.headers['x-request-id']).toBe('req-123');
  });

  it('logs each answered request once, without its headers or body', async () => {
    const { logger, lines } = captureLogs();
    const text = () => JSON.stringify(lines);
    app = buildApp(logger);
    const secrets = { cookie: 'listready_session=secret-token', authorization: 'Bearer abc' };
    const created = await app.inject({
      method: 'POST',
      url: '/things',
      headers: secrets,
      payload: { name: 'Ann', email: 'ann@example.com', password: 'pa55word-secret' },
    });
    const unknown = await app.inject({ method: 'GET', url: '/nope?x=1', headers: secrets });
    // Probes (/healthz, /readyz) log at warn: a line each would drown the requests.
    await app.inject({ method: 'GET', url: '/healthz', headers: secrets });
    expect(lines.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    expect(lines.find((line) => line.reqId === created.headers['x-request-id'])).toMatchObject({
      req: { method: 'POST', url: '/things' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines.find((line) => line.reqId === unknown.headers['x-request-id'])).toMatchObject({
      req: { method: 'GET', url: '/nope?x=1' },
      res: { statusCode: 404 },
    });
    expect(text()).not.toContain('pa55word-secret');
    expect(text()).not.toContain('secret-token');
    expect(text()).not.toContain('Bearer abc');
    expect(text()).not.toContain('headers');
  });

  it('silences the request line of a route whose log level is above info', async () => {
    const { logger, lines } = captureLogs();
    app = createService({ name: 'test', logger });
    app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('logs a request whose client went before the answer, whose work goes on (a DELETE done, its answer lost)', async () => {
    const { logger, lines } = captureLogs();
    app = createService({ name: 'test', logger });
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    let finish!: () => void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    let done = false;
    app.delete('/things/:id', async (_request, reply) => {
      arrived();
      await work;
      done = true;
      return reply.status(204).send();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    lines.length = 0; // "Server listening at …"
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('DELETE /things/t1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await started;
    socket.destroy();
    await expect.poll(() => lines.map((line) => line.msg)).toEqual(['request aborted by the client']);
    expect(lines[0]).toMatchObject({ level: 40, req: { method: 'DELETE', url: '/things/t1' } });
    expect(typeof lines[0]?.reqId).toBe('string');
    finish();
    await expect.poll(() => done).toBe(true);
    // Answered to no one: no second line claiming a status the client never saw.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(1);
  });

  it('logs an address without the keys in it: a reset token, an invite code, an invitation, a calendar feed’s token', async () => {
    const { logger, lines } = captureLogs();
    app = createService({ name: 'test', logger });
    app.get('/reset-password', async () => ({ ok: true }));
    app.get('/api/calendar/:file', async () => ({ ok: true }));
    app.get('/api/calendar/feed', async () => ({ ok: true }));
    const urls = [
      ['/reset-password?token=reset-secret-1', '/reset-password?token=[redacted]'],
      [
        '/reset-password?utm_source=mail&token=reset-secret-2&x',
        '/reset-password?utm_source=mail&token=[redacted]&x',
      ],
      // Spelled as a browser may spell it, it is still the parameter the page reads.
      [
        '/reset-password?tok%65n=reset-secret-3&t%6Fken=reset-secret-4',
        '/reset-password?tok%65n=[redacted]&t%6Fken=[redacted]',
      ],
      [
        '/reset-password?join=JOINSECRT&id=inv-secret&invitation=inv-secret-2',
        '/reset-password?join=[redacted]&id=[redacted]&invitation=[redacted]',
      ],
      ['/reset-password?clientId=c-1&after=5', '/reset-password?clientId=c-1&after=5'],
      // What the http instrumentation redacts by itself stays redacted where its attribute is replaced.
      [
        '/reset-password?sig=sig-secret&X-Amz-Signature=amz-secret',
        '/reset-password?sig=[redacted]&X-Amz-Signature=[redacted]',
      ],
      ['/api/calendar/feed-secret-token.ics', '/api/calendar/[redacted]'],
      ['/api/calendar/feed-secret-token.ics?x=1', '/api/calendar/[redacted]?x=1'],
      ['/api/calendar/feed', '/api/calendar/feed'],
    ];
    for (const [url] of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(lines.map((line) => (line.req as { url: string }).url)).toEqual(urls.map(([, logged]) => logged));
    expect(JSON.stringify(lines)).not.toMatch(/secret|JOINSECRT/);

    // Fastify's own lines (an error's) use the same serializer.
    logger.error(
      { req: { id: 'r1', method: 'GET', url: '/reset-password?token=reset-secret-5', headers: {} } },
      'failed',
    );
    expect(lines.at(-1)?.req).toMatchObject({ url: '/reset-password?token=[redacted]' });
  });

  it('redacts credentials in whatever else is logged', async () => {
    const { logger, lines } = captureLogs();
    logger.info(
      { headers: { cookie: 'listready_session=secret-token' }, body: { password: 'pa55word-secret' } },
      'with secrets',
    );
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|pa55word-secret/);
    expect(lines[0]).toMatchObject({ headers: { cookie: '[redacted]' }, body: { password: '[redacted]' } });
  });
});

describe('health and readiness', () => {
  const database = useTestDatabase();
  let app: App | undefined;
  afterEach(async () => app?.close());

  it('reports ready when the database answers, and 503 with detail when a check fails', async () => {
    app = createService({
      name: 'test',
      logger: captureLogs().logger,
      readiness: {
        database: databaseCheck(database.current),
        relay: async () => ({ ok: false, detail: { unpublished: 3 } }),
      },
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: { ok: true }, relay: { ok: false, detail: { unpublished: 3 } } },
    });
  });
});
