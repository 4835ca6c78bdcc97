import { cn } from '../lib/class-names.ts';
import type { LogoVariant } from './logo-variant.ts';

export const PRODUCT_NAME = 'ListReady';
export const PRODUCT_TAGLINE = 'Get your home ready to sell';

/** The mark: a house with a check, on the brand colour (a CSS variable, so branding can swap it). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)} focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path
        d="M8 15.5 16 8.5l8 7V24a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="m12.5 18.5 2.5 2.5 4.5-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface LogoProps {
  variant: LogoVariant;
  showTagline?: boolean;
  className?: string;
}

export function Logo({ variant, showTagline = false, className }: LogoProps) {
  if (variant === 'icon') {
    return (
      <span
        role="img"
        aria-label={PRODUCT_NAME}
        data-logo-variant="icon"
        className={cn('inline-flex', className)}
      >
        <LogoMark />
      </span>
    );
  }
  const stacked = variant === 'stacked';
  return (
    <span
      data-logo-variant={variant}
      className={cn('inline-flex items-center gap-2', stacked && 'flex-col gap-1 text-center', className)}
    >
      <LogoMark className={stacked ? 'size-10' : undefined} />
      <span className="flex flex-col leading-tight">
        <span className="text-lg font-bold tracking-tight text-ink">{PRODUCT_NAME}</span>
        {showTagline ? <span className="text-xs text-ink-muted">{PRODUCT_TAGLINE}</span> : null}
      </span>
    </span>
  );
}

/**
 * The header logo in the variant the spec gives each screen (seller §2, Logo): icon only below
 * 768 px; horizontal with its tagline on landscape screens from 1024 px; stacked on portrait screens
 * from 768 px and taller than 600 px; where the spec is silent (landscape, 768–1023 px) horizontal
 * without the tagline. Chosen by CSS media queries, not script: a prerendered page shows the right
 * one before (or without) any JavaScript, and a rotation changes it without a render. The hidden
 * ones are `display: none`, so only the shown logo is in the accessibility tree.
 */
export function ResponsiveLogo({ className }: { className?: string }) {
  // Each variant in a wrapper that is `display: none` but where its query holds (`contents` there:
  // the logo lays out as if the wrapper were not there); the logo keeps its own display. Arbitrary
  // properties, not `hidden`: a remote's stylesheet, loaded after the shell's, has its own `.hidden`
  // without these queries and would hide every variant again.
  return (
    <>
      <span className="[display:none] max-md:[display:contents]">
        <Logo variant="icon" className={className} />
      </span>
      <span className="[display:none] [@media(min-width:1024px)_and_(min-aspect-ratio:1/1)]:[display:contents]">
        <Logo variant="horizontal" showTagline className={className} />
      </span>
      <span className="[display:none] [@media(min-width:768px)_and_(min-height:601px)_and_(max-aspect-ratio:9999/10000)]:[display:contents]">
        <Logo variant="stacked" className={className} />
      </span>
      <span className="[display:none] [@media(min-width:768px)_and_(max-width:1023.98px)_and_(min-aspect-ratio:1/1)]:[display:contents]">
        <Logo variant="horizontal" className={className} />
      </span>
    </>
  );
}
