import { gatewayConfigSchema } from '@listready/gateway';
import { loadConfig } from '@listready/service-kit';

/** `npm start` settings: the gateway's (PORT, DATA_DIR, engines…); service URLs are filled in by the runtime. */
export const runtimeConfigSchema = gatewayConfigSchema;
export const loadRuntimeConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(runtimeConfigSchema, env);
