import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from '@listready/contracts';
import { VISITOR_LOADER_CSP_SOURCE } from '@listready/contracts/visitor-pages';
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
  /** Paths with a prerendered page for the address without a query string (`/auth` → `auth.html`); optional in older builds. */
  withoutQuery?: Record<string, string>;
  /**
   * Paths with a prerendered page for a query string (without its `?`) matching `query`, a regular
   * expression (`/reset-password?token=…` → `reset-password-form.html`); the first rule that names
   * the path and whose query matches decides. Optional in older builds.
   */
  withQuery?: Array<{ query: string; pages: Record<string, string> }>;
}

export const SIGNED_OUT_PAGES_TABLE = 'signed-out-pages.json';
export const SHELL_PAGE = 'index.html';

/** The shell's build: the pages a signed-in user gets from one remote, whatever their role (signed-in-remotes.json). */
export const SIGNED_IN_REMOTES_TABLE = 'signed-in-remotes.json';
/** The shell's build: the pages one remote renders for an agent only (agent-remotes.json, optional). */
export const AGENT_REMOTES_TABLE = 'agent-remotes.json';
/** The same for a home seller (client-remotes.json, optional): `/`, their journey. */
export const CLIENT_REMOTES_TABLE = 'client-remotes.json';
/** A remote's build: the API reads each of its pages starts with (page-data.json, optional). */
export const REMOTE_PAGE_DATA = 'page-data.json';
/** A remote's build: the lazily loaded files each of its pages renders with (page-chunks.json, optional). */
export const REMOTE_PAGE_CHUNKS = 'page-chunks.json';

/** What a remote's mf-manifest.json says about where its entry and exposed module's files are. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The preloads of a page a remote renders, in the two places of its head they go (see remotePreloadLinks). */
interface RemotePreloads {
  /** At the head's start: the page's API reads and the remote's manifest. */
  first: string;
  /** After the shell's own files: the remote's entry, module and stylesheet. */
  afterShell: string;
}

/** A page no remote renders (the landing, not-found and account pages): nothing to preload. */
const NO_PRELOADS: RemotePreloads = { first: '', afterShell: '' };

/**
 * `<link rel="preload">`s for a page a remote renders, so the browser fetches the remote
 * (its manifest, entry, exposed module and stylesheet) and the page's API reads with the HTML,
 * instead of one after another once the shell has run, asked for the session and read the
 * manifest. Each link matches the request that will use it: the manifest and API reads are
 * fetch()es (same-origin credentials, and the API reads' cookies), the scripts classic <script>s.
 *
 * In two parts, by when the page needs them: `first` (the small reads and the manifest, answered
 * while the shell downloads) goes at the head's start; `afterShell` (the remote's code, most of the
 * page's bytes) after the shell's own files. Before them, on HTTP/1.1's six connections, the
 * remote's files were asked for first and the shell, which draws the page frame, waited for them.
 * The scripts are low priority, as the shell's own preloads: the first paint needs none of them
 * (docs/decisions.md, "Script preloads are low priority").
 */
