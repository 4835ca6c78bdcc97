import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { freePort } from '@listready/db';

/** A plain static host on another origin (a CDN stand-in) with CORS, for a remote deployed elsewhere. */
export async function serveFolder(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, { root });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}
