import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@listready/contracts';
import { createService, type App } from './create-service.ts';
import { createLogger } from './logger.ts';

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
