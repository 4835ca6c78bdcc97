import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Compilation, Compiler, Configuration, RuleSetRule } from 'webpack';
import type * as SignedOutPages from '../src/prerender/signed-out-pages.tsx';

const PLUGIN_NAME = 'PrerenderPagesPlugin';
/** Written beside the pages: which file a request without a session cookie gets, by path. */
export const SIGNED_OUT_PAGES_TABLE = 'signed-out-pages.json';
/** The same table for the static image's nginx (deploy/static/shell.nginx.conf includes it). */
export const SIGNED_OUT_PAGES_NGINX_MAP = 'signed-out-pages.nginx.conf';
/** The pages one remote renders for any signed-in user, which the server preloads. */
export const SIGNED_IN_REMOTES_TABLE = 'signed-in-remotes.json';
/** The pages one remote renders for an agent only (the gateway preloads them for an agent's session). */
export const AGENT_REMOTES_TABLE = 'agent-remotes.json';
/** The same for a home seller's session: `/`, their journey. */
export const CLIENT_REMOTES_TABLE = 'client-remotes.json';
/** The account screens' chunk (`src/screens/account-pages.tsx`), which a prerendered form hydrates with. */
const ACCOUNT_SCREENS_CHUNK = 'account-screens';
/** The built page's inline stylesheet; whoever serves the page gives it the response's style nonce. */
export const INLINE_STYLE_TAG = '<style data-inline-css>';

const require = createRequire(import.meta.url);

export interface PrerenderPagesOptions {
  /** The module exporting what `src/prerender/signed-out-pages.tsx` exports. */
  renderModule: string;
  /**
   * The pages' only script (`src/prerender/visitor.ts`), built for the browser on its own and fetched
   * after the first paint: it hands the document to the shell's scripts, which its tag names, when
   * the visitor follows a link.
   */
  visitorModule: string;
  /** The built page (html-webpack-plugin's output) the prerendered pages start from. */
  template?: string;
}

/**
 * Prerenders the visitor's pages (landing, not found), and the plain shell page's frame, at build
 * time from the shell's own React components: a second, Node-target webpack compilation of the
 * render module (the parent's TypeScript rules, CSS ignored) runs once per build, and its markup
 * goes into copies of the built `index.html`, which the browser then hydrates. The copies inline the shell's stylesheet (the
 * whole of it, a few KB: the page paints without waiting for a CSS request, and the app it
 * hydrates into needs no other) and start no session probe: they are served only to requests
 * without a session cookie. `index.html` itself gets the frame as it stands while the session is
 * asked (header, spinner, footer) and the same inline stylesheet, keeping its scripts and probes.
 */
export class PrerenderPagesPlugin {
  private readonly options: PrerenderPagesOptions;

