import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogoMark } from '@listready/ui';
import { SESSION_URL } from '@listready/web-client';
import { APP_ICONS, WEB_APP_MANIFEST, webAppManifest } from '../build/web-app-manifest-plugin.ts';
import { REMOTES_CONFIG_URL } from './federation/remote-urls.ts';

const require = createRequire(import.meta.url);
const read = (file: string) => readFileSync(path.join(import.meta.dirname, file));

function parseSvg(text: string): Document {
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

/** The drawing of an SVG: each shape's name and geometry attributes, in order. */
function shapes(svg: Document | Element): string[] {
  return [...svg.querySelectorAll('rect, path')].map((shape) =>
    [shape.tagName.toLowerCase(), shape.getAttribute('d') ?? '', shape.getAttribute('rx') ?? ''].join(' '),
  );
}

describe('the favicon', () => {
  const favicon = parseSvg(read('./favicon/favicon.svg').toString('utf8'));

  it('is the logo mark, in the brand colour (an icon cannot read the page’s CSS variables)', () => {
    const mark = parseSvg(renderToStaticMarkup(<LogoMark />));
    expect(shapes(favicon)).toEqual(shapes(mark));
    expect(mark.querySelector('rect')?.getAttribute('fill')).toBe('var(--color-brand)');
    const theme = readFileSync(require.resolve('@listready/ui/theme.css'), 'utf8');
    const brand = /--color-brand:\s*(#[0-9a-f]{6})/i.exec(theme)?.[1];
    expect(favicon.querySelector('rect')?.getAttribute('fill')).toBe(brand);
  });

  it('has an .ico beside it: PNG images of 16, 32 and 48 px (redrawn by e2e/support/favicon-ico.ts)', () => {
    const ico = read('./favicon/favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
      const entry = 6 + 16 * index;
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + ico.readUInt32LE(entry + 8));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The PNG's own size (IHDR) agrees with the directory.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([ico[entry], ico[entry + 1]]);
      return ico[entry];
    });
    expect(images).toEqual([16, 32, 48]);
  });
});

describe('index.html', () => {
  // Parsed inert (a template's content loads nothing): a DOM page would start the preload.
  const template = document.createElement('template');
  template.innerHTML = read('./index.html').toString('utf8');
  const page = template.content;

  it('links both icons through the build, so the SVG gets a hashed, immutable name', () => {
    const icons = [...page.querySelectorAll('link[rel="icon"]')].map((link) => link.getAttribute('href'));
    expect(icons).toEqual([
      "<%= require('./favicon/favicon.ico') %>",
      "<%= require('./favicon/favicon.svg') %>",
    ]);
  });

  it('starts the session probe with the page, at the address the session query reads', () => {
    const preload = page.querySelector('link[rel="preload"][as="fetch"]');
    expect(preload?.getAttribute('href')).toBe(SESSION_URL);
    // The query sends cookies: only a credentialed preload is reused for it.
    expect(preload?.getAttribute('crossorigin')).toBe('use-credentials');
  });

  it('starts /remotes.json with the page too, as the shell asks for it (same-origin credentials)', () => {
    const preload = page.querySelector(`link[rel="preload"][href="${REMOTES_CONFIG_URL}"]`);
    expect(preload?.getAttribute('as')).toBe('fetch');
    expect(preload?.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('links the web app manifest the build writes', () => {
    expect(page.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(`/${WEB_APP_MANIFEST}`);
  });
});

describe('the web app manifest', () => {
  const theme = readFileSync(require.resolve('@listready/ui/theme.css'), 'utf8');
  const manifest = webAppManifest(theme);

  it('makes ListReady installable: names, start URL and scope, standalone, colours from the tokens', () => {
    expect(manifest).toMatchObject({
      name: 'ListReady',
      short_name: 'ListReady',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe(/--color-header:\s*(#[0-9a-f]{6})/i.exec(theme)?.[1]);
    expect(manifest.background_color).toBe(/--color-page:\s*(#[0-9a-f]{6})/i.exec(theme)?.[1]);
  });

  it('names PNG icons of 192 and 512 px and a maskable one, each of the size it declares', () => {
    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(declared).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of APP_ICONS) {
      const png = read(`./icons/${icon.file}`);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it('the maskable icon fills its square with the brand colour (its corners are cut by the platform)', () => {
    const png = read('./icons/icon-maskable-512.png');
    // Colour type 2 (RGB, no alpha): nothing transparent for a mask to reveal.
    expect(png[25]).toBe(2);
  });
});
