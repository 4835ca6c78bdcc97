import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn, FormField } from '@listready/ui';
import { useHydrated } from '@listready/web-client';

const controlClasses = cn(
  'h-11 w-full rounded-md border border-surface-border bg-page px-3 text-base text-ink',
  'placeholder:text-ink-muted focus-visible:border-brand-soft focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none',
  'aria-[invalid=true]:border-red-400',
);

type InputProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function TextField({ id, label, error, hint, className, ...inputProps }: InputProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(field) => <input className={cn(controlClasses, className)} {...inputProps} {...field} />}
    </FormField>
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
  // Drawn before the scripts (a prerendered form), the button does nothing until they come: disabled.
  const ready = useHydrated();
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(field) => (
        <div className="relative">
          <input
            type={visible ? 'text' : 'password'}
            className={cn(controlClasses, 'pr-12', className)}
            {...inputProps}
            {...field}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            disabled={!ready}
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
          >
            {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          </button>
        </div>
      )}
    </FormField>
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
    <FormField id={id} label={label} error={error}>
      {(field) => (
        <select className={cn(controlClasses, className)} {...selectProps} {...field}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