  constructor(options: PrerenderPagesOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After html-webpack-plugin wrote index.html, before the compression plugins run.
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 },
        async () => {
          const templateName = this.options.template ?? 'index.html';
          const template = compilation.getAsset(templateName)?.source.source().toString();
          if (!template) throw new Error(`${PLUGIN_NAME}: no ${templateName} to prerender into`);
          const [pages, visitor] = await Promise.all([
            this.loadRenderModule(compiler),
            this.buildVisitorScript(compiler),
          ]);
          compilation.emitAsset(visitor.name, new sources.RawSource(visitor.source));
          const css = inlineStylesheet(compilation, template);
          // The account screens' code: a prerendered account form hydrates with it (and preloads it; the
          // invitation's pages, which do not run it, do not); a visitor's page warms it with the
          // shell's scripts (most of its links lead to /auth).
          const formScripts = namedChunkScripts(compilation, ACCOUNT_SCREENS_CHUNK);
          for (const page of Object.keys(pages.SIGNED_OUT_PAGE_FILES) as SignedOutPages.SignedOutPage[]) {
            const rendered = pages.renderSignedOutPage(page);
            const html = visitorPageHtml(template, rendered, css, pages, visitor.name, formScripts);
            compilation.emitAsset(pages.SIGNED_OUT_PAGE_FILES[page], new sources.RawSource(html));
          }
          for (const form of Object.keys(pages.SIGNED_OUT_FORM_FILES) as SignedOutPages.SignedOutForm[]) {
            const rendered = await pages.renderSignedOutForm(form);
            const html = formPageHtml(
              template,
              rendered,
              css,
              pages,
              rendered.accountScreens ? formScripts : [],
            );
            compilation.emitAsset(pages.SIGNED_OUT_FORM_FILES[form], new sources.RawSource(html));
          }
          // The plain shell paints its frame with the HTML too; its scripts then render over it.
          const shellPage = withContent(template, '', pages.renderShellWhileSessionLoads(), css);
          compilation.updateAsset(templateName, new sources.RawSource(shellPage));
          const table = `${JSON.stringify(pages.signedOutPagesTable(), null, 2)}\n`;
          compilation.emitAsset(SIGNED_OUT_PAGES_TABLE, new sources.RawSource(table));
          compilation.emitAsset(
            SIGNED_OUT_PAGES_NGINX_MAP,
            new sources.RawSource(pages.nginxVisitorPageMap(pages.signedOutPagesTable())),
          );
          const remotes = `${JSON.stringify(pages.signedInRemotesTable(), null, 2)}\n`;
          compilation.emitAsset(SIGNED_IN_REMOTES_TABLE, new sources.RawSource(remotes));
          const agentRemotes = `${JSON.stringify(pages.agentRemotesTable(), null, 2)}\n`;
          compilation.emitAsset(AGENT_REMOTES_TABLE, new sources.RawSource(agentRemotes));
          const clientRemotes = `${JSON.stringify(pages.clientRemotesTable(), null, 2)}\n`;
          compilation.emitAsset(CLIENT_REMOTES_TABLE, new sources.RawSource(clientRemotes));
        },
      );
    });
  }

  /**
   * Compiles the visitor's script for the browser: one minified file, hashed like every other, with
   * no federation runtime (a separate compiler, not an entry of the federated build).
   */
  private async buildVisitorScript(compiler: Compiler): Promise<{ name: string; source: Buffer }> {
    const outputDir = await mkdtemp(path.join(tmpdir(), 'listready-visitor-'));
    try {
      await runCompiler(compiler, {
        mode: 'production',
        target: 'web',
        context: compiler.context,
        entry: this.options.visitorModule,
        devtool: false,
        output: { path: outputDir, filename: 'visitor.[contenthash:8].js' },
        resolve: { extensions: compiler.options.resolve.extensions ?? ['.tsx', '.ts', '.js'] },
        module: { rules: scriptRules(compiler) },
        optimization: { splitChunks: false, runtimeChunk: false },
        plugins: [new compiler.webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
      });
      const [name] = (await readdir(outputDir)).filter((file) => /^visitor\.[0-9a-f]{8}\.js$/.test(file));
      if (!name) throw new Error(`${PLUGIN_NAME}: the visitor script was not built`);
      return { name, source: await readFile(path.join(outputDir, name)) };
    } finally {
      await rm(outputDir, { recursive: true, force: true });
    }
  }

  /** Compiles the render module for Node (one file, React bundled in) and loads it. */
  private async loadRenderModule(compiler: Compiler): Promise<typeof SignedOutPages> {
    const outputDir = await mkdtemp(path.join(tmpdir(), 'listready-prerender-'));
    try {
      const config: Configuration = {
        mode: 'production',
        target: 'node',
        context: compiler.context,
        entry: this.options.renderModule,
        devtool: false,
        output: { path: outputDir, filename: 'render.cjs', library: { type: 'commonjs2' } },
        resolve: { extensions: compiler.options.resolve.extensions ?? ['.tsx', '.ts', '.js'] },
        module: {
          rules: [
            ...scriptRules(compiler),
            // Styles are the browser build's business; files are only named, never read.
            { test: /\.css$/, type: 'asset/source' },
            { test: /\.(svg|png|woff2|ico)$/, type: 'asset/resource', generator: { emit: false } },
          ],
        },
        optimization: { minimize: false, splitChunks: false },
        plugins: [
          // Lazy screens and the toaster are not rendered here; one file keeps loading simple.
          new compiler.webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
          // The build's constants (the copyright year), as the browser's scripts that hydrate it see them.
          ...(compiler.options.plugins ?? []).filter(
            (plugin) => plugin instanceof compiler.webpack.DefinePlugin,
          ),
        ],
      };
      await runCompiler(compiler, config);
      return require(path.join(outputDir, 'render.cjs')) as typeof SignedOutPages;
    } finally {
      await rm(outputDir, { recursive: true, force: true });
    }
  }
}

function runCompiler(compiler: Compiler, config: Configuration): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    compiler.webpack(config).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

/** The parent build's rules for TypeScript (the preset's esbuild loader), reused as they are. */
function scriptRules(compiler: Compiler): RuleSetRule[] {
  const rules = (compiler.options.module.rules ?? []).filter(
    (rule): rule is RuleSetRule =>
      typeof rule === 'object' && rule !== null && rule.test instanceof RegExp && rule.test.test('page.tsx'),
  );
  if (rules.length === 0) throw new Error(`${PLUGIN_NAME}: the build has no rule for .tsx files`);
  return rules;
}

/**
 * The shell's entry (`<script defer src>`) and the chunks its page preloads, in the order written,
 * whatever other attributes they carry (their fetch priorities, StartupChunksPlugin).
 */
const SHELL_SCRIPT =
  /<(script defer="defer" src|link rel="preload" as="script" href)="([^"]+\.js)"[^>]*>(<\/script>)?/g;

const STYLESHEET_LINK = /<link href="\/?([^"]+\.css)" rel="stylesheet">/;

