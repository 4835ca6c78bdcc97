/*
 * What the service worker does with each request, written against the Cache and fetch APIs it is
 * given (the worker passes its own; the tests pass fakes), so the rules can be tested in Node.
 *
 * - Pages: network first; offline, the last plain shell page (the app then routes as usual).
 * - `/remotes.json`, remote manifests and other unhashed files: network first, last copy offline, so
 *   a remote deployed on its own is picked up on the next load, as without a worker.
 * - Hashed files (ours and the remotes', found at run time, never from a build-time list): from the
 *   cache once stored; their names change with their content.
 * - The signed-in seller's reads the journey needs offline, and the session probe: network first,
 *   the last good answer offline, stored per user (the session says who) and deleted on sign-out,
 *   on sign-in, on a 401 and when the session names someone else.
 * - Everything else (writes, the live streams, /api/dev, other reads) is not touched.
 */

export const CACHE_VERSION = 'v1';
export const SHELL_CACHE = `listready-shell-${CACHE_VERSION}`;
export const ASSET_CACHE = `listready-assets-${CACHE_VERSION}`;
export const SESSION_CACHE = `listready-session-${CACHE_VERSION}`;
export const USER_CACHE_PREFIX = `listready-user-${CACHE_VERSION}-`;

export const SHELL_PAGE_URL = '/index.html';
export const SESSION_URL = '/api/auth/session';
export const REMOTES_CONFIG_URL = '/remotes.json';
/** The remote whose files are stored at install: the seller's journey is what works offline. */
export const OFFLINE_REMOTE = 'mfe-seller';

/**
 * The reads kept for offline use: the journey screen's, the signed-in user, and the profile's (its
 * groups and the seller's property), so Custom Tasks opens offline to add a task there.
 */
export const USER_READ_PATHS: readonly string[] = [
  '/api/clients/current/journey',
  '/api/clients/current/tasks',
  '/api/clients/current/custom-tasks',
  '/api/auth/user',
  '/api/user-groups',
  '/api/clients/current/profile',
];

/** Requests that change who is signed in: whatever was kept for the previous user goes. */
const SIGN_IN_OR_OUT = /^\/api\/(login|logout|register|auth\/password-reset-confirm)$/;

/** Hashed build outputs (`main.1a2b3c4d.js`, `remoteEntry.1a2b3c4d.js`) never change. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Enough for a few deploys of the shell and the remotes; the oldest go first. */
export const MAX_ASSET_ENTRIES = 400;

export type RequestKind =
  'page' | 'session' | 'user-read' | 'sign-in-or-out' | 'revalidated-file' | 'hashed-file' | 'untouched';

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

/** Which rule a request falls under (the worker's scope is the site's origin). */
export function requestKind(request: RequestFacts, origin: string): RequestKind {
  const url = new URL(request.url);
  const sameOrigin = url.origin === origin;
  if (request.method !== 'GET') {
    return sameOrigin && SIGN_IN_OR_OUT.test(url.pathname) ? 'sign-in-or-out' : 'untouched';
  }
  if (!/^https?:$/.test(url.protocol)) return 'untouched';
  if (sameOrigin && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) {
    if (request.mode === 'navigate') return 'untouched';
    if (url.pathname === SESSION_URL && url.search === '') return 'session';
    return USER_READ_PATHS.includes(url.pathname) ? 'user-read' : 'untouched';
  }
  if (request.mode === 'navigate') return sameOrigin ? 'page' : 'untouched';
  // The worker's own script is the browser's to update.
  if (sameOrigin && url.pathname === '/service-worker.js') return 'untouched';
  if (HASHED_FILE.test(url.pathname)) return 'hashed-file';
  // A remote hosted elsewhere: its manifest (which names its hashed files) is kept; nothing else.
  return sameOrigin || url.pathname.endsWith('/mf-manifest.json') ? 'revalidated-file' : 'untouched';
}

export interface WorkerEnvironment {
  /** The shell's hashed files (the build lists them), stored at install. */
  shellFiles?: readonly string[];
  caches: CacheStorage;
  fetch: typeof fetch;
  origin: string;
}

interface SessionBody {
  user?: { id?: unknown } | null;
}

/** The user id a session answer names, or null for a visitor. */
async function userOfSessionAnswer(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as SessionBody;
    return typeof body.user?.id === 'string' ? body.user.id : null;
  } catch {
    return null;
  }
}

