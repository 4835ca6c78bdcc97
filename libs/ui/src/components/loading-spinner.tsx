import { cn } from '../lib/class-names.ts';

/** The spinner shown while something resolves (e.g. the session, spec seller §2). */
export function LoadingSpinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center p-8', className)}>
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-surface-border border-t-brand"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
