import type { ComponentProps } from 'react';
import { cn } from '../lib/class-names.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-xl border border-surface-border bg-surface text-ink', className)}
      {...props}
    />
  );
}
