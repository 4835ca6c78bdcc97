import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from '@listready/contracts';
import { SESSION_COOKIE } from '@listready/service-kit';

export interface FrontendRemote {
  name: RemoteName;
  /** The manifest URL the browser loads: `/remotes/<name>/mf-manifest.json` or an absolute URL elsewhere. */
  url: string;
  /** When set, this folder is served at `/remotes/<name>/`. */
  dir?: string;
}

export interface FrontendPluginOptions {
  /** The shell's build output (index.html and hashed assets). */
  shellDir: string;
  remotes: FrontendRemote[];
  production: boolean;
}

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';
/** `/favicon.ico` cannot carry a hash (browsers ask for it by name): kept a day, revalidated after. */
export const FAVICON_CACHE_CONTROL = 'public, max-age=86400';

export class FrontendConfigError extends Error {
  readonly code = 'FRONTEND_CONFIG_INVALID';
}

/**
 * Build outputs carry an 8+ hex content hash before the extension (`main.1a2b3c4d.js`, or its
 * precompressed `main.1a2b3c4d.js.br`): those never change.
 */
export function isHashedAsset(filePath: string): boolean {
  return /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(path.basename(filePath).replace(/\.(br|gz)$/, ''));
}

export function cacheControlFor(filePath: string): string {
  if (isHashedAsset(filePath)) return IMMUTABLE_CACHE_CONTROL;
  return path.basename(filePath) === 'favicon.ico' ? FAVICON_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

const styleNonces = new WeakMap<ServerResponse, string>();

/**
 * The style nonce of one response, made the first time its Content-Security-Policy or its page asks
 * (128 random bits, fresh for every response, so a nonce seen once is worth nothing later).
 */
export function styleNonceOf(response: ServerResponse): string {
  let nonce = styleNonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(response, nonce);
  }
  return nonce;
}

/**
 * The shell page as sent: `<meta property="csp-nonce" nonce="…">` first in its head, where every
 * bundle's federation runtime reads the nonce for the `<style>` elements it and its libraries insert
 * (webpack's `__webpack_nonce__`, which react-remove-scroll's get-nonce reads for the scroll lock).
 */
export function withCspNonce(html: string, nonce: string): string {
  // After the doctype and the <html> and <head> start tags, those the page writes (HTML lets it leave
  // them implied; the parser puts the meta in the head either way).
  const start = /^(\s*<!doctype[^>]*>)?(\s*<html(\s[^>]*)?>)?(\s*<head(\s[^>]*)?>)?/i.exec(html);
  const at = start?.[0].length ?? 0;
  const page = `${html.slice(0, at)}<meta property="csp-nonce" nonce="${nonce}">${html.slice(at)}`;
  // A prerendered page carries the shell's stylesheet inline (shell/build/prerender-pages-plugin.ts).
  return page.replace(INLINE_STYLE_TAG, () => `<style data-inline-css nonce="${nonce}">`);
}

/** The inline stylesheet of a prerendered page, as the shell's build writes it. */
export const INLINE_STYLE_TAG = '<style data-inline-css>';

/** The shell's build: which page a request without a session cookie gets, by path (signed-out-pages.json). */
export interface SignedOutPagesTable {
  pages: Record<string, string>;
  otherwise: string;
}

export const SIGNED_OUT_PAGES_TABLE = 'signed-out-pages.json';
export const SHELL_PAGE = 'index.html';

function hasSessionCookie(request: FastifyRequest): boolean {
  const cookies = request.headers.cookie ?? '';
  return cookies.split(';').some((cookie) => {
    const [name, ...value] = cookie.split('=');
    return name?.trim() === SESSION_COOKIE && value.join('=').trim() !== '';
  });
}

/**
 * The page file for a request: with a session cookie the plain shell, which asks who is signed in;
 * without one, what the build's table names for the path (the prerendered landing or not-found
 * page, or the plain shell for pages every visitor may use), so a visitor's first paint needs no
 * JavaScript and a signed-in user never sees the landing page first. No table (an older build):
 * the plain shell for everyone.
 */
export function pageFileFor(
  pathname: string,
  signedIn: boolean,
  table: SignedOutPagesTable | undefined,
): string {
  if (signedIn || !table) return SHELL_PAGE;
  // The route rules ignore a trailing slash.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return Object.hasOwn(table.pages, path) ? (table.pages[path] ?? SHELL_PAGE) : table.otherwise;
}

