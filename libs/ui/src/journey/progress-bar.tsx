import { cn } from '../lib/class-names.ts';

/**
 * A percent as the journey's progress bar: a native <progress> (the progressbar role, its value
 * announced), drawn by its pseudo-elements, so a value needs no inline style (CSP style-src).
 */
export function ProgressBar({
  percent,
  label,
  className,
}: {
  percent: number;
  label: string;
  className?: string;
}) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <progress
      value={value}
      max={100}
      aria-label={label}
      className={cn(
        'block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-page',
        // On paper too (browsers leave backgrounds out unless told), the track outlined on white.
        '[print-color-adjust:exact] print:border print:border-surface-border',
        '[&::-webkit-progress-bar]:rounded-full [&::-webkit-progress-bar]:bg-page',
        '[&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand',
        '[&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-brand',
        className,
      )}
    />
  );
}
