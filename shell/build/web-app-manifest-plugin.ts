import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Compiler } from 'webpack';

const PLUGIN_NAME = 'WebAppManifestPlugin';
const require = createRequire(import.meta.url);

export const WEB_APP_MANIFEST = 'manifest.webmanifest';

/** The icons (the favicon's mark, drawn at install sizes; the maskable one full-bleed with a safe zone). */
export const APP_ICONS = [
  { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
  { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
  { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
] as const;

/** A colour token's value in the design system's theme (`--color-page: #000000;`). */
export function colourToken(themeCss: string, token: string): string {
  const match = new RegExp(`--${token}:\\s*(#[0-9a-f]{3,8})\\b`, 'i').exec(themeCss);
  if (!match?.[1]) throw new Error(`${PLUGIN_NAME}: the theme has no --${token}`);
  return match[1];
}

export function webAppManifest(themeCss: string) {
  return {
    name: 'ListReady',
    short_name: 'ListReady',
    description: 'Get your home ready to sell: a staged journey of tasks, with your agent.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The header's colour (the browser's bar continues it) and the page's, as the design tokens say.
    theme_color: colourToken(themeCss, 'color-header'),
    background_color: colourToken(themeCss, 'color-page'),
    icons: APP_ICONS.map(({ file, sizes, purpose }) => ({
      src: `/${file}`,
      sizes,
      type: 'image/png',
      purpose,
    })),
  };
}

/**
 * Writes the web app manifest (colours from the design tokens) and its icons beside the shell's
 * page. Their names carry no hash: the manifest names the icons, and browsers re-read the manifest
 * by its address (the server revalidates both).
 */
export class WebAppManifestPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    const iconsDir = path.join(compiler.context, 'src/icons');
    const themeFile = require.resolve('@listready/ui/theme.css');
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.fileDependencies.add(themeFile);
      compilation.hooks.processAssets.tapPromise(
        { name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const manifest = webAppManifest(await readFile(themeFile, 'utf8'));
          compilation.emitAsset(
            WEB_APP_MANIFEST,
            new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
          for (const { file } of APP_ICONS) {
            const icon = path.join(iconsDir, file);
            compilation.fileDependencies.add(icon);
            compilation.emitAsset(file, new sources.RawSource(await readFile(icon)));
          }
        },
      );
    });
  }
}