/** Origins other than our own that the page must reach for federation (the remotes hosted elsewhere). */
export function remoteOrigins(remotes: readonly FrontendRemote[]): string[] {
  const origins = new Set<string>();
  for (const remote of remotes) {
    if (!/^https?:\/\//i.test(remote.url)) continue;
    origins.add(new URL(remote.url).origin);
  }
  return [...origins];
}

type DirectiveValue = string | ((request: IncomingMessage, response: ServerResponse) => string);

/**
 * CSP: everything from our own origin, plus the remotes' origins for what federation loads from them
 * (the manifest by fetch, the entry and chunks as scripts, their CSS and images). No inline scripts,
 * no eval, no frames, no plugins; an inline `<style>` only with this response's nonce (Radix's scroll
 * lock inserts one), never 'unsafe-inline'.
 */
export function contentSecurityPolicyDirectives(
  remotes: readonly FrontendRemote[],
): Record<string, DirectiveValue[]> {
  const federated = ["'self'", ...remoteOrigins(remotes)];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: federated,
    scriptSrcAttr: ["'none'"],
    styleSrc: [...federated, (_request, response) => `'nonce-${styleNonceOf(response)}'`],
    connectSrc: federated,
    imgSrc: [...federated, 'data:'],
    fontSrc: federated,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

function validate(options: FrontendPluginOptions): void {
  const seen = new Set<string>();
  for (const remote of options.remotes) {
    if (!REMOTE_NAMES.includes(remote.name)) throw new FrontendConfigError(`Unknown remote ${remote.name}`);
    if (seen.has(remote.name)) throw new FrontendConfigError(`Remote ${remote.name} is configured twice`);
    seen.add(remote.name);
    if (!remote.url) throw new FrontendConfigError(`Remote ${remote.name} has no URL`);
  }
}

/** Resolves a URL path inside a folder, or undefined when it escapes it or is not a file. */
async function existingFile(rootDir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = path.resolve(rootDir);
  const absolute = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (absolute !== root && !absolute.startsWith(`${root}${path.sep}`)) return undefined;
  try {
    return (await stat(absolute)).isFile() ? path.relative(root, absolute) : undefined;
  } catch {
    return undefined;
  }
}

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the front end (issue "Federated shell", point 7): the shell with deep-link fallback, each
 * remote folder that is hosted here, `/remotes.json` from config, cache headers (hashed assets
 * immutable; HTML, remotes.json and manifests revalidated; the favicon a day) and the security
 * headers, with a style nonce per page.
 */
async function frontend(app: FastifyInstance, options: FrontendPluginOptions): Promise<void> {
  validate(options);
  const shellDir = path.resolve(options.shellDir);
  const remotesConfig: RemotesConfig = Object.fromEntries(
    options.remotes.map((remote) => [remote.name, remote.url]),
  );

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options.remotes),
    },
    // Strict-Transport-Security only means something behind TLS, i.e. in production.
    strictTransportSecurity: options.production ? undefined : false,
    // The CSP says frame-ancestors 'none'; older browsers that read only this header hear the same.
    frameguard: { action: 'deny' },
  });

  // Only the reply.sendFile decorator: the routes below decide what is served and how it is cached.
  await app.register(fastifyStatic, {
    root: shellDir,
    serve: false,
    cacheControl: false,
    // The builds ship .br and .gz beside each file: no compressing on every request.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });

  const readSignedOutPagesTable = async (): Promise<SignedOutPagesTable | undefined> => {
    try {
      return JSON.parse(
        await readFile(path.join(shellDir, SIGNED_OUT_PAGES_TABLE), 'utf8'),
      ) as SignedOutPagesTable;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  // Rendered for every response (its own nonce), so never a 304: read each time, which also picks
  // up a rebuilt shell without a restart.
  const sendShellPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const file =
      pathname === '/index.html'
        ? SHELL_PAGE
        : pageFileFor(pathname, hasSessionCookie(request), await readSignedOutPagesTable());
    let html: string;
    try {
      html = await readFile(path.join(shellDir, path.basename(file)), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reply.callNotFound();
      throw error;
    }
    return (
      reply
        .header('Cache-Control', REVALIDATE_CACHE_CONTROL)
        // Which page depends on the session cookie.
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(withCspNonce(html, styleNonceOf(reply.raw)))
    );
  };

  app.get('/remotes.json', async (_request, reply) => {
    return reply.header('Cache-Control', REVALIDATE_CACHE_CONTROL).send(remotesConfig);
  });

  for (const remote of options.remotes) {
    const { dir } = remote;
    if (!dir) continue;
    const remoteDir = path.resolve(dir);
    const prefix = `/remotes/${remote.name}/`;
    app.get(`${prefix}*`, async (request, reply) => {
      const file = await existingFile(remoteDir, pathnameOf(request).slice(prefix.length));
      if (!file) return reply.callNotFound();
      // A remote may be loaded by a shell on another origin (another environment's gateway).
      reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
      return reply.sendFile(file, remoteDir);
    });
  }

  app.get('/*', async (request, reply) => {
    const pathname = pathnameOf(request);
    if (isApiPath(pathname)) return reply.callNotFound();
    const file = pathname === '/' ? undefined : await existingFile(shellDir, pathname);
    // Pages (index.html, the prerendered ones) only go out through sendShellPage, with their nonce.
    if (file && !file.endsWith('.html')) return reply.sendFile(file, shellDir);
    // Deep links (/journey, /auth?role=agent, …) are the shell's to route.
    if (pathname === '/' || pathname === '/index.html' || wantsHtml(request))
      return sendShellPage(request, reply, pathname);
    return reply.callNotFound();
  });
}

export const frontendPlugin = fastifyPlugin(frontend, { name: 'listready-frontend', fastify: '5.x' });
