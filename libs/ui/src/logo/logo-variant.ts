import { useSyncExternalStore } from 'react';

/** Spec seller §9: mobile below 768 px, wide from 1024 px, tall above 600 px. */
export const MOBILE_BREAKPOINT_PX = 768;
export const WIDE_BREAKPOINT_PX = 1024;
export const TALL_BREAKPOINT_PX = 600;

export type LogoVariant = 'icon' | 'horizontal' | 'stacked';

export interface LogoChoice {
  variant: LogoVariant;
  showTagline: boolean;
}

/**
 * The spec's logo rule: icon only below 768 px; horizontal with tagline when landscape and at least
 * 1024 px wide; stacked when portrait, at least 768 px wide and taller than 600 px. The spec leaves
 * the rest (landscape between 768 and 1023 px) open: the horizontal logo without its tagline.
 */
export function chooseLogoVariant(width: number, height: number): LogoChoice {
  if (width < MOBILE_BREAKPOINT_PX) return { variant: 'icon', showTagline: false };
  const portrait = height > width;
  if (!portrait && width >= WIDE_BREAKPOINT_PX) return { variant: 'horizontal', showTagline: true };
  if (portrait && height > TALL_BREAKPOINT_PX) return { variant: 'stacked', showTagline: false };
  return { variant: 'horizontal', showTagline: false };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): string {
  const choice = chooseLogoVariant(window.innerWidth, window.innerHeight);
  return `${choice.variant}:${choice.showTagline ? 'tagline' : ''}`;
}

/** The logo choice for the current window, following resizes and rotations. */
export function useLogoChoice(): LogoChoice {
  const key = useSyncExternalStore(subscribe, snapshot, () => 'horizontal:');
  const [variant, tagline] = key.split(':');
  return { variant: variant as LogoVariant, showTagline: tagline === 'tagline' };
}