export function remotePreloadLinks(input: {
  manifestUrl: string;
  manifest: FederationManifest | undefined;
  pageData: readonly string[];
  /** The page's own lazily loaded files (page-chunks.json), named relative to the manifest. */
  pageChunks?: readonly string[];
}): RemotePreloads {
  const first = input.pageData.map(
    (url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials">`,
  );
  first.push(
    `<link rel="preload" href="${escapeAttribute(input.manifestUrl)}" as="fetch" crossorigin="anonymous">`,
  );
  const links: string[] = [];
  // The remote's files are named relative to its manifest (publicPath 'auto').
  const base = new URL(input.manifestUrl, 'http://page.invalid/');
  const local = (file: string) =>
    base.origin === 'http://page.invalid' ? new URL(file, base).pathname : new URL(file, base).href;
  const entry = input.manifest?.metaData?.remoteEntry;
  if (entry?.name) {
    const href = local(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`);
    links.push(scriptPreload(href));
  }
  const files = new Set<string>();
  for (const expose of input.manifest?.exposes ?? []) {
    for (const file of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])])
      files.add(file);
  }
  // Then the screen the page loads lazily, which the remote would only ask for once it has run.
  for (const file of input.pageChunks ?? []) files.add(file);
  for (const file of files) {
    if (file.endsWith('.css'))
      links.push(`<link rel="preload" href="${escapeAttribute(local(file))}" as="style">`);
    else if (file.endsWith('.js')) links.push(scriptPreload(local(file)));
  }
  return { first: first.join(''), afterShell: links.join('') };
}

/** A remote's script, preloaded at low priority (the first paint needs none of its scripts). */
function scriptPreload(href: string): string {
  return `<link rel="preload" href="${escapeAttribute(href)}" as="script" fetchpriority="low">`;
}

/** A page with a remote's preloads: the first at the head's start, the rest after the shell's files. */
function withPreloads(html: string, preloads: RemotePreloads): string {
  return withHeadEnd(withHeadStart(html, preloads.first), preloads.afterShell);
}

/** Inserts markup at the end of the page's head, after its own scripts and stylesheets. */
export function withHeadEnd(html: string, markup: string): string {
  if (!markup) return html;
  const end = html.search(/<\/head>/i);
  return end === -1 ? html : `${html.slice(0, end)}${markup}${html.slice(end)}`;
}

/**
 * Inserts markup early in the page's head, before its own scripts: after its charset declaration
 * (which must stay within the first 1024 bytes), else after the nonce meta.
 */
export function withHeadStart(html: string, markup: string): string {
  if (!markup) return html;
  const meta =
    /<meta charset="?[^">]*"?\s*\/?>/i.exec(html) ?? /<meta property="csp-nonce" nonce="[^"]*">/.exec(html);
  if (!meta) return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${markup}`);
  const at = meta.index + meta[0].length;
  return `${html.slice(0, at)}${markup}${html.slice(at)}`;
}

async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function sessionCookieOf(request: FastifyRequest): string | undefined {
  for (const cookie of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = cookie.split('=');
    const token = value.join('=').trim();
    if (name?.trim() === SESSION_COOKIE && token !== '') return token;
  }
  return undefined;
}

/** What a session token claims that the page's preloads depend on. */
export interface SessionClaims {
  role: string;
}

/**
 * What a session token claims (its role), read without checking its signature:
 * it only chooses which reads to preload (a forged or revoked token gets the same answers from the
 * API as without the hint). Undefined when the token is not one or has expired.
 */
export function sessionClaimsOf(token: string | undefined, now = Date.now()): SessionClaims | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      role?: unknown;
      exp?: unknown;
    };
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return undefined;
    if (typeof claims.role !== 'string') return undefined;
    return { role: claims.role };
  } catch {
    return undefined;
  }
}

/**
 * Whose API reads the page may be preloaded with: a seller's own (no ?clientId=, nor any other
 * query), or an agent's; undefined for anyone else. A seller who has just signed up is preloaded
 * too: their reads wait at the journey service until their journey is made.
 */
export function pageDataRoleOf(
  claims: SessionClaims | undefined,
  url: string,
): 'client' | 'agent' | undefined {
  if (!claims || url.includes('?')) return undefined;
  if (claims.role === 'agent') return 'agent';
  return claims.role === 'client' ? 'client' : undefined;
}

/** Which page a request gets, and its status. */
export interface PageChoice {
  file: string;
  /** 404 for a visitor's not-found page: a real 404 for crawlers, link checkers and monitoring. */
  status: 200 | 404;
}

/** The page a path names: the route rules ignore a trailing slash (`/journey/` is `/journey`). */
export const pagePathOf = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

