import path from 'node:path';
import webpack from 'webpack';
import { createFrontendConfig } from '@listready/webpack-preset';
import { PrerenderPagesPlugin } from './build/prerender-pages-plugin.ts';
import { ServiceWorkerPlugin } from './build/service-worker-plugin.ts';
import { WebAppManifestPlugin } from './build/web-app-manifest-plugin.ts';

interface WebpackArguments {
  mode?: 'production' | 'development';
}

export default (_environment: unknown, argv: WebpackArguments) => {
  const mode = argv.mode ?? 'production';
  const config = createFrontendConfig({
    kind: 'host',
    projectDir: path.dirname(new URL(import.meta.url).pathname),
    mode,
    entry: './src/index.ts',
    devPort: 3000,
  });
  // The installable app: its manifest and icons, and the service worker (registered in production only).
  config.plugins = [
    ...(config.plugins ?? []),
    // The footer's copyright year (src/content/journey-steps.ts): the year of the build.
    new webpack.DefinePlugin({
      'process.env.LISTREADY_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
    }),
    new WebAppManifestPlugin(),
    new ServiceWorkerPlugin({ entry: './src/service-worker/service-worker.ts' }),
  ];
  // The visitor's pages (landing, not found) as HTML, for the gateway and the static image to serve.
  if (mode === 'production')
    config.plugins = [
      ...config.plugins,
      new PrerenderPagesPlugin({
        renderModule: './src/prerender/signed-out-pages.tsx',
        visitorModule: './src/prerender/visitor.ts',
      }),
    ];
  return config;
};
