import net from 'node:net';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@listready/contracts';
import { createService, REQUEST_TIMEOUT_MS, type App, type CreateServiceOptions } from './create-service.ts';
import { createLogger } from './logger.ts';
import { captureLogs } from './testing/capture-logs.ts';
import { dropRestOfBody } from './unread-body.ts';

/** One raw request on its own socket; the whole answer as text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const statusAndBody = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as unknown };
};

describe('requests Node refuses before Fastify sees them', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
  });

  const start = async () => {
    app = createService({ name: 'test', logger: createLogger('test', 'silent') });
    app.get(
      '/api/things',
      { schema: { querystring: z.object({ q: z.string().optional() }) } },
      async () => ({}),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  };

  it('answers a URL over the header limit with 431 in the error shape', async () => {
    const port = await start();
    const answer = statusAndBody(
      await rawRequest(port, `GET /api/things?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(apiErrorSchema.strict().parse(answer.body)).toEqual({
      message: 'Request Header Fields Too Large',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a malformed request with 400 in the error shape', async () => {
    const port = await start();
    const answer = statusAndBody(
      await rawRequest(port, 'GET /api/things HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'),
    );
    expect(answer.status).toBe(400);
    expect(apiErrorSchema.strict().parse(answer.body)).toEqual({
      message: 'Bad Request',
      code: 'BAD_REQUEST',
    });
  });
});

/** A socket sending `head` and `partOfBody`, then nothing more; what it received, once closed. */
async function stalledRequest(port: number, head: string, partOfBody = '') {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(head + partOfBody);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  await once(socket, 'close');
  return answer;
}

describe('a request that does not arrive in time', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
  });

  // What the gateway does with a body over its limit: answer at once, read and drop the rest.
  const refuseLargeBodies: CreateServiceOptions['admit'] = (request, response, proceed) => {
    if (Number(request.headers['content-length']) <= 1_000) return proceed();
    dropRestOfBody(request, 1_000_000);
    response.writeHead(413, { 'content-type': 'application/json', 'content-length': '2' }).end('{}');
  };

  const start = async (options: Partial<CreateServiceOptions> = {}) => {
    app = createService({
      name: 'test',
      logger: createLogger('test', 'silent'),
      requestTimeout: 400,
      connectionsCheckingInterval: 50,
      ...options,
    });
    app.post('/api/things', async (request) => ({ got: request.body }));
    app.get('/api/slow', (_request, reply) => {
      // Pushed to by the timer alone.
      const body = new Readable({ read: () => undefined });
      body.push('first part, ');
      setTimeout(() => body.push('second part') && body.push(null), 400);
      return reply.type('text/plain').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as net.AddressInfo).port;
  };

  const postHead = (length: number) =>
    `POST /api/things HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('waits five minutes for a request, Node’s own bound (Fastify has none), with or without admit', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    await start({ requestTimeout: undefined });
    expect(app?.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    await app?.close();
    await start({ requestTimeout: undefined, admit: (_request, _response, proceed) => proceed() });
    expect(app?.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  for (const admitted of [false, true]) {
    it(`answers a body that stops coming with 408 in the error shape, then closes${admitted ? ' (admit in front)' : ''}`, async () => {
      const { logger, lines } = captureLogs();
      const port = await start({ logger, ...(admitted ? { admit: refuseLargeBodies } : {}) });
      lines.length = 0; // "Server listening at …"
      const started = performance.now();
      const answer = await stalledRequest(port, postHead(100), '{"a":');
      expect(performance.now() - started).toBeGreaterThanOrEqual(350);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(apiErrorSchema.strict().parse(JSON.parse(body))).toEqual({
        message: 'Request Timeout',
        code: 'REQUEST_TIMEOUT',
      });
      // Logged as the server's doing, under the request's id: not "aborted by the client".
      await expect
        .poll(() => lines.map((line) => line.msg))
        .toEqual(['request not received in time: closed by the server']);
      expect(lines[0]).toMatchObject({
        level: 40,
        req: { method: 'POST', url: '/api/things' },
        res: { statusCode: 408 },
      });
      expect(typeof lines[0]?.reqId).toBe('string');
    });
  }

  it('writes nothing after an answer given before the body’s end, when the rest stops coming', async () => {
    const port = await start({ admit: refuseLargeBodies });
    const answer = await stalledRequest(port, postHead(50_000), 'x'.repeat(10_000));
    // The 413 alone: Fastify's handler wrote `HTTP/1.1 408 Request Timeout` after it.
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n[^]*\r\n\r\n\{\}$/);
  });

  it('writes nothing into an answer being sent when the next request on its connection is malformed', async () => {
    const port = await start();
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write('GET /api/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    while (!answer.includes('first part')) await sleep(10);
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    await once(socket, 'close');
    // Cut short (the connection is gone), but nothing else inside it: Fastify's handler wrote a 400 there.
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).not.toContain('400 Bad Request');
    expect(answer).not.toContain('second part');
  });
});
