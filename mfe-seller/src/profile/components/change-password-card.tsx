import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordChangeSchema,
  type PasswordChange,
  type PasswordChangeForm,
} from '@listready/contracts/auth';
import { Button, Card } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import { failureText, showFormFailure, useChangePassword } from '../hooks/use-profile-requests.ts';
import { PasswordField } from './form-field.tsx';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/**
 * Edit Profile's second card: a new password with the current one (PUT /api/auth/user/password).
 * A wrong current password, or too many of them, is said on its field; the form empties once the
 * change is made. The account's e-mail sits in a hidden username field, so a password manager
 * saves the new password for the right account.
 */
export function ChangePasswordCard({ email }: { email: string }) {
  const form = useForm<PasswordChangeForm, unknown, PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const change = useChangePassword({
    onSuccess: () => form.reset(),
    onError: (error) => {
      const setError = (field: (typeof FIELDS)[number], message: string) =>
        form.setError(field, { type: 'server', message });
      // Too many wrong current passwords: said where the next one would be typed.
      if (error instanceof ApiRequestError && error.status === 429) {
        setError('currentPassword', failureText(error, 'Too many attempts. Please wait and try again.'));
      }
      showFormFailure(error, { title: 'Failed to change password', fields: FIELDS, setError });
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => change.mutate(values));

  return (
    <Card className="p-6">
      <h2 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <form
        noValidate
        aria-labelledby="change-password-heading"
        className="mt-4 space-y-4"
        onSubmit={(event) => void submit(event)}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          id="password-current"
          label="Current password"
          error={errors.currentPassword?.message}
          autoComplete="current-password"
          registration={form.register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            id="password-new"
            label="New password"
            hint="At least 8 characters."
            error={errors.password?.message}
            autoComplete="new-password"
            registration={form.register('password')}
          />
          <PasswordField
            id="password-confirm"
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
          />
        </div>
        <p className="text-sm text-ink-muted">
          You stay signed in here; every other device where you are signed in is signed out.
        </p>
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
