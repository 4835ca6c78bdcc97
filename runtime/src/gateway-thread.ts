import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { ServiceName } from '@listready/gateway';
import { GATEWAY_YOUNG_GENERATION_MB } from '@listready/service-kit/gateway-heap';
import type { ReadinessCheck } from '@listready/service-kit';
import type { FromGateway, GatewayWorkerData, ToGateway } from './gateway-worker.ts';

export interface GatewayThread {
  url: string;
  /** The worker thread's id (the main thread is 0). */
  threadId: number;
  /** The most its V8 young generation may take (MB): libs/service-kit/src/gateway-heap.ts. */
  youngGenerationMb: number | undefined;
  /** Closes the gateway (stops accepting, lets answers in flight finish), then ends the thread. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 10_000;

/** What the gateway needs from the main thread once the services listen. */
export interface GatewayStartOptions {
  services: Partial<Record<ServiceName, string>>;
  logger: Logger;
  /** Checks the gateway's readiness asks the main thread for (the database), by name. */
  readiness: Record<string, ReadinessCheck>;
  onUnexpectedExit: (error: Error) => void;
}

/** A gateway thread loading its modules, to be started once the services listen. */
export interface SpawnedGatewayThread {
  /** Builds the gateway in front of the services and resolves once it listens. */
  start(options: GatewayStartOptions): Promise<GatewayThread>;
  /** Ends a thread never started (the platform failed to start before it). */
  abandon(): Promise<void>;
}

/**
 * Starts a worker thread for the gateway at once, so that it loads its modules (about 2 s under
 * the production preload) while the main thread loads the services' and starts the database and
 * the services; the gateway is built and listens when `start` gives it their URLs. The worker
 * inherits this process's execArgv (`--import instrument.ts`: telemetry of its own) and writes its
 * logs to the same stdout. If it dies once started, `onUnexpectedExit` is told, so the platform
 * can stop rather than run headless; if it dies before, `start` fails with its error.
 */
export function spawnGatewayThread(env: Record<string, string | undefined>): SpawnedGatewayThread {
  const data: GatewayWorkerData = { env };
  const worker = new Worker(new URL('./gateway-worker.ts', import.meta.url), {
    workerData: data,
    // The thread's telemetry (its own, from the inherited `--import instrument.ts`) is the gateway's:
    // untraced when nothing is exported, like the gateway's own process (instrument.ts).
    env: { ...process.env, OTEL_SERVICE_NAME: 'gateway' },
    // As the gateway's own process has it (libs/service-kit/src/gateway-heap.ts); the thread's default is larger still.
    resourceLimits: { maxYoungGenerationSizeMb: GATEWAY_YOUNG_GENERATION_MB },
  });
  const post = (message: ToGateway) => worker.postMessage(message);
  let stopping = false;
  let readiness: Record<string, ReadinessCheck> = {};

  worker.on('message', (message: FromGateway) => {
    if (message.type !== 'check') return;
    const check = readiness[message.name];
    const answer = (result: { ok: boolean; detail?: unknown }) =>
      post({ type: 'checked', id: message.id, result });
    if (!check) return answer({ ok: false, detail: `no check named ${message.name}` });
    check().then(answer, (error: unknown) =>
      answer({ ok: false, detail: error instanceof Error ? error.message : String(error) }),
    );
  });

  // Listened for from the start: a thread that fails while loading, before anyone awaits it,
  // must not be an unhandled 'error' event of this process.
  const listening = new Promise<string>((resolve, reject) => {
    const onMessage = (message: FromGateway) => {
      if (message.type !== 'listening') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      worker.off('exit', onEarlyExit);
      resolve(message.url);
    };
    const onEarlyExit = (code: number) =>
      reject(new Error(`the gateway thread exited (${code}) before listening`));
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', onEarlyExit);
  });
  listening.catch(() => undefined);

  const start = async (options: GatewayStartOptions): Promise<GatewayThread> => {
    readiness = options.readiness;
    post({
      type: 'start',
      services: options.services,
      logLevel: options.logger.level,
      readiness: Object.keys(options.readiness),
    });
    const url = await listening;
    worker.on('error', (error) => {
      options.logger.error({ err: error }, 'the gateway thread failed');
    });
    worker.once('exit', (code) => {
      if (!stopping) options.onUnexpectedExit(new Error(`the gateway thread exited (${code})`));
    });
    return {
      url,
      threadId: worker.threadId,
      youngGenerationMb: worker.resourceLimits?.maxYoungGenerationSizeMb,
      stop: async () => {
        if (stopping) return;
        stopping = true;
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        const stopped = new Promise<void>((resolve) =>
          worker.on('message', (message: FromGateway) => {
            if (message.type === 'stopped') resolve();
          }),
        );
        post({ type: 'stop' });
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
        await Promise.race([stopped, exited, timeout]);
        await worker.terminate();
        await exited;
      },
    };
  };

  return {
    start,
    abandon: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}
