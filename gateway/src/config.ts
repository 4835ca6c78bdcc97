import path from 'node:path';
import { z } from 'zod';
import { defaultManifestUrl, REMOTE_NAMES, type RemoteName } from '@listready/contracts';
import {
  baseConfigSchema,
  loadConfig,
  loadSheddingFromConfig,
  portSchema,
  type LoadSheddingOptions,
} from '@listready/service-kit';
import type { UpstreamAdmission } from './upstream-admission.ts';
import type { FrontendRemote } from './frontend/index.ts';
import { SERVICE_NAMES, type ServiceName } from './routes-table.ts';

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url().optional());

type Underscored<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}_${Underscored<Tail>}`
  : Name;
export type RemoteUrlVariable = `REMOTE_${Uppercase<Underscored<RemoteName>>}_URL`;

/** `mfe-seller` → `REMOTE_MFE_SELLER_URL`: where that remote's manifest is, when not served here. */
export function remoteUrlVariable(name: RemoteName): RemoteUrlVariable {
  return `REMOTE_${name.toUpperCase().replaceAll('-', '_')}_URL` as RemoteUrlVariable;
}

const remoteUrlSchema = optionalUrl.or(z.string().startsWith('/'));
const remoteUrlVariables = Object.fromEntries(
  REMOTE_NAMES.map((name) => [remoteUrlVariable(name), remoteUrlSchema]),
) as Record<RemoteUrlVariable, typeof remoteUrlSchema>;

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(8080),
  AUTH_SERVICE_URL: optionalUrl,
  JOURNEY_SERVICE_URL: optionalUrl,
  INVITATION_SERVICE_URL: optionalUrl,
  BRANDING_SERVICE_URL: optionalUrl,
  ANALYTICS_SERVICE_URL: optionalUrl,
  /** Where the built shell lives; each remote's build is served from its own folder unless its URL is set. */
  SHELL_DIR: z.string().default('shell/dist'),
  ...remoteUrlVariables,
  REMOTES_ROOT: z.string().default('.'),
  /** Proxies in front of the gateway whose X-Forwarded-For to believe (1 behind an ingress; 0 when clients connect directly). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Serve the shell and the remotes (off where a static server in front does, as in the Helm chart). */
  SERVE_FRONTEND: z.enum(['true', 'false']).default('true'),
  /** Requests in progress at once beyond which new ones get a 503 (every service's pass through here). */
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(512),
  /**
   * Requests in progress per service through this gateway beyond which the gateway itself answers
   * 503 without forwarding (0: no bound). Little's law: a service's capacity × the latency to keep.
   */
  SHED_UPSTREAM_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(32),
});
export type GatewayEnv = z.infer<typeof gatewayConfigSchema>;

export interface GatewayConfig {
  production: boolean;
  /** Hops in front of the gateway to trust for the client IP (0: none). */
  trustProxyHops: number;
  serveFrontend: boolean;
  services: Partial<Record<ServiceName, string>>;
  shellDir: string;
  remotes: FrontendRemote[];
  /** Fast 503s while the gateway's event loop is overloaded (SHED_* settings); unset: none. */
  loadShedding?: LoadSheddingOptions | false;
  /** Each service's bound on requests in progress through the gateway (on with load shedding); unset: none. */
  upstreamAdmission?: UpstreamAdmission | false;
}

/** Gateway settings from the environment (the runtime passes service URLs it started itself). */
export function gatewayConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): GatewayEnv & GatewayConfig {
  const parsed = loadConfig(gatewayConfigSchema, env);
  const loadShedding = loadSheddingFromConfig(parsed);
  const serviceUrls: Record<ServiceName, string | undefined> = {
    auth: parsed.AUTH_SERVICE_URL,
    journey: parsed.JOURNEY_SERVICE_URL,
    invitation: parsed.INVITATION_SERVICE_URL,
    branding: parsed.BRANDING_SERVICE_URL,
    analytics: parsed.ANALYTICS_SERVICE_URL,
  };
  const services = Object.fromEntries(
    SERVICE_NAMES.flatMap((name) => (serviceUrls[name] ? [[name, serviceUrls[name]]] : [])),
  );
  const remote = (name: RemoteName, configured: string | undefined): FrontendRemote =>
    configured
      ? { name, url: configured }
      : {
          name,
          url: defaultManifestUrl(name),
          dir: path.resolve(parsed.REMOTES_ROOT, name, 'dist'),
        };
  return {
    ...parsed,
    production: parsed.NODE_ENV === 'production',
    trustProxyHops: parsed.TRUST_PROXY,
    serveFrontend: parsed.SERVE_FRONTEND === 'true',
    services,
    shellDir: path.resolve(parsed.SHELL_DIR),
    remotes: REMOTE_NAMES.map((name) => remote(name, parsed[remoteUrlVariable(name)])),
    loadShedding,
    upstreamAdmission: loadShedding && {
      maxInFlight: parsed.SHED_UPSTREAM_MAX_IN_FLIGHT,
      retryAfterSeconds: loadShedding.retryAfterSeconds,
    },
  };
}
