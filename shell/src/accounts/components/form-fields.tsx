import { useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@listready/ui';

const controlClasses = cn(
  'h-11 w-full rounded-md border border-surface-border bg-page px-3 text-base text-ink',
  'placeholder:text-ink-muted focus-visible:border-brand-soft focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none',
  'aria-[invalid=true]:border-red-400',
);

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label above, the control, then its hint and its error — both tied to the control by aria-describedby. */
function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
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

type InputProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function TextField({ id, label, error, hint, className, ...inputProps }: InputProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses, className)}
          {...inputProps}
        />
      )}
    </FieldFrame>
  );
}

/** A password input with its own show/hide button; it starts hidden every time it is mounted. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  className,
  ...inputProps
}: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <div className="relative">
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(controlClasses, 'pr-12', className)}
            {...inputProps}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
          >
            {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ id, label, error, options, className, ...selectProps }: SelectProps) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      {(describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses, className)}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
