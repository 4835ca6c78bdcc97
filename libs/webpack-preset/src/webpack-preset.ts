import { createRequire, findPackageJSON } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/postcss';
import { variantsLayer } from './css/variants-layer.ts';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import TerserPlugin from 'terser-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { federationNameOf, type RemoteName } from '@listready/contracts';
import { DefaultRemotesJsonPlugin } from './default-remotes-json-plugin.ts';
import { PageChunksPlugin } from './page-chunks-plugin.ts';
import { PageDataPlugin } from './page-data-plugin.ts';
import { StartupChunksPlugin } from './startup-chunks-plugin.ts';
import { DropTemplateScriptsPlugin } from './template-scripts-plugin.ts';

/**
 * One webpack + Module Federation preset for the shell and every remote, so the shared
 * singletons, the CSS pipeline and the output naming (hashed = immutable) cannot drift apart.
 */

interface CommonOptions {
  /** Absolute path of the package (the folder holding package.json). */
  projectDir: string;
  /** `production` or `development`, from webpack's `--mode`. */
  mode: 'production' | 'development';
  /** Host: the app entry. Remote: the standalone entry used by the team's dev server. */
  entry: string;
  /** Dev server port for `npm run dev`. */
  devPort: number;
  /** Where `npm run dev` forwards `/api` (and, for the shell, the remotes) — the running platform. */
  platformUrl?: string;
}

export type FrontendConfigOptions = CommonOptions &
  (
    | { kind: 'host' }
    | {
        kind: 'remote';
        /** One of the contracts' remotes: its federation container is named after it (`mfe_seller`). */
        remote: RemoteName;
        /** Module exposed as `./lifecycles` (the single-spa lifecycles). */
        lifecycles?: string;
        /**
         * The API reads each page of the remote starts with, by page path, written as
         * page-data.json for the gateway to preload with the page (PageDataPlugin).
         */
        pageData?: Record<string, readonly string[]>;
        /**
         * The screen a page renders from a lazily loaded module (`import()`), by page path: its
         * files are written as page-chunks.json for the gateway to preload with the page
         * (PageChunksPlugin).
         */
        pageChunks?: Record<string, string>;
      }
  );

/** The host's federation container (remotes are named after their entry in the contracts). */
const HOST_FEDERATION_NAME = 'shell';

const require = createRequire(import.meta.url);

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Bundled into every build: hands the page's CSP style nonce to the bundle's webpack runtime. */
export const CSP_NONCE_RUNTIME_PLUGIN = fileURLToPath(
  new URL('./runtime/csp-nonce-runtime-plugin.ts', import.meta.url),
);

/**
 * Bundled into every build: lets a shared module whose chunk failed to load (the toaster, offline)
 * be loaded again at its next use, where the federation runtime would repeat the failure.
 */
export const RETRY_FAILED_SHARE_RUNTIME_PLUGIN = fileURLToPath(
  new URL('./runtime/retry-failed-share-plugin.ts', import.meta.url),
);

/**
 * Bundled into the shell's build only: hands the shell's federation runtime core to the remotes,
 * whose production entries are built without one (`externalRuntime`).
 */
export const PROVIDE_RUNTIME_CORE_PLUGIN = fileURLToPath(
  new URL('./runtime/provide-runtime-core-plugin.ts', import.meta.url),
);

/** The entry chunks, which hold the federation runtime: the shell's `main`, a remote's `remoteEntry`. */
const ENTRY_CHUNK_FILES = /^(main|remoteEntry)\.[0-9a-f]+\.js$/;

/**
 * The host's chunks of the contracts and zod. The contracts' modules go in one chunk rather than
 * copied into each area's (the areas share files: errors, enums, calendar…); a module is only
 * evaluated when an area that imports it is. zod goes in one chunk of its own beside it, not spread
 * over many small files.
 */
const HOST_SPLIT_CHUNKS = {
  cacheGroups: {
    contracts: {
      test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/,
      name: 'contracts',
      chunks: 'async',
      enforce: true,
    },
    zod: { test: /[\\/]node_modules[\\/]zod[\\/]/, name: 'zod', chunks: 'async', enforce: true },
  },
} satisfies NonNullable<Configuration['optimization']>['splitChunks'];

/** Shared design-system parts the shell loads only on demand (never preloaded). */
const LAZY_SHARED_MODULES = ['@listready/ui/toaster', '@listready/ui/dialog'];

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * The contracts' areas with zod schemas (`@listready/contracts/<area>`), each a shared module of its
 * own, so a page evaluates the schemas of the areas its code imports rather than every schema of
 * every service (the barrel, `@listready/contracts`, which the services import).
 */