/**
 * The page for a request: with a session cookie the plain shell, which asks who is signed in (and
 * shows its own not-found page, with a 200: which pages exist depends on the role); without one,
 * what the build's table names for the path (the prerendered landing or not-found page, a
 * prerendered form at its address without a query string or with one of the shape it was drawn
 * for, or the plain shell for the other pages
 * every visitor may use), so a visitor's first paint needs no JavaScript and
 * a signed-in user never sees the landing page first. No table (an older build): the plain shell
 * for everyone. A prerendered page asked by name (`/landing.html`) is a path no route knows, for
 * every role: a 404, as from the static image's nginx.
 */
export function pageFor(
  pathname: string,
  signedIn: boolean,
  table: SignedOutPagesTable | undefined,
  query = '',
): PageChoice {
  if (!table) return { file: SHELL_PAGE, status: 200 };
  const path = pagePathOf(pathname);
  if (signedIn) return { file: SHELL_PAGE, status: isPrerenderedPageName(path, table) ? 404 : 200 };
  // A prerendered form holds for its bare address, or for a query of a shape the table names (a
  // reset link's token, create-account's role or invitation); another query may draw another view.
  const form = query === '' ? pageAt(table.withoutQuery, path) : formForQuery(table, path, query);
  if (form) return { file: form, status: 200 };
  const file = Object.hasOwn(table.pages, path) ? (table.pages[path] ?? SHELL_PAGE) : table.otherwise;
  return { file, status: file === table.otherwise ? 404 : 200 };
}

function pageAt(pages: Record<string, string> | undefined, path: string): string | undefined {
  return pages && Object.hasOwn(pages, path) ? pages[path] : undefined;
}

/** Each rule's pattern, compiled once (the build's table holds a handful). */
const queryPatterns = new Map<string, RegExp>();

function queryPattern(source: string): RegExp {
  let pattern = queryPatterns.get(source);
  if (!pattern) queryPatterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}

/** The first rule that names the path and whose query matches, as nginx's chained maps (deploy/static). */
function formForQuery(table: SignedOutPagesTable, path: string, query: string): string | undefined {
  for (const rule of table.withQuery ?? []) {
    const file = pageAt(rule.pages, path);
    if (file && queryPattern(rule.query).test(query)) return file;
  }
  return undefined;
}

/** `/landing.html`, `/auth.html`…: a file the table sends in place of a path, asked for itself. */
function isPrerenderedPageName(path: string, table: SignedOutPagesTable): boolean {
  const file = path.slice(1);
  const named = [
    table.otherwise,
    ...Object.values(table.pages),
    ...Object.values(table.withoutQuery ?? {}),
    ...(table.withQuery ?? []).flatMap((rule) => Object.values(rule.pages)),
  ];
  return file !== SHELL_PAGE && named.includes(file);
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
 * (the manifest by fetch, the entry and chunks as scripts, their CSS and images). No inline script
 * but the visitor pages' loader (by its hash), no eval, no frames, no plugins; an inline `<style>`
 * only with this response's nonce (Radix's scroll lock inserts one), never 'unsafe-inline'. The
 * service worker and the manifest come from our origin.
 */
