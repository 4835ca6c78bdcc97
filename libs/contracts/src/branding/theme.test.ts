import { describe, expect, it } from 'vitest';
import { contrastRatio, pageBackgroundKeepsText, readableTextOn, regionTextOn } from './theme.ts';

const lowest = (background: string) => {
  const text = regionTextOn(background) ?? { ink: '#fafafa', inkMuted: '#a1a1aa', brandSoft: '#c084fc' };
  return Math.min(...Object.values(text).map((colour) => contrastRatio(colour, background)));
};

describe('readable branded regions', () => {
  it('measures what WCAG measures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps the theme’s tokens on dark colours, brighter or darker ones elsewhere, one plain colour between', () => {
    expect(regionTextOn('#000000')).toBeNull();
    expect(regionTextOn('#111827')).toBeNull();
    expect(regionTextOn('#1E3A8A')).toEqual({ ink: '#ffffff', inkMuted: '#e4e4e7', brandSoft: '#f3e8ff' });
    expect(regionTextOn('#FFFFFF')).toEqual({ ink: '#09090b', inkMuted: '#3f3f46', brandSoft: '#6b21a8' });
    expect(regionTextOn('#777777')).toEqual({ ink: '#000000', inkMuted: '#000000', brandSoft: '#000000' });
    expect(readableTextOn('#2563EB')).toBe('#ffffff');
    expect(readableTextOn('#F59E0B')).toBe('#000000');
  });

  it('every text token keeps 4.5:1 on any background colour', () => {
    for (let red = 0; red < 256; red += 17)
      for (let green = 0; green < 256; green += 17)
        for (let blue = 0; blue < 256; blue += 51) {
          const hex = `#${[red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
          expect(lowest(hex), hex).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(readableTextOn(hex), hex), hex).toBeGreaterThanOrEqual(4.5);
        }
  });

  it('a page background only when the theme’s text stays readable on it', () => {
    expect(pageBackgroundKeepsText('#000000')).toBe(true);
    expect(pageBackgroundKeepsText('#0B1F3A')).toBe(true);
    expect(pageBackgroundKeepsText('#F5F5F5')).toBe(false);
  });
});
