import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { repositoryRoot } from './config.ts';

/**
 * `/favicon.ico` is the SVG favicon drawn by Chromium at the sizes browsers ask an .ico for, each kept
 * as a PNG inside the ICO container (every browser since IE 11 reads those). No rasteriser is a
 * dependency of the build, so the .ico is committed and redrawn here when the logo changes:
 *
 *   node e2e/support/favicon-ico.ts
 *
 * The landing e2e compares the two pictures, so a stale .ico fails the suite.
 */
export const FAVICON_SVG = path.join(repositoryRoot, 'shell/src/favicon/favicon.svg');
export const FAVICON_ICO = path.join(repositoryRoot, 'shell/src/favicon/favicon.ico');
export const FAVICON_SIZES = [16, 32, 48] as const;

async function renderPng(browser: Browser, svg: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  try {
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    return await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  } finally {
    await page.close();
  }
}

/** The ICO container (ICONDIR, one ICONDIRENTRY per image, then the images) around 32-bit PNGs. */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width; 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

export async function renderFaviconIco(browser: Browser, svg: string): Promise<Buffer> {
  const images = [];
  for (const size of FAVICON_SIZES) images.push({ size, png: await renderPng(browser, svg, size) });
  return icoFromPngs(images);
}

if (import.meta.main) {
  const browser = await launchChromium();
  try {
    await writeFile(FAVICON_ICO, await renderFaviconIco(browser, await readFile(FAVICON_SVG, 'utf8')));
    console.log(`Wrote ${path.relative(repositoryRoot, FAVICON_ICO)}`);
  } finally {
    await browser.close();
  }
}
