import { useId } from 'react';
import {
  BRANDING_COLOR_LABELS,
  DEFAULT_BRANDING_COLORS,
  type BrandingColorField,
} from '@listready/contracts/branding';
import { pickerValue } from '../utils/branding-form.ts';
import { Field, TextInput } from './field.tsx';

/** One brand colour: a colour picker and the same value as #RRGGBB text, either one editable. */
export function ColorField({
  field,
  value,
  error,
  onChange,
}: {
  field: BrandingColorField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = BRANDING_COLOR_LABELS[field];
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={pickerValue(value, DEFAULT_BRANDING_COLORS[field])}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-surface-border bg-page p-1 focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
          />
          <TextInput
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            maxLength={7}
            className="font-mono uppercase"
          />
        </div>
      )}
    </Field>
  );
}
