import { cn } from '../lib/class-names.ts';

/** The spinner shown while something resolves (e.g. the session, spec seller §2). */
export function LoadingSpinner({
  label = 'Loading',
  showLabel = false,
  className,
}: {
  label?: string;
  /** Says it on screen too, under the spinner (otherwise to screen readers only). */
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 p-8', className)}
    >
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-surface-border border-t-brand"
      />
      <span className={showLabel ? 'text-sm text-ink-muted' : 'sr-only'}>{label}</span>
    </div>
  );
}
