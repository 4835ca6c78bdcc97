import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The colour tokens of theme.css, by name (`ink-muted` → `#a1a1aa`). */
function colourTokens(): Map<string, string> {
  const css = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
  return new Map(
    [...css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, hex]) => [
      name ?? '',
      hex ?? '',
    ]),
  );
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

const tokens = colourTokens();
const colour = (name: string): string => {
  const hex = tokens.get(name);
  if (!hex) throw new Error(`theme.css has no --color-${name}`);
  return hex;
};

const TEXT_COLOURS = ['ink', 'ink-muted', 'brand-soft'];
const BACKGROUNDS = ['page', 'header', 'navigation', 'surface'];

describe('the theme tokens (WCAG 2.1 AA)', () => {
  it.each(TEXT_COLOURS.flatMap((text) => BACKGROUNDS.map((background) => [text, background])))(
    'text in %s on %s keeps 4.5:1',
    (text, background) => {
      expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps 4.5:1 for brand-foreground text on the brand colour (buttons, step numbers)', () => {
    expect(contrast(colour('brand-foreground'), colour('brand'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(BACKGROUNDS)('keeps 3:1 for brand-coloured icons on %s (non-text contrast)', (background) => {
    expect(contrast(colour('brand'), colour(background))).toBeGreaterThanOrEqual(3);
  });

  it('measures what WCAG measures', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The pair axe reported on /journey: faded muted text on a faded card.
    expect(contrast('#616166', '#0e0e10')).toBeCloseTo(3.13, 2);
  });
});
