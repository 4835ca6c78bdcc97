import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/class-names.ts';

const variantClasses = {
  default: 'bg-brand text-brand-foreground hover:bg-brand/90',
  destructive: 'bg-red-700 text-white hover:bg-red-700/90',
  outline: 'border border-surface-border bg-transparent text-ink hover:bg-surface',
  secondary: 'bg-surface text-ink hover:bg-surface/80',
  ghost: 'bg-transparent text-ink hover:bg-surface',
} as const;

const sizeClasses = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-12 px-8 text-base',
  icon: 'size-10',
} as const;

export type ButtonVariant = keyof typeof variantClasses;
export type ButtonSize = keyof typeof sizeClasses;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child (e.g. a link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({
  variant = 'default',
  size = 'default',
  asChild = false,
  className,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors',
        'focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:ring-offset-2 focus-visible:ring-offset-page focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50',
        variantClasses[variant],
        sizeClasses[size],
        className,
      )}
      {...props}
    />
  );
}
