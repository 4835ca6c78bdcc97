import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, StartupChunksPlugin } from './startup-chunks-plugin.ts';
import { federatedHost } from './testing/federated-host.ts';

describe('StartupChunksPlugin', () => {
  // Imported in the opposite order to their names, so the order webpack meets them is not the answer.
  const libraries = ['zeta-lib', 'mid-lib', 'alpha-lib', 'toast-lib'];
  let host: Awaited<ReturnType<typeof federatedHost>>;
  beforeAll(async () => {
    host = await federatedHost(libraries);
  });
  afterAll(async () => {
    await host.remove();
  });

  async function build(): Promise<string[]> {
    await host.build({ mode: 'development', plugins: [new StartupChunksPlugin({ lazy: ['toast-lib'] })] });
    const html = await host.read('index.html');
    return [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
  }

  it('lists the bootstrap chunk, then each eagerly shared library in share-key order, and leaves out the lazy ones', async () => {
    const preloads = await build();
    const libraryOrder = preloads.flatMap((href) => libraries.filter((name) => href.includes(`_${name}_`)));
    expect(libraryOrder).toEqual(['alpha-lib', 'mid-lib', 'zeta-lib']);
    expect(preloads[0]).toMatch(/bootstrap/);
    expect(await build()).toEqual(preloads);
  });

  it('preloads them at low priority, and fetches the entry, which runs first, at high priority', async () => {
    await build();
    const html = await host.read('index.html');
    const preloadTags = html.match(/<link rel="preload" as="script"[^>]*>/g) ?? [];
    expect(preloadTags).toHaveLength(4);
    for (const tag of preloadTags) expect(tag).toMatch(/ fetchpriority="low"/);
    expect(html).toMatch(/<script defer(?:="defer")? src="[^"]*main\.js" fetchpriority="high">/);
  });

  it("starts each startup chunk, and no other script, with V8's compile hint", async () => {
    const preloads = await build();
    for (const href of preloads) expect((await host.read(href.slice(1))).startsWith(COMPILE_HINT)).toBe(true);
    const lazyChunk = (await host.files()).find((file) => file.includes('_toast-lib_'));
    expect(lazyChunk).toBeDefined();
    expect((await host.read(lazyChunk ?? '')).startsWith(COMPILE_HINT)).toBe(false);
    expect((await host.read('main.js')).startsWith(COMPILE_HINT)).toBe(false);
  });
});
