/**
 * How an agent's colours become readable pages (WCAG 2.1 AA, 4.5:1 for text). The product's text
 * tokens (libs/ui theme.css: ink, ink-muted, brand-soft) are made for dark backgrounds; on a
 * colour where they would not keep 4.5:1 a region gets brighter or darker tokens, or one plain
 * black or white when no set of shades keeps it. The shell's frame and the Branding panel's preview both use
 * this, so the preview shows what clients will see. Browser-safe.
 */

/** The theme's text tokens on dark backgrounds (libs/ui theme.css). */
const LIGHT_TEXT = { ink: '#fafafa', inkMuted: '#a1a1aa', brandSoft: '#c084fc' } as const;
/** Brighter shades for mid-dark colours (a navy, a deep green) where the theme's muted grey fades. */
const BRIGHT_TEXT = { ink: '#ffffff', inkMuted: '#e4e4e7', brandSoft: '#f3e8ff' } as const;
/** The same roles for light backgrounds. */
const DARK_TEXT = { ink: '#09090b', inkMuted: '#3f3f46', brandSoft: '#6b21a8' } as const;

export type RegionText = { ink: string; inkMuted: string; brandSoft: string };

/** WCAG 2 relative luminance of `#RRGGBB`. */
export function relativeLuminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(foreground: string, background: string): number {
  const [lighter = 0, darker = 0] = [relativeLuminance(foreground), relativeLuminance(background)].sort(
    (a, b) => b - a,
  );
  return (lighter + 0.05) / (darker + 0.05);
}

const keeps = (text: RegionText, background: string) =>
  Object.values(text).every((colour) => contrastRatio(colour, background) >= 4.5);

/** Black or white, whichever reads better on `background` (always at least 4.5:1). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}

/**
 * The text tokens for a region painted `background`: null when the theme's own keep 4.5:1 (a dark
 * colour), else brighter or darker ones, else one plain colour for all three.
 */
export function regionTextOn(background: string): RegionText | null {
  if (keeps(LIGHT_TEXT, background)) return null;
  if (keeps(BRIGHT_TEXT, background)) return BRIGHT_TEXT;
  if (keeps(DARK_TEXT, background)) return DARK_TEXT;
  const plain = readableTextOn(background);
  return { ink: plain, inkMuted: plain, brandSoft: plain };
}

/**
 * Whether the page background can take this colour: the cards and text of every screen are made
 * for a dark page, so a page background must keep the theme's own text readable.
 */
export const pageBackgroundKeepsText = (background: string) => keeps(LIGHT_TEXT, background);
