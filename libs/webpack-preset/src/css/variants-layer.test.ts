import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { variantsLayer } from './variants-layer.ts';

const run = async (css: string) => (await postcss([variantsLayer()]).process(css, { from: undefined })).css;
const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('variantsLayer', () => {
  it('moves the utilities under a media or container query to a layer after the plain ones, in their order', async () => {
    const css = await run(
      '@layer theme{:root{--x:1}}' +
        '@layer utilities{.p-4{padding:1rem}@media (min-width:40rem){.sm\\:p-6{padding:1.5rem}}' +
        '.flex{display:flex}@supports (color:color-mix(in lab,red,red)){.bg-a{color:red}}' +
        '@media (hover:hover){.hover\\:x:hover{color:blue}}@container (min-width:20rem){.\\@sm\\:p-2{padding:.5rem}}}',
    );
    expect(squash(css)).toBe(
      squash(
        '@layer theme{:root{--x:1}}' +
          '@layer utilities{.p-4{padding:1rem}.flex{display:flex}@supports (color:color-mix(in lab,red,red)){.bg-a{color:red}}}' +
          '@layer variants{@media (min-width:40rem){.sm\\:p-6{padding:1.5rem}}' +
          '@media (hover:hover){.hover\\:x:hover{color:blue}}@container (min-width:20rem){.\\@sm\\:p-2{padding:.5rem}}}',
      ),
    );
  });

  it('moves the nested form Tailwind writes in development too, and leaves other layers and sheets alone', async () => {
    const css = await run(
      '@layer utilities{.p-4{padding:1rem}.sm\\:p-6{@media (width>=40rem){padding:1.5rem}}}' +
        '@layer base{@media (prefers-reduced-motion){*{animation:none}}}',
    );
    expect(squash(css)).toBe(
      squash(
        '@layer utilities{.p-4{padding:1rem}}@layer variants{.sm\\:p-6{@media (width>=40rem){padding:1.5rem}}}' +
          '@layer base{@media (prefers-reduced-motion){*{animation:none}}}',
      ),
    );
    expect(await run('.a{color:red}@layer utilities{.p-4{padding:1rem}}')).toBe(
      '.a{color:red}@layer utilities{.p-4{padding:1rem}}',
    );
  });
});
