import type { ComposeService } from '../compose.ts';
import { serviceEnvironment } from './catalog.ts';

/**
 * deploy/compose.yaml's wiring, moved onto the host network for the image smoke test: every
 * container shares the host's ports, so each gets its own (Node: PORT; nginx: its `listen` line),
 * the engines are the ones the caller names, and `http://<service>:8080` becomes that service's
 * container on 127.0.0.1. Nothing else of compose's environment changes.
 */

/** The port compose's containers listen on (EXPOSE 8080, the chart's containerPort). */
export const CONTAINER_PORT = 8080;

export interface Engines {
  DATABASE_URL: string;
  REDIS_URL: string;
  KAFKA_BROKERS: string;
}

export const ENGINE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'] as const;

/** `http://auth:8080` → `http://127.0.0.1:<auth's port>`, for every service with a port. */
export function rewriteServiceUrls(text: string, ports: ReadonlyMap<string, number>): string {
  return text.replace(
    new RegExp(`\\bhttp://([a-z][a-z0-9-]*):${CONTAINER_PORT}\\b`, 'g'),
    (match, service: string) => {
      const port = ports.get(service);
      return port === undefined ? match : `http://127.0.0.1:${port}`;
    },
  );
}

/**
 * The environment of one compose service's container on the host network: compose's values
 * (interpolated from `env`), the given engines in place of compose's own, service URLs rewritten,
 * PUBLIC_URL the edge's origin, and for a process that listens, HOST and PORT.
 */
export function containerEnvironment(
  service: ComposeService,
  options: {
    env: Record<string, string | undefined>;
    engines: Engines;
    ports: ReadonlyMap<string, number>;
    publicUrl: string;
    port?: number;
  },
): Record<string, string> {
  const environment = serviceEnvironment(service, options.env);
  for (const [name, value] of Object.entries(environment)) {
    if ((ENGINE_VARIABLES as readonly string[]).includes(name))
      environment[name] = options.engines[name as keyof Engines];
    else if (name === 'PUBLIC_URL') environment[name] = options.publicUrl;
    else environment[name] = rewriteServiceUrls(value, options.ports);
  }
  if (options.port !== undefined) {
    environment.HOST = '127.0.0.1';
    environment.PORT = String(options.port);
  }
  return environment;
}

export class WiringError extends Error {
  readonly code = 'WIRING_FAILED';
}

/**
 * An nginx configuration (the images' own, or compose's edge) on the host network: `listen 8080`
 * becomes `listen 127.0.0.1:<port>`, upstreams `http://<service>:8080` their containers' ports.
 */
export function nginxOnHostNetwork(conf: string, port: number, ports: ReadonlyMap<string, number>): string {
  const listen = new RegExp(`^(\\s*)listen ${CONTAINER_PORT};`, 'gm');
  if (!listen.test(conf))
    throw new WiringError(`no "listen ${CONTAINER_PORT};" line in the nginx configuration`);
  return rewriteServiceUrls(conf.replace(listen, `$1listen 127.0.0.1:${port};`), ports);
}
