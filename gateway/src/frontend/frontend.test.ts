import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_LOADER_CSP_SOURCE } from '@listready/contracts/visitor-pages';
import {
  FrontendConfigError,
  frontendPlugin,
  FAVICON_CACHE_CONTROL,
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  pageDataRoleOf,
  sessionClaimsOf,
  remotePreloadLinks,
  withCspNonce,
  type FrontendPluginOptions,
} from './index.ts';

// Larger than the gateway's compression threshold, like the real page.
const SHELL_HTML = `<!doctype html><html><head><meta name="description" content="${'ListReady '.repeat(120)}"><link rel="icon" href="/favicon.ico" sizes="32x32"></head><body><div id="root"></div><script src="/main.1a2b3c4d.js"></script></body></html>`;
const NONCE_META = /<meta property="csp-nonce" nonce="([^"]+)">/;
/** The shell's page as webpack writes it: its entry script and stylesheet in the head. */
const PRELOADING_SHELL_HTML = `<!doctype html><html><head><meta charset="utf-8"/><title>ListReady</title><script defer src="/main.1a2b3c4d.js"></script><link href="/main.5e6f7a8b.css" rel="stylesheet"></head><body><div id="root"></div></body></html>`;

/** The page as built: what the gateway sent, less the nonce it added. */
const withoutNonce = (body: string) => body.replace(NONCE_META, '');
const BIG_SCRIPT = `console.log(${JSON.stringify('listready '.repeat(500))});`;

