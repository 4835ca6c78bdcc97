import { cn } from '../lib/class-names.ts';
import { useLogoChoice, type LogoVariant } from './logo-variant.ts';

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

/** The header logo, picking its variant from the window size (spec seller §2, Logo). */
export function ResponsiveLogo({ className }: { className?: string }) {
  const choice = useLogoChoice();
  return <Logo variant={choice.variant} showTagline={choice.showTagline} className={className} />;
}
