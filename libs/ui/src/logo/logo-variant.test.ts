import { describe, expect, it } from 'vitest';
import { chooseLogoVariant } from './logo-variant.ts';

describe('chooseLogoVariant (spec seller §2, Logo)', () => {
  it('shows the icon only below 768 px wide', () => {
    expect(chooseLogoVariant(375, 812)).toEqual({ variant: 'icon', showTagline: false });
    expect(chooseLogoVariant(767, 1024)).toEqual({ variant: 'icon', showTagline: false });
    expect(chooseLogoVariant(767, 400)).toEqual({ variant: 'icon', showTagline: false });
  });

  it('shows the horizontal logo with its tagline on landscape screens from 1024 px', () => {
    expect(chooseLogoVariant(1024, 768)).toEqual({ variant: 'horizontal', showTagline: true });
    expect(chooseLogoVariant(1920, 1080)).toEqual({ variant: 'horizontal', showTagline: true });
  });

  it('stacks the logo on portrait screens from 768 px wide and taller than 600 px', () => {
    expect(chooseLogoVariant(768, 1024)).toEqual({ variant: 'stacked', showTagline: false });
    expect(chooseLogoVariant(1024, 1366)).toEqual({ variant: 'stacked', showTagline: false });
  });

  it('falls back to the horizontal logo without tagline where the spec is silent', () => {
    expect(chooseLogoVariant(900, 600)).toEqual({ variant: 'horizontal', showTagline: false });
    expect(chooseLogoVariant(1023, 700)).toEqual({ variant: 'horizontal', showTagline: false });
  });
});
