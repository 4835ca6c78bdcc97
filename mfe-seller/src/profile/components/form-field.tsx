import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, TextInput } from '@listready/ui';

/** The profile's fields are the design system's (the agent's calendar card uses them too). */
export { controlClasses, FormField, TextInput } from '@listready/ui';

/** A password field of a profile form: the current one, or a new one (password managers tell them apart). */
export function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(props) => <TextInput type="password" autoComplete={autoComplete} {...props} {...registration} />}
    </FormField>
  );
}