/** The stylesheet the page links, read from this build's assets. */
function inlineStylesheet(compilation: Compilation, html: string): { link: string; css: string } {
  const link = STYLESHEET_LINK.exec(html);
  if (!link?.[1]) throw new Error(`${PLUGIN_NAME}: the page links no stylesheet`);
  const css = compilation.getAsset(link[1])?.source.source().toString();
  if (css === undefined) throw new Error(`${PLUGIN_NAME}: ${link[1]} is not in the build`);
  if (/<\/style/i.test(css)) throw new Error(`${PLUGIN_NAME}: ${link[1]} cannot be inlined`);
  return { link: link[0], css };
}

function replaceOnce(html: string, pattern: RegExp | string, replacement: string): string {
  const found = typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
  if (!found) throw new Error(`${PLUGIN_NAME}: the page has no ${String(pattern)}`);
  return html.replace(pattern, () => replacement);
}

/**
 * A built page with `markup` in its root (and `rootAttributes` on it) and the stylesheet inline:
 * the page paints without waiting for a script or a CSS request.
 */
function withContent(
  html: string,
  rootAttributes: string,
  markup: string,
  stylesheet: { link: string; css: string },
): string {
  const filled = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root"${rootAttributes}>${markup}</div>`,
  );
  return replaceOnce(filled, stylesheet.link, `${INLINE_STYLE_TAG}${stylesheet.css}</style>`);
}

/**
 * A page rendered at build time: its markup in the root (which the browser hydrates), the
 * stylesheet inline, its own title (page-titles.ts: constants of ours, no markup in them), and no
 * session probe: it goes only to requests without a session cookie, nobody signed in.
 */
function renderedPageHtml(
  html: string,
  rendered: SignedOutPages.RenderedPage,
  stylesheet: { link: string; css: string },
  pages: typeof SignedOutPages,
): string {
  const filled = withContent(
    html,
    ` ${pages.RENDERED_PATH_ATTRIBUTE}="${rendered.renderedPath}"`,
    rendered.markup,
    stylesheet,
  );
  const unprobed = replaceOnce(filled, /<link[^>]*href="\/api\/auth\/session"[^>]*>/, '');
  return replaceOnce(unprobed, /<title>[^<]*<\/title>/, `<title>${rendered.title}</title>`);
}

/**
 * A visitor's page (landing, not found): complete without the shell's scripts, which it loads when
 * a link is followed — warmed, with `alsoWarmed`, when one is pointed at or focused.
 */
function visitorPageHtml(
  template: string,
  rendered: SignedOutPages.RenderedPage,
  stylesheet: { link: string; css: string },
  pages: typeof SignedOutPages,
  visitorScript: string,
  alsoWarmed: readonly string[],
): string {
  let html = template;
  // The shell's scripts are not loaded with the page: the visitor's script loads them when needed.
  const shellScripts = [...html.matchAll(SHELL_SCRIPT)].map((match) => match[2] ?? '');
  if (shellScripts.length === 0) throw new Error(`${PLUGIN_NAME}: the page has no shell script`);
  html = html.replace(SHELL_SCRIPT, '');
  // Nor the visitor's own before the first paint: the inline loader fetches it once the page has
  // painted, from this meta (@listready/contracts/visitor-pages; the servers' CSP allows its hash).
  html = replaceOnce(
    html,
    '</head>',
    `<meta name="${pages.VISITOR_SCRIPT_META}" content="/${visitorScript}" ${pages.SHELL_SCRIPTS_ATTRIBUTE}="${[...shellScripts, ...alsoWarmed].join(' ')}"><script>${pages.VISITOR_LOADER}</script></head>`,
  );
  // Nor the remotes' addresses, which only the shell asks for.
  html = replaceOnce(html, /<link[^>]*href="\/remotes\.json"[^>]*>/, '');
  // It works without JavaScript.
  html = replaceOnce(html, /<noscript>.*?<\/noscript>/s, '');
  return renderedPageHtml(html, rendered, stylesheet, pages);
}

/**
 * An account form: the plain shell's page with the form drawn in it, its scripts as they are (they
 * hydrate the form), and the form's own code (the account screens' chunk, which the browser waits
 * for before hydrating) preloaded beside them instead of asked for once they run.
 */
function formPageHtml(
  template: string,
  rendered: SignedOutPages.RenderedPage,
  stylesheet: { link: string; css: string },
  pages: typeof SignedOutPages,
  formScripts: readonly string[],
): string {
  const preloads = formScripts
    .map((src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low">`)
    .join('');
  return renderedPageHtml(
    replaceOnce(template, '</head>', `${preloads}</head>`),
    rendered,
    stylesheet,
    pages,
  );
}

/** The scripts of a chunk group the build names (`webpackChunkName`), as the page addresses them. */
function namedChunkScripts(compilation: Compilation, name: string): string[] {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`${PLUGIN_NAME}: the build has no chunk named ${name}`);
  const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '');
  if (publicPath === 'auto') throw new Error(`${PLUGIN_NAME}: the build's publicPath must be set`);
  return group.chunks.flatMap((chunk) =>
    [...chunk.files].filter((file) => file.endsWith('.js')).map((file) => `${publicPath}${file}`),
  );
}
