import type { ComponentProps } from 'react';
import { cn } from '@listready/ui';

/** Badge variants as the spec names them (priority: high destructive, medium default, low secondary). */
const VARIANT_CLASSES = {
  default: 'border-transparent bg-brand text-brand-foreground',
  secondary: 'border-transparent bg-zinc-700 text-ink',
  destructive: 'border-transparent bg-red-700 text-white',
  outline: 'border-surface-border text-ink',
} as const;

export type BadgeVariant = keyof typeof VARIANT_CLASSES;

export function Badge({
  variant = 'default',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      data-variant={variant}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        VARIANT_CLASSES[variant],
        className,
      )}
      {...props}
    />
  );
}

export const PRIORITY_BADGE_VARIANT = { high: 'destructive', medium: 'default', low: 'secondary' } as const;
