import { createWorkerCache } from './worker-cache.ts';

/*
 * The service worker (served as /service-worker.js, scope /): installable, and the journey readable
 * offline. The rules are in worker-cache.ts. The shell's TypeScript program has the DOM's types, not
 * the worker's (the two cannot be mixed), so the few worker events used are described here.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly caches: CacheStorage;
  readonly clients: { claim(): Promise<void> };
  fetch: typeof fetch;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

/** The shell's hashed files, written in by the build (shell/build/service-worker-plugin.ts). */
declare const __SHELL_FILES__: string[];

const worker = self as unknown as ServiceWorkerScope;
const workerCache = createWorkerCache({
  shellFiles: __SHELL_FILES__,
  caches: worker.caches,
  fetch: (input, init) => worker.fetch(input, init),
  origin: worker.location.origin,
});

worker.addEventListener('install', (event) => {
  // A new version takes over at once: every rule it applies is network first for what can change.
  event.waitUntil(workerCache.precache().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(workerCache.removeOldCaches().then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const sideEffect = workerCache.sideEffect(event.request);
  if (sideEffect) event.waitUntil(sideEffect);
  const response = workerCache.respond(event.request, (work) => event.waitUntil(work));
  if (response) event.respondWith(response);
});
