import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/class-names.ts';

/** A text box's or a select's look, with the red border of an invalid field. */
export const controlClasses = cn(
  'block w-full rounded-md border border-surface-border bg-page px-3 py-2 text-base text-ink',
  'placeholder:text-ink-muted focus-visible:border-brand-soft focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none',
  'aria-[invalid=true]:border-red-400',
);

/** Label, control, an optional hint, then the field's error; hint and error tied by aria-describedby. */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, className)} {...props} />;
}
