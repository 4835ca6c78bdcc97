import { toast } from '@listready/ui';
import { createApiClient } from './api-client.ts';

/** The browser's instance, shared by the shell and every remote (this library is a federation singleton). */
export const apiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  notifyUnauthorized: (notice) => toast({ ...notice, variant: 'destructive' }),
  redirect: (url) => window.location.assign(url),
  setTimeout: (callback, delayMs) => window.setTimeout(callback, delayMs),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});
