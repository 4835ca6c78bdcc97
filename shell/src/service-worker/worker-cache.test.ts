// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ASSET_CACHE,
  createWorkerCache,
  filesOfFederationManifest,
  requestKind,
  SESSION_CACHE,
  SHELL_CACHE,
  USER_CACHE_PREFIX,
} from './worker-cache.ts';

const ORIGIN = 'https://listready.test';

/** The Cache API as the worker uses it, in memory (keys by URL, insertion order kept). */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(request: RequestInfo | URL): string {
    return new URL(typeof request === 'string' || request instanceof URL ? request : request.url, ORIGIN)
      .href;
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = this.key(request);
    this.entries.delete(key);
    this.entries.set(key, response.clone());
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.key(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class MemoryCacheStorage {
  readonly stores = new Map<string, MemoryCache>();
  async open(name: string): Promise<Cache> {
    let cache = this.stores.get(name);
    if (!cache) {
      cache = new MemoryCache();
      this.stores.set(name, cache);
    }
    return cache as unknown as Cache;
  }
  async keys(): Promise<string[]> {
    return [...this.stores.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }
  async has(name: string): Promise<boolean> {
    return this.stores.has(name);
  }
  async match(): Promise<undefined> {
    return undefined;
  }
}

type Answer = Response | 'offline';

/** A network whose answers the test sets per path; records what was asked. */
function fakeNetwork() {
  const answers = new Map<string, () => Answer | Promise<Answer>>();
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, ORIGIN);
    asked.push(url.pathname);
    const answer = (await answers.get(url.pathname)?.()) ?? new Response('not found', { status: 404 });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return answer;
  };
  return {
    asked,
    answer: (path: string, make: () => Answer | Promise<Answer>) => answers.set(path, make),
    fetch: fetch as typeof globalThis.fetch,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const html = (body: string) =>
  new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
const get = (path: string, mode: RequestMode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });
const request = (path: string, init?: RequestInit) => new Request(`${ORIGIN}${path}`, init);
/** A page load (Node's Request cannot be made in `navigate` mode; the worker reads only these). */
const navigation = (path: string) =>
  ({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' }) as Request;

function setUp() {
  const caches = new MemoryCacheStorage();
  const network = fakeNetwork();
  const worker = createWorkerCache({
    caches: caches as unknown as CacheStorage,
    fetch: network.fetch,
    origin: ORIGIN,
  });
  return { caches, network, worker };
}

describe('requestKind', () => {
  it.each([
    [get('/journey', 'navigate'), 'page'],
    [get('/api/auth/session'), 'session'],
    [get('/api/clients/current/journey'), 'user-read'],
    [get('/api/clients/current/tasks?clientId=abc'), 'user-read'],
    [get('/api/clients/current/custom-tasks'), 'user-read'],
    [get('/api/auth/user'), 'user-read'],
    [get('/api/user-groups'), 'user-read'],
    [get('/api/clients/current/profile'), 'user-read'],
    [get('/api/clients/current/households'), 'untouched'],
    [get('/api/clients/current/live'), 'untouched'],
    [get('/api/dev/mailbox?to=a@example.com'), 'untouched'],
    [get('/api/agents/current'), 'untouched'],
    [get('/api/login', 'navigate'), 'untouched'],
    [{ url: `${ORIGIN}/api/client-tasks/1`, method: 'PUT', mode: 'cors' }, 'untouched'],
    [{ url: `${ORIGIN}/api/logout`, method: 'POST', mode: 'cors' }, 'sign-in-or-out'],
    [{ url: `${ORIGIN}/api/login`, method: 'POST', mode: 'cors' }, 'sign-in-or-out'],
    [get('/remotes.json'), 'revalidated-file'],
    [get('/remotes/mfe-seller/mf-manifest.json'), 'revalidated-file'],
    [get('/main.1a2b3c4d.js', 'no-cors'), 'hashed-file'],
    [get('/remotes/mfe-seller/remoteEntry.0123abcd.js', 'no-cors'), 'hashed-file'],
    [get('/service-worker.js'), 'untouched'],
    [
      { url: 'https://cdn.test/mfe-seller/mf-manifest.json', method: 'GET', mode: 'cors' },
      'revalidated-file',
    ],
    [{ url: 'https://cdn.test/mfe-seller/358.0123abcd.js', method: 'GET', mode: 'no-cors' }, 'hashed-file'],
    [{ url: 'https://elsewhere.test/page', method: 'GET', mode: 'cors' }, 'untouched'],
  ])('%o is %s', (facts, kind) => {
    expect(requestKind(facts, ORIGIN)).toBe(kind);
  });
});

describe('the signed-in user reads', () => {
  const seller = { user: { id: 'seller-a', firstName: 'Ann' } };
  const journey = { stages: ['one'] };

  it('are network first, kept for the user the session names, and answered from there offline', async () => {
    const { caches, network, worker } = setUp();
    network.answer('/api/auth/session', () => json(seller));
    network.answer('/api/clients/current/journey', () => json(journey));
    await worker.respond(request('/api/auth/session'));
    expect(await (await worker.respond(request('/api/clients/current/journey')))?.json()).toEqual(journey);
    expect(caches.stores.has(`${USER_CACHE_PREFIX}seller-a`)).toBe(true);

    network.answer('/api/auth/session', () => 'offline');
    network.answer('/api/clients/current/journey', () => 'offline');
    expect(await (await worker.respond(request('/api/auth/session')))?.json()).toEqual(seller);
    expect(await (await worker.respond(request('/api/clients/current/journey')))?.json()).toEqual(journey);
  });

  it('online, always ask the network (a newer answer replaces the kept one)', async () => {
    const { network, worker } = setUp();
    network.answer('/api/auth/session', () => json(seller));
    await worker.respond(request('/api/auth/session'));
    let version = 0;
    network.answer('/api/clients/current/tasks', () => json({ version: ++version }));
    await worker.respond(request('/api/clients/current/tasks'));
    expect(await (await worker.respond(request('/api/clients/current/tasks')))?.json()).toEqual({
      version: 2,
    });
    network.answer('/api/clients/current/tasks', () => 'offline');
    expect(await (await worker.respond(request('/api/clients/current/tasks')))?.json()).toEqual({
      version: 2,
    });
  });

  it('answered while the session probe is out, are kept for the user that probe names', async () => {
    const { caches, network, worker } = setUp();
    network.answer('/api/auth/session', () => json(seller));
    await worker.respond(request('/api/auth/session'));
    // Someone else signs in (the cookie changes without the worker seeing it); the page then asks
    // for the session and the journey at once, and the journey answers first.
    let answerSession: (response: Response) => void = () => undefined;
    network.answer('/api/auth/session', () => new Promise<Response>((resolve) => (answerSession = resolve)));
    network.answer('/api/clients/current/journey', () => json({ stages: ['theirs'] }));
    const probe = worker.respond(request('/api/auth/session'));
    const read = worker.respond(request('/api/clients/current/journey'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    answerSession(json({ user: { id: 'seller-b' } }));
    await Promise.all([probe, read]);
    expect(caches.stores.has(`${USER_CACHE_PREFIX}seller-a`)).toBe(false);
    expect(caches.stores.get(`${USER_CACHE_PREFIX}seller-b`)?.entries.size).toBe(1);
  });

  it('answered before the page asks who is signed in (preloaded from its head), are kept: the worker asks once', async () => {
    const { caches, network, worker } = setUp();
    network.answer('/api/auth/session', () => json(seller));
    network.answer('/api/clients/current/journey', () => json(journey));
    network.answer('/api/clients/current/tasks', () => json([]));
    // A sign-in (or a first visit) left nobody stored; the page's two preloaded reads answer first.
    await Promise.all([
      worker.respond(request('/api/clients/current/journey')),
      worker.respond(request('/api/clients/current/tasks')),
    ]);
    expect(network.asked.filter((path) => path === '/api/auth/session')).toHaveLength(1);
    expect(caches.stores.get(`${USER_CACHE_PREFIX}seller-a`)?.entries.size).toBe(2);
    network.answer('/api/auth/session', () => 'offline');
    network.answer('/api/clients/current/journey', () => 'offline');
    expect(await (await worker.respond(request('/api/clients/current/journey')))?.json()).toEqual(journey);
  });

  it('are not kept when nobody is signed in, as the session says', async () => {
    for (const answer of [() => json({ user: null }), () => json({ message: 'Unauthorized' }, 401)]) {
      const { caches, network, worker } = setUp();
      network.answer('/api/auth/session', answer);
      network.answer('/api/clients/current/journey', () => json(journey));
      await worker.respond(request('/api/clients/current/journey'));
      expect([...caches.stores.keys()].filter((name) => name.startsWith(USER_CACHE_PREFIX))).toEqual([]);
      network.answer('/api/clients/current/journey', () => 'offline');
      await expect(worker.respond(request('/api/clients/current/journey'))).rejects.toThrow(
        'Failed to fetch',
      );
    }
  });

  it('are deleted when the session names someone else, nobody, or answers 401', async () => {
    for (const next of [
      () => json({ user: { id: 'seller-b' } }),
      () => json({ user: null }),
      () => json({ message: 'Unauthorized' }, 401),
    ]) {
      const { caches, network, worker } = setUp();
      network.answer('/api/auth/session', () => json(seller));
      network.answer('/api/clients/current/journey', () => json(journey));
      await worker.respond(request('/api/auth/session'));
      await worker.respond(request('/api/clients/current/journey'));
      network.answer('/api/auth/session', next);
      await worker.respond(request('/api/auth/session'));
      expect(caches.stores.has(`${USER_CACHE_PREFIX}seller-a`)).toBe(false);
      network.answer('/api/clients/current/journey', () => 'offline');
      await expect(worker.respond(request('/api/clients/current/journey'))).rejects.toThrow();
    }
  });

  it('are deleted by a 401 to one of them, and by signing out or in', async () => {
    const cases: Array<(worker: ReturnType<typeof setUp>) => Promise<unknown>> = [
      async ({ network, worker }) => {
        network.answer('/api/clients/current/tasks', () => json({ message: 'Unauthorized' }, 401));
        await worker.respond(request('/api/clients/current/tasks'));
      },
      ({ worker }) => worker.sideEffect(request('/api/logout', { method: 'POST' })) ?? Promise.resolve(),
      ({ worker }) =>
        worker.sideEffect(request('/api/login', { method: 'POST', body: '{}' })) ?? Promise.resolve(),
    ];
    for (const provoke of cases) {
      const setup = setUp();
      const { caches, network, worker } = setup;
      network.answer('/api/auth/session', () => json(seller));
      network.answer('/api/clients/current/journey', () => json(journey));
      await worker.respond(request('/api/auth/session'));
      await worker.respond(request('/api/clients/current/journey'));
      await provoke(setup);
      expect(caches.stores.has(`${USER_CACHE_PREFIX}seller-a`)).toBe(false);
      expect(caches.stores.has(SESSION_CACHE)).toBe(false);
    }
  });

  it('leave writes alone: a task change is never answered by the worker', () => {
    const { worker } = setUp();
    const change = request('/api/client-tasks/1', { method: 'PUT', body: '{"status":"completed"}' });
    expect(worker.respond(change)).toBeUndefined();
    expect(worker.sideEffect(change)).toBeUndefined();
  });
});

describe('pages and files', () => {
  it('keeps the plain shell page (not a visitor page) for offline navigations', async () => {
    const { network, worker } = setUp();
    network.answer('/journey', () => html('<div id="root"></div><script src="/main.1a2b3c4d.js"></script>'));
    network.answer('/', () => html('<div id="root" data-rendered-path="/">landing</div>'));
    const kept: Promise<unknown>[] = [];
    await worker.respond(navigation('/journey'), (work) => kept.push(work));
    await worker.respond(navigation('/'), (work) => kept.push(work));
    await Promise.all(kept);
    network.answer('/profile', () => 'offline');
    const page = await worker.respond(navigation('/profile'))?.then((response) => response.text());
    expect(page).toContain('main.1a2b3c4d.js');
  });

  it('answers a hashed file from the cache once stored, and asks again for remotes.json every time', async () => {
    const { network, worker } = setUp();
    network.answer('/main.1a2b3c4d.js', () => new Response('code'));
    network.answer('/remotes.json', () => json({ 'mfe-seller': '/remotes/mfe-seller/mf-manifest.json' }));
    for (let round = 0; round < 3; round += 1) {
      await worker.respond(request('/main.1a2b3c4d.js'));
      await worker.respond(request('/remotes.json'));
    }
    expect(network.asked.filter((path) => path === '/main.1a2b3c4d.js')).toHaveLength(1);
    expect(network.asked.filter((path) => path === '/remotes.json')).toHaveLength(3);
  });

  it('stores at install the shell page, its hashed files and the seller remote from remotes.json', async () => {
    const caches = new MemoryCacheStorage();
    const network = fakeNetwork();
    const worker = createWorkerCache({
      caches: caches as unknown as CacheStorage,
      fetch: network.fetch,
      origin: ORIGIN,
      // A lazy chunk the page does not name (the toaster): the build lists it.
      shellFiles: ['/main.5e6f7a8b.js', '/toaster.0f0f0f0f.js'],
    });
    network.answer('/toaster.0f0f0f0f.js', () => new Response('toaster'));
    network.answer('/index.html', () =>
      html(
        '<link href="/main.1a2b3c4d.css" rel="stylesheet"><script defer src="/main.5e6f7a8b.js"></script>',
      ),
    );
    network.answer('/main.1a2b3c4d.css', () => new Response('css'));
    network.answer('/main.5e6f7a8b.js', () => new Response('js'));
    network.answer('/remotes.json', () => json({ 'mfe-seller': '/remotes/mfe-seller/mf-manifest.json' }));
    network.answer('/remotes/mfe-seller/mf-manifest.json', () =>
      json({
        metaData: { remoteEntry: { name: 'remoteEntry.0123abcd.js', path: '' } },
        exposes: [{ assets: { js: { sync: ['lifecycles.89abcdef.js'], async: ['screen.fedcba98.js'] } } }],
      }),
    );
    for (const file of ['remoteEntry.0123abcd.js', 'lifecycles.89abcdef.js', 'screen.fedcba98.js'])
      network.answer(`/remotes/mfe-seller/${file}`, () => new Response(file));
    await worker.precache();
    expect([...(caches.stores.get(SHELL_CACHE)?.entries.keys() ?? [])]).toContain(`${ORIGIN}/index.html`);
    expect([...(caches.stores.get(ASSET_CACHE)?.entries.keys() ?? [])].sort()).toEqual(
      [
        '/main.1a2b3c4d.css',
        '/main.5e6f7a8b.js',
        '/remotes/mfe-seller/lifecycles.89abcdef.js',
        '/remotes/mfe-seller/remoteEntry.0123abcd.js',
        '/remotes/mfe-seller/screen.fedcba98.js',
        '/toaster.0f0f0f0f.js',
      ].map((path) => `${ORIGIN}${path}`),
    );
  });

  it('installs without the remote when it cannot be reached', async () => {
    const { network, worker } = setUp();
    network.answer('/index.html', () => html('<p>shell</p>'));
    network.answer('/remotes.json', () => 'offline');
    await expect(worker.precache()).resolves.toBeUndefined();
  });

  it('names a remote hosted elsewhere by its manifest URL', () => {
    const files = filesOfFederationManifest(
      { metaData: { remoteEntry: { name: 'remoteEntry.0123abcd.js', path: 'js' } } },
      new URL('https://cdn.test/seller/mf-manifest.json'),
    );
    expect(files.map(String)).toEqual(['https://cdn.test/seller/js/remoteEntry.0123abcd.js']);
  });

  it('removes the caches of another worker version on activation, not its own', async () => {
    const { caches, worker } = setUp();
    await caches.open('listready-assets-v0');
    await caches.open(ASSET_CACHE);
    await worker.removeOldCaches();
    expect([...caches.stores.keys()]).toEqual([ASSET_CACHE]);
  });
});