export function createWorkerCache(environment: WorkerEnvironment) {
  const { caches, origin } = environment;
  // The session answer being read, so a read answered at the same moment is stored for the right user.
  let sessionInFlight: Promise<unknown> = Promise.resolve();
  // The worker's own session probe, while one is out (sessionUserAskedByWorker).
  let ownProbe: Promise<unknown> | undefined;

  async function deleteUserData(keepUserId?: string): Promise<void> {
    const names = await caches.keys();
    await Promise.all(
      names
        .filter((name) => name.startsWith(USER_CACHE_PREFIX) && name !== `${USER_CACHE_PREFIX}${keepUserId}`)
        .map((name) => caches.delete(name)),
    );
    if (keepUserId === undefined) await caches.delete(SESSION_CACHE);
  }

  /** The user the last good session answer named (the one the stored reads belong to). */
  async function storedSessionUser(): Promise<string | null> {
    const cache = await caches.open(SESSION_CACHE);
    const answer = await cache.match(SESSION_URL);
    return answer ? userOfSessionAnswer(answer) : null;
  }

  async function networkFirst(request: Request, cacheName: string, key: RequestInfo = request) {
    try {
      const response = await environment.fetch(request);
      if (response.ok) {
        const cache = await caches.open(cacheName);
        await cache.put(key, response.clone());
      }
      return response;
    } catch (error) {
      const cached = await (await caches.open(cacheName)).match(key, { ignoreVary: true });
      if (cached) return cached;
      throw error;
    }
  }

  async function session(request: Request): Promise<Response> {
    // Reads answered while the probe is out wait for it (a page asks for both at once), so what
    // they store goes to the user this probe names, not to the one before.
    const answered = askSession(request);
    sessionInFlight = answered.catch(() => undefined);
    return answered;
  }

  /**
   * Who is signed in, for a read answered while the worker knows nobody: the page preloads the
   * journey's reads from its head (the gateway's hints), before its own session probe starts, and
   * after a sign-in or a first visit nothing is stored yet. The worker asks once for all such reads
   * (the answer is stored as the page's own would be); the reads then go to the user it names.
   */
  async function sessionUserAskedByWorker(): Promise<string | null> {
    if (!ownProbe) {
      ownProbe = askSession(new Request(new URL(SESSION_URL, origin)))
        .catch(() => undefined)
        .finally(() => {
          ownProbe = undefined;
        });
      sessionInFlight = ownProbe;
    }
    await ownProbe;
    return storedSessionUser();
  }

  async function askSession(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await environment.fetch(request);
    } catch (error) {
      const cached = await (await caches.open(SESSION_CACHE)).match(SESSION_URL);
      if (cached) return cached;
      throw error;
    }
    if (!response.ok) {
      if (response.status === 401) await deleteUserData();
      return response;
    }
    const userId = await userOfSessionAnswer(response);
    if (userId === null) {
      await deleteUserData();
      return response;
    }
    await deleteUserData(userId);
    await (await caches.open(SESSION_CACHE)).put(SESSION_URL, response.clone());
    return response;
  }

  async function userRead(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await environment.fetch(request);
    } catch (error) {
      await sessionInFlight;
      const userId = await storedSessionUser();
      const cached = userId
        ? await (await caches.open(`${USER_CACHE_PREFIX}${userId}`)).match(request, { ignoreVary: true })
        : undefined;
      if (cached) return cached;
      throw error;
    }
    if (response.status === 401) {
      await deleteUserData();
    } else if (response.ok) {
      await sessionInFlight;
      const userId = (await storedSessionUser()) ?? (await sessionUserAskedByWorker());
      // Nobody signed in, as far as the session says: nothing is kept (it could not be told apart
      // from another's).
      if (userId) await (await caches.open(`${USER_CACHE_PREFIX}${userId}`)).put(request, response.clone());
    }
    return response;
  }

  /** The plain shell (not a visitor's prerendered page) is what a signed-in user reloads into. */
  async function keepShellPage(response: Response): Promise<void> {
    if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
    const html = await response.clone().text();
    if (!html.includes('data-rendered-path'))
      await (await caches.open(SHELL_CACHE)).put(SHELL_PAGE_URL, response);
  }

  async function page(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
    try {
      const response = await environment.fetch(request);
      // Kept beside the page's delivery, which streams on without waiting for it.
      waitUntil(keepShellPage(response.clone()).catch(() => undefined));
      return response;
    } catch (error) {
      const cached = await (await caches.open(SHELL_CACHE)).match(SHELL_PAGE_URL, { ignoreVary: true });
      if (cached) return cached;
      throw error;
    }
  }

  async function hashedFile(request: Request): Promise<Response> {
    const cache = await caches.open(ASSET_CACHE);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await environment.fetch(request);
    // Opaque (a remote on another origin loaded as a classic script) is fine to keep: it is immutable.
    if (response.ok || response.type === 'opaque') {
      await cache.put(request, response.clone());
      await trimAssets(cache);
    }
    return response;
  }

  async function trimAssets(cache: Cache): Promise<void> {
    const keys = await cache.keys();
    await Promise.all(
      keys.slice(0, Math.max(0, keys.length - MAX_ASSET_ENTRIES)).map((key) => cache.delete(key)),
    );
  }

  /** Stores the shell page and its files, and the seller remote's entry and files, as they are now. */
  async function precache(): Promise<void> {
    const shell = await caches.open(SHELL_CACHE);
    const pageResponse = await environment.fetch(new Request(new URL(SHELL_PAGE_URL, origin)));
    if (!pageResponse.ok) throw new Error(`${SHELL_PAGE_URL} answered ${pageResponse.status}`);
    await shell.put(SHELL_PAGE_URL, pageResponse.clone());
    const html = await pageResponse.text();
    const shellFiles = [
      ...[...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? ''),
      ...(environment.shellFiles ?? []),
    ]
      .map((file) => new URL(file, origin))
      .filter((url) => url.origin === origin && HASHED_FILE.test(url.pathname));
    // The remote may be deployed elsewhere or be down: the worker still installs without it.
    const remoteFiles = await remoteFilesToPrecache().catch(() => []);
    await Promise.all(
      [...shellFiles, ...remoteFiles].map((url) => hashedFile(new Request(url)).catch(() => undefined)),
    );
  }

  async function remoteFilesToPrecache(): Promise<URL[]> {
    const config = await networkFirst(new Request(new URL(REMOTES_CONFIG_URL, origin)), SHELL_CACHE);
    const remotes = (await config.json()) as Record<string, unknown>;
    const manifestAddress = remotes[OFFLINE_REMOTE];
    if (typeof manifestAddress !== 'string') return [];
    const manifestUrl = new URL(manifestAddress, origin);
    const manifestResponse = await networkFirst(new Request(manifestUrl), SHELL_CACHE);
    return filesOfFederationManifest(await manifestResponse.json(), manifestUrl);
  }

  return {
    /**
     * The response for a request, or undefined when the worker leaves it to the browser; work that
     * may finish after the response goes to `waitUntil` (the fetch event's).
     */
    respond(
      request: Request,
      waitUntil: (work: Promise<unknown>) => void = (work) => void work,
    ): Promise<Response> | undefined {
      switch (requestKind(request, origin)) {
        case 'page':
          return page(request, waitUntil);
        case 'session':
          return session(request);
        case 'user-read':
          return userRead(request);
        case 'hashed-file':
          return hashedFile(request);
        case 'revalidated-file':
          return networkFirst(request, SHELL_CACHE);
        default:
          return undefined;
      }
    },
    /** Work a request starts without the worker answering it (sign-in or sign-out clears user data). */
    sideEffect(request: Request): Promise<void> | undefined {
      return requestKind(request, origin) === 'sign-in-or-out' ? deleteUserData() : undefined;
    },
    precache,
    /** On activation: caches of an older worker version go. */
    async removeOldCaches(): Promise<void> {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('listready-') && !name.includes(`-${CACHE_VERSION}`))
          .map((name) => caches.delete(name)),
      );
    },
    deleteUserData,
  };
}

interface FederationManifestShape {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ assets?: Record<string, { sync?: string[]; async?: string[] } | undefined> }>;
}

/**
 * The remote's entry and the files of what it exposes, named relative to its manifest (its copies
 * of the shared libraries are not: the shell's are the ones loaded, `loaded-first`).
 */
export function filesOfFederationManifest(manifest: unknown, manifestUrl: URL): URL[] {
  const shape = (manifest ?? {}) as FederationManifestShape;
  const files = new Set<string>();
  const entry = shape.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? entry.path.replace(/\/?$/, '/') : ''}${entry.name}`);
  for (const part of shape.exposes ?? []) {
    for (const kind of Object.values(part.assets ?? {})) {
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(file);
    }
  }
  return [...files].map((file) => new URL(file, manifestUrl)).filter((url) => HASHED_FILE.test(url.pathname));
}