export function contentSecurityPolicyDirectives(
  remotes: readonly FrontendRemote[],
): Record<string, DirectiveValue[]> {
  const federated = ["'self'", ...remoteOrigins(remotes)];
  return {
    defaultSrc: ["'self'"],
    // The one inline script: the visitor pages' loader, by its hash (@listready/contracts/visitor-pages).
    scriptSrc: [...federated, VISITOR_LOADER_CSP_SOURCE],
    scriptSrcAttr: ["'none'"],
    styleSrc: [...federated, (_request, response) => `'nonce-${styleNonceOf(response)}'`],
    connectSrc: federated,
    imgSrc: [...federated, 'data:'],
    fontSrc: federated,
    // The service worker (/service-worker.js) and the web app manifest are ours alone.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
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

/** The query string without its `?` (`/auth?` has none, as for nginx's `$args`). */
function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
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

  const readSignedOutPagesTable = () =>
    readJsonFile<SignedOutPagesTable>(path.join(shellDir, SIGNED_OUT_PAGES_TABLE));

  /**
   * The remote that renders a page, and whose reads its page data lists: a page every signed-in
   * user gets is the seller's (an agent there reads other things); an agent's own page the agent's,
   * and a seller's own page (`/`, the journey) the seller's. A visitor's pages are the shell's own.
   */
  const remoteOfPage = async (
    page: string,
    claims: SessionClaims | undefined,
    signedIn: boolean,
  ): Promise<{ name: string | undefined; pageDataRole: 'client' | 'agent' | undefined } | undefined> => {
    const tables = [
      ...(signedIn ? [{ file: SIGNED_IN_REMOTES_TABLE, pageDataRole: 'client' as const }] : []),
      ...(claims?.role === 'agent' ? [{ file: AGENT_REMOTES_TABLE, pageDataRole: 'agent' as const }] : []),
      ...(claims?.role === 'client' ? [{ file: CLIENT_REMOTES_TABLE, pageDataRole: 'client' as const }] : []),
    ];
    const read = await Promise.all(
      tables.map(async ({ file, pageDataRole }) => ({
        pageDataRole,
        remotes: await readJsonFile<Record<string, string>>(path.join(shellDir, file)),
      })),
    );
    for (const { pageDataRole, remotes } of read) {
      if (remotes && Object.hasOwn(remotes, page)) return { name: remotes[page], pageDataRole };
    }
    return undefined;
  };

  /** The preloads of a page a remote renders (read per page: a redeployed remote counts). */
  const preloadsFor = async (
    pathname: string,
    sessionToken: string | undefined,
    url: string,
  ): Promise<RemotePreloads> => {
    const normalised = pagePathOf(pathname);
    const claims = sessionClaimsOf(sessionToken);
    const found = await remoteOfPage(normalised, claims, sessionToken !== undefined);
    const remote = options.remotes.find((candidate) => candidate.name === found?.name);
    if (!remote || !found) return NO_PRELOADS;
    const { dir } = remote;
    const readsKnown = found.pageDataRole !== undefined && found.pageDataRole === pageDataRoleOf(claims, url);
    // The remote's three files at once, not one after another.
    const [manifest, pageData, pageChunks] = dir
      ? await Promise.all([
          readJsonFile<FederationManifest>(path.join(dir, 'mf-manifest.json')),
          readsKnown ? readJsonFile<Record<string, string[]>>(path.join(dir, REMOTE_PAGE_DATA)) : undefined,
          readJsonFile<Record<string, string[]>>(path.join(dir, REMOTE_PAGE_CHUNKS)),
        ])
      : [];
    return remotePreloadLinks({
      manifestUrl: remote.url,
      manifest,
      pageData: pageData && Object.hasOwn(pageData, normalised) ? (pageData[normalised] ?? []) : [],
      pageChunks: pageChunks && Object.hasOwn(pageChunks, normalised) ? (pageChunks[normalised] ?? []) : [],
    });
  };

  // Rendered for every response (its own nonce), so never a 304: read each time, which also picks
  // up a rebuilt shell without a restart.
  const sendShellPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const sessionToken = sessionCookieOf(request);
    const signedIn = sessionToken !== undefined;
    const { file, status } =
      pathname === '/index.html'
        ? { file: SHELL_PAGE, status: 200 }
        : pageFor(pathname, signedIn, await readSignedOutPagesTable(), queryOf(request));
    let html: string;
    try {
      html = await readFile(path.join(shellDir, path.basename(file)), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reply.callNotFound();
      throw error;
    }
    // The plain shell: a page a remote may render (the landing and not-found pages need none).
    const preloads =
      file === SHELL_PAGE ? await preloadsFor(pathname, sessionToken, request.url) : NO_PRELOADS;
    return (
      reply
        .code(status)
        .header('Cache-Control', REVALIDATE_CACHE_CONTROL)
        // Which page depends on the session cookie.
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(withPreloads(withCspNonce(html, styleNonceOf(reply.raw)), preloads))
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