export const SHARED_CONTRACT_AREAS = [
  'errors',
  'remotes',
  'auth',
  'branding',
  'invitation',
  'journey',
  'calendar',
  'analytics',
] as const;

interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  /** The host's contract areas: the file itself, so the host provides the area even if it never imports it. */
  import?: string;
  version?: string;
}

/**
 * Shared singletons (DESIGN.md §6, STYLE.md): react, react-dom, the JSX runtime, react-query and
 * our front-end libraries (the design system with its lazily used parts, the web client, the
 * contracts' areas). Versions come from the consuming package.json; subpaths borrow their package's
 * range because they have no package.json of their own. Never eager: the host and every remote enter
 * through an async boundary.
 *
 * The host provides every contract area, those only a remote uses too (`journey`, `analytics`):
 * webpack provides a package request only when the build imports it, and an area a remote had to
 * take from its own build would bring a second copy of zod with it.
 */
export function sharedSingletons(
  projectDir: string,
  kind: 'host' | 'remote' = 'remote',
): Record<string, SharedSingleton> {
  const ownDependencies = readPackageJson(path.join(projectDir, 'package.json')).dependencies ?? {};
  const rangeOf = (packageName: string): string => {
    const range = ownDependencies[packageName];
    if (range) return range;
    // Workspace libraries may be reached transitively; pin to their own version line. (Found without
    // `require.resolve`, which refuses a package.json its package does not export.)
    const packageJson = findPackageJSON(packageName, pathToFileURL(path.join(projectDir, 'package.json')));
    if (!packageJson) throw new Error(`${packageName} is not installed for ${projectDir}`);
    return `^${readPackageJson(packageJson).version}`;
  };
  const shared = (packageName: string, versionOf = packageName) => ({
    singleton: true as const,
    requiredVersion: rangeOf(versionOf),
  });
  const projectRequire = createRequire(path.join(projectDir, 'package.json'));
  const contractArea = (area: string): SharedSingleton => {
    const request = `@listready/contracts/${area}`;
    if (kind === 'remote') return shared(request, '@listready/contracts');
    const packageJson = findPackageJSON(
      '@listready/contracts',
      pathToFileURL(path.join(projectDir, 'package.json')),
    );
    if (!packageJson) throw new Error(`@listready/contracts is not installed for ${projectDir}`);
    return {
      ...shared(request, '@listready/contracts'),
      import: projectRequire.resolve(request),
      version: readPackageJson(packageJson).version,
    };
  };
  return {
    react: shared('react'),
    'react/jsx-runtime': shared('react/jsx-runtime', 'react'),
    'react-dom': shared('react-dom'),
    'react-dom/client': shared('react-dom/client', 'react-dom'),
    '@tanstack/react-query': shared('@tanstack/react-query'),
    '@listready/ui': shared('@listready/ui'),
    // Heavier design-system parts are separate shared modules, loaded only by pages that use them.
    '@listready/ui/toaster': shared('@listready/ui/toaster', '@listready/ui'),
    '@listready/ui/dialog': shared('@listready/ui/dialog', '@listready/ui'),
    '@listready/web-client': shared('@listready/web-client'),
    // The zod contracts every answer is parsed with: one copy of them and of zod (~31 KB brotli), not one per remote.
    '@listready/contracts': shared('@listready/contracts'),
    ...Object.fromEntries(
      SHARED_CONTRACT_AREAS.map((area) => [`@listready/contracts/${area}`, contractArea(area)]),
    ),
  };
}

