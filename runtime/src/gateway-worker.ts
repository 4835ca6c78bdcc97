/**
 * The gateway on a thread of its own (started by gateway-thread.ts): `npm start`'s services keep the
 * main thread, so the hop in front of them runs on another core. The gateway holds no embedded
 * state — it reaches the services over HTTP as in production — so only the service URLs, the
 * settings and the readiness checks of the main thread (asked over the message port) cross. The
 * thread loads its modules as soon as it starts, and builds the gateway when the main thread sends
 * the services' URLs (`start`), once they listen.
 * Its logs go to the same stdout (pino writes fd 1 directly from this thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildGateway, gatewayConfigFromEnv, type ServiceName } from '@listready/gateway';
import { createProcessLogger, stopTelemetry, type ReadinessCheck } from '@listready/service-kit';

export interface GatewayWorkerData {
  env: Record<string, string | undefined>;
}

/** What the main thread sends once the services listen. */
export interface GatewayStart {
  services: Partial<Record<ServiceName, string>>;
  logLevel: string;
  /** Readiness checks that run on the main thread (the database). */
  readiness: string[];
}

/** Messages between the threads. */
export type ToGateway =
  | ({ type: 'start' } & GatewayStart)
  | { type: 'checked'; id: number; result: { ok: boolean; detail?: unknown } }
  | { type: 'stop' };
export type FromGateway =
  { type: 'check'; id: number; name: string } | { type: 'listening'; url: string } | { type: 'stopped' };

if (!parentPort) throw new Error('gateway-worker.ts runs as a worker thread (see gateway-thread.ts)');
const port = parentPort;
const data = workerData as GatewayWorkerData;
const send = (message: FromGateway) => port.postMessage(message);

const start = await new Promise<GatewayStart>((resolve) => {
  const onStart = (message: ToGateway) => {
    if (message.type !== 'start') return;
    port.off('message', onStart);
    resolve(message);
  };
  port.on('message', onStart);
});

const pending = new Map<number, (result: { ok: boolean; detail?: unknown }) => void>();
let nextId = 0;
const readiness: Record<string, ReadinessCheck> = Object.fromEntries(
  start.readiness.map((name) => [
    name,
    () =>
      new Promise<{ ok: boolean; detail?: unknown }>((resolve) => {
        const id = (nextId += 1);
        pending.set(id, resolve);
        send({ type: 'check', id, name });
      }),
  ]),
);

const logger = createProcessLogger('listready', start.logLevel);
const config = gatewayConfigFromEnv(data.env);
const gateway = await buildGateway({
  ...config,
  services: { ...start.services, ...config.services },
  logger,
  readiness,
});

port.on('message', (message: ToGateway) => {
  if (message.type === 'checked') {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  } else if (message.type === 'stop') {
    // The thread's own span batch is exported before it ends (at most 2 s), or the gateway's last
    // spans would be lost with it.
    void gateway
      .close()
      .then(() => stopTelemetry())
      .then(() => {
        send({ type: 'stopped' });
        port.close();
      });
  }
});

const url = await gateway.listen({ port: config.PORT, host: config.HOST });
send({ type: 'listening', url });
