import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type App } from './create-service.ts';

const silent = pino({ level: 'silent' });

describe('load shedding and server-sent events', () => {
  let app: App | undefined;
  const streams: PassThrough[] = [];
  afterEach(async () => {
    for (const stream of streams) stream.end();
    await app?.close();
    app = undefined;
  });

  it('an open event stream gives its place back once it answers; other streams do not', async () => {
    const built = createService({
      name: 'test',
      logger: silent,
      loadShedding: {
        maxEventLoopDelayMs: 0,
        maxEventLoopUtilization: 0,
        sampleIntervalMs: 100,
        maxInFlight: 2,
        retryAfterSeconds: 3,
      },
    });
    const open = (type: string) => (_request: unknown, reply: FastifyReply) => {
      const stream = new PassThrough();
      streams.push(stream);
      stream.write('retry: 1000\n\n');
      return reply.header('content-type', type).send(stream);
    };
    built.get('/events', open('text/event-stream; charset=utf-8'));
    built.get('/download', open('application/octet-stream'));
    built.get('/quick', async () => ({ ok: true }));
    app = built;
    const base = await built.listen({ port: 0, host: '127.0.0.1' });

    // Three open event streams, with room for two requests in progress: all admitted.
    const events = await Promise.all([1, 2, 3].map(() => fetch(`${base}/events`)));
    expect(events.map((response) => response.status)).toEqual([200, 200, 200]);
    expect((await fetch(`${base}/quick`)).status).toBe(200);

    // Two open downloads are work in progress: the next request is turned away.
    const downloads = await Promise.all([1, 2].map(() => fetch(`${base}/download`)));
    expect(downloads.map((response) => response.status)).toEqual([200, 200]);
    expect((await fetch(`${base}/quick`)).status).toBe(503);
    for (const response of [...events, ...downloads]) await response.body?.cancel();
  });
});
