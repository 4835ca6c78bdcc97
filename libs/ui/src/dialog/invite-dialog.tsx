import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../components/button.tsx';
import { cn } from '../lib/class-names.ts';
import { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx';

export interface InviteFormValues {
  name: string;
  email: string;
  /** Empty when none was given (the field is optional). */
  phoneNumber: string;
}
export type InviteField = keyof InviteFormValues;
/** A message per field; a field without one is valid. */
export type InviteFieldErrors = Partial<Record<InviteField, string>>;

export interface InviteDialogProps extends Omit<ModalDialogProps, 'children'> {
  /** Checks the values before they are sent (the caller's schema, so the server's messages). */
  validate: (values: InviteFormValues) => InviteFieldErrors;
  /** Called with valid values; the caller sends them and closes the dialog on success. */
  onSubmit: (values: InviteFormValues) => void;
  /** While the invitation is being sent: submitting is blocked and the button says so. */
  sending: boolean;
  /** Messages the server gave per field (a 400's issues), each shown until its field changes. */
  serverErrors?: InviteFieldErrors | undefined;
}

const FIELDS: readonly {
  field: InviteField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  /** Said under the field before anything is wrong with it. */
  hint?: string;
}[] = [
  { field: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  // The text goes by SMS, which needs the country code: said before the number is typed.
  {
    field: 'phoneNumber',
    label: 'Phone number (optional)',
    type: 'tel',
    autoComplete: 'tel',
    // The example number kept on one line (no-break spaces), as a phone shows it.
    hint: 'With the country code, e.g. +1\u00a0555\u00a0123\u00a04567',
  },
];

const EMPTY: InviteFormValues = { name: '', email: '', phoneNumber: '' };
const NO_ERRORS: InviteFieldErrors = {};

const controlClasses = cn(
  'block h-11 w-full rounded-md border border-surface-border bg-page px-3 text-base text-ink',
  'placeholder:text-ink-muted focus-visible:border-brand-soft focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none',
  'aria-[invalid=true]:border-red-400',
);

/**
 * The form of both invitation dialogs — Invite Client (agent) and Invite Your Agent (seller): name,
 * email, optional phone number. Idle, then sending (submit blocked, the button reads Sending...);
 * the caller closes it on success, and closing resets it (the form lives inside the dialog's
 * content, which Radix unmounts when closed). Checked on submit, then again on every change.
 */
function InviteForm({
  validate,
  onSubmit,
  sending,
  serverErrors = NO_ERRORS,
  onCancel,
}: Pick<InviteDialogProps, 'validate' | 'onSubmit' | 'sending' | 'serverErrors'> & { onCancel: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<InviteFormValues>(EMPTY);
  const [errors, setErrors] = useState<InviteFieldErrors>(NO_ERRORS);
  const [submitted, setSubmitted] = useState(false);
  // Fields changed since the server's messages arrived: those messages no longer apply to them.
  const [changedSinceServer, setChangedSinceServer] = useState<ReadonlySet<InviteField>>(new Set());
  const inputs = useRef<Partial<Record<InviteField, HTMLInputElement | null>>>({});

  useEffect(() => setChangedSinceServer(new Set()), [serverErrors]);

  const messageOf = (field: InviteField) =>
    errors[field] ?? (changedSinceServer.has(field) ? undefined : serverErrors[field]);

  const change = (field: InviteField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setChangedSinceServer((fields) => new Set(fields).add(field));
    if (submitted) setErrors(validate(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find(({ field }) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid.field]?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-busy={sending || undefined}>
      {FIELDS.map(({ field, label, type, autoComplete, hint }) => {
        const id = `${idPrefix}-${field}`;
        const message = messageOf(field);
        // The message, once there is one, says what the hint said and more: one line, not two.
        const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
        return (
          <div key={field} className="space-y-1.5">
            <label htmlFor={id} className="block text-sm font-medium">
              {label}
            </label>
            <input
              ref={(element) => {
                inputs.current[field] = element;
              }}
              id={id}
              name={field}
              type={type}
              autoComplete={autoComplete}
              inputMode={type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined}
              value={values[field]}
              onChange={(event) => change(field, event.target.value)}
              aria-invalid={message ? true : undefined}
              aria-describedby={describedBy}
              className={controlClasses}
            />
            {hint && !message ? (
              <p id={`${id}-hint`} className="text-sm text-ink-muted">
                {hint}
              </p>
            ) : null}
            {message ? (
              <p id={`${id}-error`} className="text-sm text-red-400">
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="dialog-actions">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {sending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </div>
    </form>
  );
}

/** An invitation dialog (agent spec §2, §4; seller spec §2): the shared frame with the invite form. */
export function InviteDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusRef,
  ...form
}: InviteDialogProps) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      returnFocusRef={returnFocusRef}
    >
      <InviteForm {...form} onCancel={() => onOpenChange(false)} />
    </ModalDialog>
  );
}