export function createFrontendConfig(
  options: FrontendConfigOptions,
): Configuration & { devServer?: DevServerConfiguration } {
  const { projectDir, mode, kind } = options;
  const production = mode === 'production';
  const federationName = options.kind === 'remote' ? federationNameOf(options.remote) : HOST_FEDERATION_NAME;
  const platformUrl = options.platformUrl ?? 'http://127.0.0.1:8080';

  const htmlPage = new HtmlWebpackPlugin({
    template: path.join(projectDir, 'src/index.html'),
    scriptLoading: 'defer',
    minify: production,
  });

  const federation = new ModuleFederationPlugin({
    name: federationName,
    ...(options.kind === 'remote'
      ? {
          // Hashed entry: the manifest (no-cache) names it, so the entry itself can be immutable.
          filename: production ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
          exposes: { './lifecycles': options.lifecycles ?? './src/lifecycles.tsx' },
        }
      : {}),
    // Remote URLs are never built in: the shell registers them at run time from /remotes.json.
    remotes: {},
    shared: sharedSingletons(projectDir, kind),
    // Runs in each bundle's own runtime (the shell's and every remote's), before its modules.
    runtimePlugins: [
      CSP_NONCE_RUNTIME_PLUGIN,
      RETRY_FAILED_SHARE_RUNTIME_PLUGIN,
      ...(kind === 'host' ? [PROVIDE_RUNTIME_CORE_PLUGIN] : []),
    ],
    manifest: kind === 'remote',
    dts: false,
    // Use what the host already loaded rather than fetching every remote up front.
    shareStrategy: 'loaded-first',
    experiments: {
      // One federation runtime core per page, the shell's: a remote's production entry reads it from
      // the page (PROVIDE_RUNTIME_CORE_PLUGIN) instead of carrying its own (remoteEntry 30.5 → 8.7 KB
      // gzipped, the shell's entry +0.4 KB). Enhanced's provideExternalRuntime is not used: it is
      // resolved to its CommonJS build, a second copy of the core in the shell (+22 KB). A remote's
      // standalone development page has no shell, so it keeps its own runtime.
      ...(kind === 'remote' && production ? { externalRuntime: true } : {}),
      optimization: {
        // Browser-only build: leaves the runtime's Node loading code out of every bundle.
        target: 'web',
        // A remote loads no remotes of its own: no remote loading or manifest snapshot code.
        ...(kind === 'remote' ? { disableRemote: true, disableSnapshot: true } : {}),
      },
    },
  });

  return {
    mode,
    context: projectDir,
    target: 'web',
    // A remote's production build ships only its container; the standalone page is for `npm run dev`.
    entry: kind === 'remote' && production ? {} : { main: options.entry },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(projectDir, 'dist'),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: '[name].[contenthash:8][ext]',
      // The host lives at the site root; a remote works out its URL from where it was loaded.
      publicPath: kind === 'host' ? '/' : 'auto',
      uniqueName: federationName,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: require.resolve('esbuild-loader'),
          options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: require.resolve('css-loader'), options: { importLoaders: 1 } },
            {
              loader: require.resolve('postcss-loader'),
              options: {
                // Then each sheet's query utilities in a layer after the plain ones (variants-layer.ts).
                postcssOptions: {
                  plugins: [tailwindcss({ base: projectDir, optimize: production }), variantsLayer()],
                },
              },
            },
          ],
        },
        { test: /\.(svg|png|woff2)$/, type: 'asset/resource' },
        // Icons keep their name: browsers and tools ask for /favicon.ico without reading the page.
        { test: /\.ico$/, type: 'asset/resource', generator: { filename: '[name][ext]' } },
      ],
    },
    optimization: {
      // The host's only: a remote's own contract modules are fallbacks it does not load beside the
      // shell, and one chunk of them would come with the few it does import unshared.
      ...(kind === 'host' ? { splitChunks: HOST_SPLIT_CHUNKS } : {}),
      // `format: undefined` keeps esbuild from wrapping chunks in an IIFE, which would hide the
      // remote entry's global (`var mfe_seller = …`) from the federation runtime.
      // The entry chunks go through terser instead: the federation runtime's build-time switches
      // (target web, no remotes in a remote) only drop their dead code with terser's constant
      // folding, which esbuild's minifier does not do inside a module (~4–6 KB gzipped per entry).
      minimizer: [
        new EsbuildPlugin({ target: 'es2022', css: true, format: undefined, exclude: ENTRY_CHUNK_FILES }),
        new TerserPlugin({
          include: ENTRY_CHUNK_FILES,
          extractComments: false,
          terserOptions: { ecma: 2020, compress: { passes: 2 } },
        }),
      ],
    },
    performance: { hints: false },
    plugins: [
      federation,
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      ...(kind === 'host' || !production ? [htmlPage, new DropTemplateScriptsPlugin()] : []),
      ...(kind === 'host' ? [new StartupChunksPlugin({ lazy: LAZY_SHARED_MODULES })] : []),
      ...(kind === 'host' && production ? [new DefaultRemotesJsonPlugin()] : []),
      ...(options.kind === 'remote' && options.pageData ? [new PageDataPlugin(options.pageData)] : []),
      ...(options.kind === 'remote' && options.pageChunks ? [new PageChunksPlugin(options.pageChunks)] : []),
      // Compressed once at build time (the gateway serves these as they are) instead of on every request.
      ...(production
        ? [
            new CompressionPlugin({ test: COMPRESSIBLE, algorithm: 'gzip', filename: '[path][base].gz' }),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
            }),
          ]
        : []),
    ],
    devServer: {
      port: options.devPort,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      // Remotes are fetched by a shell on another port during development.
      headers: kind === 'remote' ? { 'Access-Control-Allow-Origin': '*' } : {},
      proxy: [
        {
          context: kind === 'host' ? ['/api', '/remotes.json', '/remotes'] : ['/api'],
          target: platformUrl,
          changeOrigin: true,
        },
      ],
    },
    stats: 'errors-warnings',
  };
}