let root: string;
let shellDir: string;
let sellerDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'listready-frontend-'));
  shellDir = path.join(root, 'shell');
  sellerDir = path.join(root, 'mfe-seller');
  await mkdir(shellDir);
  await mkdir(sellerDir);
  await writeFile(path.join(root, 'secret.txt'), 'not for the web');
  await writeFile(path.join(shellDir, 'index.html'), SHELL_HTML);
  await writeFile(path.join(shellDir, 'main.1a2b3c4d.js'), BIG_SCRIPT);
  await writeFile(path.join(shellDir, 'main.1a2b3c4d.css'), 'body{color:red}');
  // What the build ships beside each file (compression-webpack-plugin).
  await writeFile(path.join(shellDir, 'main.1a2b3c4d.css.br'), brotliCompressSync('body{color:red}'));
  await writeFile(path.join(shellDir, 'index.html.gz'), gzipSync(SHELL_HTML));
  await writeFile(path.join(shellDir, 'robots.txt'), 'User-agent: *');
  await writeFile(path.join(shellDir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(shellDir, 'manifest.webmanifest'), '{"name":"ListReady"}');
  await writeFile(path.join(shellDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(shellDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  await writeFile(path.join(sellerDir, 'mf-manifest.json'), '{"id":"mfe_seller"}');
  await writeFile(path.join(sellerDir, 'remoteEntry.9f8e7d6c.js'), 'var mfe_seller;');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The plugin inside a gateway shaped like the real one: compression, and 404 JSON for what nobody routes. */
async function build(overrides: Partial<FrontendPluginOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: 'Not Found', code: 'NOT_FOUND' }),
  );
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(frontendPlugin, {
    shellDir,
    production: false,
    remotes: [
      { name: 'mfe-seller', url: '/remotes/mfe-seller/mf-manifest.json', dir: sellerDir },
      { name: 'mfe-agent', url: '/remotes/mfe-agent/mf-manifest.json' },
      { name: 'mfe-analytics', url: 'https://analytics.cdn.example:8443/v2/mf-manifest.json' },
    ],
    ...overrides,
  });
  await app.ready();
  return app;
}

describe('frontendPlugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await app.close();
  });

  describe('caching', () => {
    it('serves hashed assets as immutable for a year', async () => {
      const response = await app.inject({ method: 'GET', url: '/main.1a2b3c4d.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.body).toBe(BIG_SCRIPT);
      const css = await app.inject({ method: 'GET', url: '/main.1a2b3c4d.css' });
      expect(css.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(css.headers['content-type']).toContain('text/css');
    });

    it('makes the browser revalidate the shell page and files without a hash', async () => {
      const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(withoutNonce(page.body)).toBe(SHELL_HTML);
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    });

    it('renders the shell page for every response: no validator, so never a stale nonce from a 304', async () => {
      const first = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['last-modified']).toBeUndefined();
      const second = await app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', 'if-modified-since': new Date().toUTCString() },
      });
      expect(second.statusCode).toBe(200);
    });

    it('serves the service worker revalidated, as a script, and the web app manifest as one', async () => {
      const worker = await app.inject({ method: 'GET', url: '/service-worker.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const icon = await app.inject({ method: 'GET', url: '/icon-192.png' });
      expect(icon.headers['content-type']).toBe('image/png');
    });

    it('keeps /favicon.ico (asked for by name, so unhashed) for a day', async () => {
      const icon = await app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe(FAVICON_CACHE_CONTROL);
      expect(icon.headers['content-type']).toBe('image/vnd.microsoft.icon');
    });

    it('serves the precompressed file the build made, with the right type and cache policy; compresses the page', async () => {
      const css = await app.inject({
        method: 'GET',
        url: '/main.1a2b3c4d.css',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(css.headers['content-encoding']).toBe('br');
      expect(css.headers['content-type']).toContain('text/css');
      expect(css.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(brotliDecompressSync(css.rawPayload).toString()).toBe('body{color:red}');
      const page = await app.inject({
        method: 'GET',
        url: '/journey',
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(withoutNonce(gunzipSync(page.rawPayload).toString())).toBe(SHELL_HTML);
    });

    it('compresses what it serves when the gateway compresses', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/main.1a2b3c4d.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length);
    });
  });

  describe('deep links', () => {
    it.each(['/journey', '/dashboard', '/auth', '/no-such-page', '/profile/'])(
      'serves the shell for %s',
      async (url) => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(response.statusCode).toBe(200);
        expect(withoutNonce(response.body)).toBe(SHELL_HTML);
        expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      },
    );

    it('keeps the query string for the shell to read', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/reset-password?token=abc',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(200);
      expect(withoutNonce(response.body)).toBe(SHELL_HTML);
    });

    it('does not answer a missing file or a non-HTML request with the shell', async () => {
      const script = await app.inject({
        method: 'GET',
        url: '/main.00000000.js',
        headers: { accept: '*/*' },
      });
      expect(script.statusCode).toBe(404);
      const json = await app.inject({
        method: 'GET',
        url: '/journey',
        headers: { accept: 'application/json' },
      });
      expect(json.statusCode).toBe(404);
      const post = await app.inject({ method: 'POST', url: '/journey', headers: { accept: 'text/html' } });
      expect(post.statusCode).toBe(404);
    });

    it('leaves unknown /api paths to the API 404, even for browsers', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/no-such-thing',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND' });
      const health = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { accept: 'text/html' },
      });
      expect(health.json()).toEqual({ status: 'ok' });
    });

    it('never serves files outside the build folders', async () => {
      for (const url of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/remotes/mfe-seller/../../secret.txt',
        '/remotes/mfe-seller/%2e%2e/secret.txt',
        '/remotes/mfe-seller/%E0%A4%A',
      ]) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(response.body, url).not.toContain('not for the web');
        expect(response.statusCode, url).toBeLessThan(500);
      }
    });
  });

  describe('remotes', () => {
    it('publishes each remote URL from config in /remotes.json, never cached', async () => {
      const response = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(response.json()).toEqual({
        'mfe-seller': '/remotes/mfe-seller/mf-manifest.json',
        'mfe-agent': '/remotes/mfe-agent/mf-manifest.json',
        'mfe-analytics': 'https://analytics.cdn.example:8443/v2/mf-manifest.json',
      });
    });

    it('serves a local remote folder: manifest revalidated, hashed entry immutable, readable cross-origin', async () => {
      const manifest = await app.inject({ method: 'GET', url: '/remotes/mfe-seller/mf-manifest.json' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(manifest.headers['access-control-allow-origin']).toBe('*');
      expect(manifest.json()).toEqual({ id: 'mfe_seller' });
      const entry = await app.inject({ method: 'GET', url: '/remotes/mfe-seller/remoteEntry.9f8e7d6c.js' });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    });

    it('answers 404 for a remote that is not hosted here or a file it does not have', async () => {
      const elsewhere = await app.inject({ method: 'GET', url: '/remotes/mfe-analytics/mf-manifest.json' });
      expect(elsewhere.statusCode).toBe(404);
      const missing = await app.inject({ method: 'GET', url: '/remotes/mfe-seller/nope.js' });
      expect(missing.statusCode).toBe(404);
    });

    it('sees a rebuilt remote without a restart', async () => {
      await writeFile(path.join(sellerDir, 'remoteEntry.0a0b0c0d.js'), 'var mfe_seller = 2;');
      const response = await app.inject({
        method: 'GET',
        url: '/remotes/mfe-seller/remoteEntry.0a0b0c0d.js',
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('var mfe_seller = 2;');
    });
  });

  describe('security headers', () => {
    function directives(header: string | string[] | number | undefined): Map<string, string[]> {
      const map = new Map<string, string[]>();
      for (const part of String(header).split(';')) {
        const [name, ...values] = part.trim().split(/\s+/);
        if (name) map.set(name, values);
      }
      return map;
    }

    it('allows scripts, styles and fetches from our origin and the remote origins only', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = directives(response.headers['content-security-policy']);
      const remoteOrigin = 'https://analytics.cdn.example:8443';
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", remoteOrigin]);
      // The one inline script allowed: the visitor pages' loader, by its hash.
      expect(csp.get('script-src')).toEqual(["'self'", remoteOrigin, VISITOR_LOADER_CSP_SOURCE]);
      expect(csp.get('style-src')).toEqual(["'self'", remoteOrigin, expect.stringMatching(/^'nonce-.+'$/)]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('manifest-src')).toEqual(["'self'"]);
      const header = String(response.headers['content-security-policy']);
      expect(header).not.toContain('unsafe-inline');
      expect(header).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    it('gives every page its own style nonce, in its CSP and in the page the bundles read it from', async () => {
      const pages = await Promise.all(
        ['/', '/journey', '/journey'].map((url) =>
          app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }),
        ),
      );
      const nonces = pages.map((page) => {
        const inPage = NONCE_META.exec(page.body)?.[1];
        const inPolicy = directives(page.headers['content-security-policy'])
          .get('style-src')
          ?.find((source) => source.startsWith("'nonce-"));
        expect(inPolicy).toBe(`'nonce-${inPage}'`);
        // 128 random bits, base64.
        expect(Buffer.from(String(inPage), 'base64')).toHaveLength(16);
        // First in <head>, before anything that could insert a style.
        expect(page.body).toMatch(/^<!doctype html><html><head><meta property="csp-nonce"/);
        return inPage;
      });
      expect(new Set(nonces).size).toBe(3);
    });

    it('adds no other origin when every remote is served here', async () => {
      const sameOrigin = await build({
        remotes: [
          { name: 'mfe-seller', url: '/remotes/mfe-seller/mf-manifest.json', dir: sellerDir },
          { name: 'mfe-agent', url: '/remotes/mfe-agent/mf-manifest.json' },
          { name: 'mfe-analytics', url: '/remotes/mfe-analytics/mf-manifest.json' },
        ],
      });
      const response = await sameOrigin.inject({
        method: 'GET',
        url: '/journey',
        headers: { accept: 'text/html' },
      });
      expect(directives(response.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        VISITOR_LOADER_CSP_SOURCE,
      ]);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      await sameOrigin.close();
    });

    it('asks for HTTPS in production', async () => {
      const production = await build({ production: true });
      const response = await production.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      await production.close();
    });
  });

  it('answers 404 for pages while the shell is not built yet', async () => {
    const unbuilt = await build({ shellDir: path.join(root, 'no-shell-yet') });
    const page = await unbuilt.inject({ method: 'GET', url: '/journey', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    await unbuilt.close();
  });

  it('places the nonce first in the head, written or implied', () => {
    const meta = '<meta property="csp-nonce" nonce="abc">';
    expect(
      withCspNonce(
        '<!DOCTYPE html>\n<html lang="en">\n<HEAD data-x="1"><title>x</title></HEAD></html>',
        'abc',
      ),
    ).toBe(`<!DOCTYPE html>\n<html lang="en">\n<HEAD data-x="1">${meta}<title>x</title></HEAD></html>`);
    expect(withCspNonce('<!doctype html><title>x</title>', 'abc')).toBe(
      `<!doctype html>${meta}<title>x</title>`,
    );
    // <header> is no <head>.
    expect(withCspNonce('<html><header></header></html>', 'abc')).toBe(
      `<html>${meta}<header></header></html>`,
    );
  });

  it('refuses a configuration naming an unknown or repeated remote', async () => {
    const unknown = Fastify();
    await expect(
      unknown.register(frontendPlugin, {
        shellDir,
        production: false,
        // @ts-expect-error — the name is checked at run time too, for configuration read from the environment.
        remotes: [{ name: 'mfe-billing', url: '/remotes/mfe-billing/mf-manifest.json' }],
      }),
    ).rejects.toBeInstanceOf(FrontendConfigError);
    await unknown.close();
    const repeated = Fastify();
    await expect(
      repeated.register(frontendPlugin, {
        shellDir,
        production: false,
        remotes: [
          { name: 'mfe-seller', url: '/a.json' },
          { name: 'mfe-seller', url: '/b.json' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'FRONTEND_CONFIG_INVALID' });
    await repeated.close();
  });
});

describe('prerendered pages for visitors (a build with signed-out-pages.json)', () => {
  const LANDING =
    '<!doctype html><html><head><style data-inline-css>main{color:red}</style></head><body><div id="root" data-rendered-path="/"><h1>Get Your Home Ready to Sell</h1></div></body></html>';
  const NOT_FOUND =
    '<!doctype html><html><head><style data-inline-css>main{color:red}</style></head><body><div id="root" data-rendered-path="/404"><h1>404 Page Not Found</h1></div></body></html>';
  const SIGN_IN =
    '<!doctype html><html><head><style data-inline-css>main{color:red}</style></head><body><div id="root" data-rendered-path="/auth"><h1>Sign in to ListReady</h1></div></body></html>';
  const AGENT_SIGN_UP =
    '<!doctype html><html><head><style data-inline-css>main{color:red}</style></head><body><div id="root" data-rendered-path="/auth"><h1>Create your ListReady account</h1></div></body></html>';
  const RESET_FORM =
    '<!doctype html><html><head><style data-inline-css>main{color:red}</style></head><body><div id="root" data-rendered-path="/reset-password"><h1>Choose a new password</h1></div></body></html>';
  let prerenderedDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    prerenderedDir = path.join(root, 'prerendered-shell');
    await mkdir(prerenderedDir);
    await writeFile(path.join(prerenderedDir, 'index.html'), SHELL_HTML);
    await writeFile(path.join(prerenderedDir, 'landing.html'), LANDING);
    await writeFile(path.join(prerenderedDir, 'not-found.html'), NOT_FOUND);
    await writeFile(path.join(prerenderedDir, 'auth.html'), SIGN_IN);
    await writeFile(path.join(prerenderedDir, 'reset-password-form.html'), RESET_FORM);
    await writeFile(path.join(prerenderedDir, 'agent-sign-up.html'), AGENT_SIGN_UP);
    await writeFile(
      path.join(prerenderedDir, 'signed-out-pages.json'),
      JSON.stringify({
        pages: {
          '/': 'landing.html',
          '/journey': 'landing.html',
          '/auth': 'index.html',
          '/reset-password': 'index.html',
        },
        otherwise: 'not-found.html',
        withoutQuery: { '/auth': 'auth.html' },
        withQuery: [
          { query: '(^|&)token=[A-Za-z0-9_-]', pages: { '/reset-password': 'reset-password-form.html' } },
          { query: '^role=agent(&|$)', pages: { '/auth': 'agent-sign-up.html' } },
        ],
      }),
    );
    app = await build({ shellDir: prerenderedDir });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it.each([
    ['/', LANDING, 200],
    ['/journey', LANDING, 200],
    ['/journey/', LANDING, 200],
    // The prerendered form at its bare address; with a query (another view, maybe), the plain shell.
    ['/auth', SIGN_IN, 200],
    ['/auth/', SIGN_IN, 200],
    ['/auth?', SIGN_IN, 200],
    ['/auth?role=agent', AGENT_SIGN_UP, 200],
    ['/auth?invitation=inv-1', SHELL_HTML, 200],
    ['/auth?role=client', SHELL_HTML, 200],
    // The first rule that names the path and matches: the token rule matches but is not /auth's.
    ['/auth?role=agent&token=abc', AGENT_SIGN_UP, 200],
    // A form for a query of the shape the table names: a reset link's token, wherever in the query.
    ['/reset-password?token=Ab-9_x', RESET_FORM, 200],
    ['/reset-password/?utm_source=mail&token=Ab9', RESET_FORM, 200],
    ['/reset-password', SHELL_HTML, 200],
    ['/reset-password?token=', SHELL_HTML, 200],
    ['/reset-password?mytoken=abc', SHELL_HTML, 200],
    // The shape holds for the path the table names it at only.
    ['/auth?token=abc', SHELL_HTML, 200],
    // A real 404, not a "soft" one: crawlers, link checkers and monitoring see the page is missing.
    ['/no-such-page', NOT_FOUND, 404],
    ['/journey/no-such-page', NOT_FOUND, 404],
  ])(
    'sends a request without a session cookie at %s the page the build names',
    async (url, expected, status) => {
      const response = await page(url, 'theme=dark');
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(response.headers.vary).toContain('Cookie');
      expect(withoutNonce(response.body).replace(/ nonce="[^"]+"/, '')).toBe(expected);
    },
  );

  it.each(['/', '/journey', '/no-such-page', '/auth', '/reset-password?token=abc'])(
    'sends the plain shell at %s to a request with a session cookie (no landing page flash)',
    async (url) => {
      const response = await page(url, 'theme=dark; listready_session=eyJhbGciOi.token.sig');
      // The shell decides what exists for the role it is told.
      expect(response.statusCode).toBe(200);
      expect(withoutNonce(response.body)).toBe(SHELL_HTML);
    },
  );

  it("gives the inline stylesheet this response's style nonce, the one its CSP allows", async () => {
    const response = await page('/');
    const nonce = NONCE_META.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<style data-inline-css nonce="${nonce}">main{color:red}</style>`);
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('never sends a page as a plain file (it would lack its nonce)', async () => {
    const direct = await app.inject({ method: 'GET', url: '/landing.html', headers: { accept: '*/*' } });
    expect(direct.statusCode).toBe(404);
    const browsing = await page('/landing.html');
    expect(browsing.statusCode).toBe(404);
    expect(withoutNonce(browsing.body).replace(/ nonce="[^"]+"/, '')).toBe(NOT_FOUND);
  });

  it.each(['/auth.html', '/reset-password-form.html?token=abc'])(
    'answers a prerendered form asked by name (%s) with a 404 and the not-found page',
    async (url) => {
      const browsing = await page(url);
      expect(browsing.statusCode).toBe(404);
      expect(withoutNonce(browsing.body).replace(/ nonce="[^"]+"/, '')).toBe(NOT_FOUND);
    },
  );

  it.each([
    '/landing.html',
    '/not-found.html',
    '/not-found.html/',
    '/auth.html',
    '/reset-password-form.html',
  ])(
    'answers %s asked by name with a 404 signed in too (no route has it), with the shell to say so',
    async (url) => {
      const response = await page(url, 'listready_session=eyJhbGciOi.token.sig');
      expect(response.statusCode).toBe(404);
      expect(withoutNonce(response.body)).toBe(SHELL_HTML);
      expect((await page('/index.html', 'listready_session=eyJhbGciOi.token.sig')).statusCode).toBe(200);
    },
  );
});

/** A session token's shape (header.payload.signature) with the claims given; the gateway never verifies it. */
const tokenClaiming = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('preloads for a signed-in page a remote renders', () => {
  const MANIFEST = {
    metaData: { remoteEntry: { name: 'remoteEntry.04db0b33.js', path: '' } },
    exposes: [
      {
        assets: {
          js: { sync: ['158.59dd9c49.js', '__federation_expose_lifecycles.b860455b.js'], async: ['9.a.js'] },
          css: { sync: ['__federation_expose_lifecycles.252be29e.css'], async: [] },
        },
      },
    ],
  };
  const JOURNEY_READS = ['/api/clients/current/journey', '/api/clients/current/tasks'];
  const PAGE_DATA = { '/': JOURNEY_READS, '/journey': JOURNEY_READS };
  const DASHBOARD_READS = ['/api/agents/current/stats', '/api/agents/current'];
  const AGENT_PAGE_DATA = {
    '/': DASHBOARD_READS,
    '/dashboard': DASHBOARD_READS,
  };
  // The profile screen's lazy chunks (one of them also among the exposed module's files).
  const PAGE_CHUNKS = { '/profile': ['745.8f0c6612.js', '768.c45636b3.js', '158.59dd9c49.js', '745.a1.css'] };
  // The invitation page's screen.
  const INVITATION_CHUNKS = { '/accept-invitation': ['19.593db74c.js'] };
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  // Issued a minute ago: not a seller who has just signed up.
  const aMinuteAgo = Math.floor(Date.now() / 1000) - 60;
  let app: FastifyInstance;
  beforeAll(async () => {
    const shell = path.join(root, 'preloading-shell');
    const seller = path.join(root, 'preloading-seller');
    await mkdir(shell);
    await mkdir(seller);
    await writeFile(path.join(shell, 'index.html'), PRELOADING_SHELL_HTML);
    await writeFile(
      path.join(shell, 'signed-in-remotes.json'),
      JSON.stringify({
        '/journey': 'mfe-seller',
        '/profile': 'mfe-seller',
        '/accept-invitation': 'mfe-agent',
      }),
    );
    await writeFile(path.join(seller, 'mf-manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(seller, 'page-data.json'), JSON.stringify(PAGE_DATA));
    await writeFile(path.join(seller, 'page-chunks.json'), JSON.stringify(PAGE_CHUNKS));
    const agent = path.join(root, 'preloading-agent');
    await mkdir(agent);
    await writeFile(
      path.join(shell, 'agent-remotes.json'),
      JSON.stringify({ '/': 'mfe-agent', '/dashboard': 'mfe-agent' }),
    );
    await writeFile(path.join(shell, 'client-remotes.json'), JSON.stringify({ '/': 'mfe-seller' }));
    await writeFile(path.join(agent, 'mf-manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(agent, 'page-data.json'), JSON.stringify(AGENT_PAGE_DATA));
    await writeFile(path.join(agent, 'page-chunks.json'), JSON.stringify(INVITATION_CHUNKS));
    app = await build({
      shellDir: shell,
      remotes: [
        { name: 'mfe-seller', url: '/remotes/mfe-seller/mf-manifest.json', dir: seller },
        { name: 'mfe-agent', url: '/remotes/mfe-agent/mf-manifest.json', dir: agent },
      ],
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const preloads = async (url: string, claims?: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html',
        ...(claims ? { cookie: `listready_session=${tokenClaiming(claims)}` } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    // The head's preloads and the shell's own files, in order (the shell's as "shell <file>").
    return [
      ...head.matchAll(
        /<link rel="preload" href="([^"]+)" as="(\w+)"(?: crossorigin="([\w-]+)")?(?: fetchpriority="(\w+)")?>|<script defer src="([^"]+)"|<link href="([^"]+)" rel="stylesheet"/g,
      ),
    ].map((match) =>
      match[1]
        ? `${match[2]} ${match[1]}${match[3] ? ` (${match[3]})` : ''}${match[4] ? ` [${match[4]}]` : ''}`
        : `shell ${match[5] ?? match[6]}`,
    );
  };
  const SHELL_FILES = ['shell /main.1a2b3c4d.js', 'shell /main.5e6f7a8b.css'];
  /** A remote's preloads around the shell's files: its manifest first, its code after them. */
  const remoteAround = (name: string) => [
    `fetch /remotes/${name}/mf-manifest.json (anonymous)`,
    ...SHELL_FILES,
    `script /remotes/${name}/remoteEntry.04db0b33.js [low]`,
    `script /remotes/${name}/158.59dd9c49.js [low]`,
    `script /remotes/${name}/__federation_expose_lifecycles.b860455b.js [low]`,
    `style /remotes/${name}/__federation_expose_lifecycles.252be29e.css`,
  ];

  it("starts a seller's journey reads and the remote's manifest first, then the shell's files, then the remote's entry, exposed module (at low priority) and stylesheet", async () => {
    const journeyPreloads = [
      'fetch /api/clients/current/journey (use-credentials)',
      'fetch /api/clients/current/tasks (use-credentials)',
      ...remoteAround('mfe-seller'),
    ];
    expect(await preloads('/journey', { role: 'client', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      journeyPreloads,
    );
    // Just signed up: the same, the reads waiting at the journey service until the journey is made.
    const now = Math.floor(Date.now() / 1000);
    expect(await preloads('/journey', { role: 'client', iat: now, exp: inAnHour })).toEqual(journeyPreloads);
  });

  /** The profile screen's own files, after the remote's: each once, scripts at low priority. */
  const PROFILE_CHUNKS = [
    'script /remotes/mfe-seller/745.8f0c6612.js [low]',
    'script /remotes/mfe-seller/768.c45636b3.js [low]',
    'style /remotes/mfe-seller/745.a1.css',
  ];

  it('preloads the screen a page loads lazily (page-chunks.json) after the remote, for that page only', async () => {
    const seller = { role: 'client', iat: aMinuteAgo, exp: inAnHour };
    expect(await preloads('/profile', seller)).toEqual([...remoteAround('mfe-seller'), ...PROFILE_CHUNKS]);
    expect(await preloads('/profile/', seller)).toEqual([...remoteAround('mfe-seller'), ...PROFILE_CHUNKS]);
    // Code, not data: the same for an agent's profile, and in a new session.
    const now = Math.floor(Date.now() / 1000);
    expect(await preloads('/profile', { role: 'agent', iat: now, exp: inAnHour })).toEqual([
      ...remoteAround('mfe-seller'),
      ...PROFILE_CHUNKS,
    ]);
    expect(await preloads('/journey', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      remoteAround('mfe-seller'),
    );
  });

  it('preloads the remote but not the reads it cannot know: another page, an agent, ?clientId=, an expired session', async () => {
    const remoteOnly = remoteAround('mfe-seller');
    expect(await preloads('/profile', { role: 'client', iat: aMinuteAgo, exp: inAnHour })).toEqual([
      ...remoteOnly,
      ...PROFILE_CHUNKS,
    ]);
    expect(await preloads('/journey', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual(remoteOnly);
    expect(
      await preloads('/journey?clientId=abc', { role: 'client', iat: aMinuteAgo, exp: inAnHour }),
    ).toEqual(remoteOnly);
    expect(await preloads('/journey', { role: 'client', iat: 0, exp: 1 })).toEqual(remoteOnly);
  });

  it("preloads an agent's own page's reads and remote for an agent (the token's role), even in a new session", async () => {
    const remote = remoteAround('mfe-agent');
    const reads = [
      'fetch /api/agents/current/stats (use-credentials)',
      'fetch /api/agents/current (use-credentials)',
    ];
    expect(await preloads('/dashboard/', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual([
      ...reads,
      ...remote,
    ]);
    // In a new session too.
    const now = Math.floor(Date.now() / 1000);
    expect(await preloads('/dashboard', { role: 'agent', iat: now, exp: inAnHour })).toEqual([
      ...reads,
      ...remote,
    ]);
    expect(await preloads('/dashboard?tab=1', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      remote,
    );
  });

  it('preloads the invitation page’s remote and screen for any account, nothing for a visitor (the shell’s own page)', async () => {
    const invitation = [...remoteAround('mfe-agent'), 'script /remotes/mfe-agent/19.593db74c.js [low]'];
    expect(await preloads('/accept-invitation?id=abc')).toEqual(SHELL_FILES);
    expect(await preloads('/accept-invitation/')).toEqual(SHELL_FILES);
    expect(
      await preloads('/accept-invitation?invitationId=abc', {
        role: 'client',
        iat: aMinuteAgo,
        exp: inAnHour,
      }),
    ).toEqual(invitation);
    expect(await preloads('/accept-invitation', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      invitation,
    );
  });

  it("preloads at / what the role's home is there: a seller's journey, an agent's dashboard, each with its reads", async () => {
    expect(await preloads('/', { role: 'client', iat: aMinuteAgo, exp: inAnHour })).toEqual([
      'fetch /api/clients/current/journey (use-credentials)',
      'fetch /api/clients/current/tasks (use-credentials)',
      ...remoteAround('mfe-seller'),
    ]);
    expect(await preloads('/', { role: 'agent', iat: aMinuteAgo, exp: inAnHour })).toEqual([
      'fetch /api/agents/current/stats (use-credentials)',
      'fetch /api/agents/current (use-credentials)',
      ...remoteAround('mfe-agent'),
    ]);
    // A query string: the remote, not reads it cannot know.
    expect(await preloads('/?clientId=abc', { role: 'client', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      remoteAround('mfe-seller'),
    );
  });

  it('preloads nothing for a page that depends on the role it is not, or for a visitor', async () => {
    // A role the shell does not know, or a token that claims none: / could be either remote's.
    expect(await preloads('/', { role: 'admin', iat: aMinuteAgo, exp: inAnHour })).toEqual(SHELL_FILES);
    expect(await preloads('/', { iat: aMinuteAgo, exp: inAnHour })).toEqual(SHELL_FILES);
    expect(await preloads('/', { role: 'client', iat: 0, exp: 1 })).toEqual(SHELL_FILES);
    // A seller at an agent's page gets the not-found page; an expired token claims nothing.
    expect(await preloads('/dashboard', { role: 'client', iat: aMinuteAgo, exp: inAnHour })).toEqual(
      SHELL_FILES,
    );
    expect(await preloads('/dashboard', { role: 'agent', iat: 0, exp: 1 })).toEqual(SHELL_FILES);
    expect(await preloads('/journey')).toEqual(SHELL_FILES);
  });

  it('names a remote hosted elsewhere by its full URL', () => {
    const links = remotePreloadLinks({
      manifestUrl: 'https://cdn.example/mfe-seller/mf-manifest.json?v=1.2.3',
      manifest: MANIFEST,
      pageData: [],
    });
    expect(links.afterShell).toContain(
      '<link rel="preload" href="https://cdn.example/mfe-seller/remoteEntry.04db0b33.js" as="script" fetchpriority="low">',
    );
    expect(links.first).toBe(
      '<link rel="preload" href="https://cdn.example/mfe-seller/mf-manifest.json?v=1.2.3" as="fetch" crossorigin="anonymous">',
    );
  });

  it("preloads a page's reads for a seller's own journey, from the sign-up on, and for an agent", () => {
    const now = Date.now();
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const claimsOf = (claims: Record<string, unknown>) => sessionClaimsOf(tokenClaiming(claims), now);
    const client = claimsOf({ role: 'client', iat: seconds(now) - 60, exp: seconds(now) + 3600 });
    expect(pageDataRoleOf(client, '/journey')).toBe('client');
    expect(pageDataRoleOf(client, '/journey?clientId=abc')).toBeUndefined();
    const agent = claimsOf({ role: 'agent', iat: seconds(now), exp: seconds(now) + 3600 });
    expect(pageDataRoleOf(agent, '/dashboard')).toBe('agent');
    expect(pageDataRoleOf(agent, '/dashboard?x=1')).toBeUndefined();
    expect(pageDataRoleOf(claimsOf({ role: 'admin', iat: 0, exp: seconds(now) + 60 }), '/')).toBeUndefined();
    // Just signed up: the reads wait at the journey service until the journey is made.
    const fresh = claimsOf({ role: 'client', iat: seconds(now), exp: seconds(now) + 3600 });
    expect(pageDataRoleOf(fresh, '/journey')).toBe('client');
    expect(claimsOf({ role: 'client', iat: 0, exp: 10 })).toBeUndefined();
    for (const notAToken of ['expired', 'a.%%%.c', undefined]) {
      expect(sessionClaimsOf(notAToken, now)).toBeUndefined();
      expect(pageDataRoleOf(sessionClaimsOf(notAToken, now), '/journey')).toBeUndefined();
    }
  });
});
