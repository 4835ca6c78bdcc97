import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  authMessages,
  profileUpdateSchema,
  type ProfileUpdate,
  type PublicUser,
} from '@listready/contracts/auth';
import { Button, Card } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import { failureText, showFormFailure, useUpdateProfile } from '../hooks/use-profile-requests.ts';
import { ChangePasswordCard } from './change-password-card.tsx';
import { FormField, PasswordField, TextInput } from './form-field.tsx';
import { SignedInDevicesCard } from './signed-in-devices-card.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Edit Profile: firstName, lastName, email, phone → PUT /api/auth/user; a taken e-mail shows on its
 * field. A new e-mail (it signs in and receives reset links) asks for the current password. The
 * phone is the account's one number (an agent's clients call it; text reminders go to it). Below
 * it, Change password, and where the person is signed in.
 */
export function EditProfileTab({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
    },
  });
  const update = useUpdateProfile({
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        form.setError('email', { type: 'server', message: failureText(error, 'This email is taken') });
      }
      showFormFailure(error, {
        title: 'Failed to update profile',
        fields: FIELDS,
        setError: (field, message) => form.setError(field, { type: 'server', message }),
      });
    },
  });
  const { errors } = form.formState;
  const changesEmail = !sameEmail(form.watch('email') ?? '', user.email);
  const submit = form.handleSubmit((values) => {
    if (changesEmail && !values.currentPassword) {
      form.setError('currentPassword', { type: 'required', message: authMessages.currentPasswordRequired });
      return;
    }
    update.mutate(changesEmail ? values : { ...values, currentPassword: undefined });
  });

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <form
          noValidate
          aria-label="Edit Profile"
          className="space-y-4"
          onSubmit={(event) => void submit(event)}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
              {(props) => <TextInput autoComplete="given-name" {...props} {...form.register('firstName')} />}
            </FormField>
            <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
              {(props) => <TextInput autoComplete="family-name" {...props} {...form.register('lastName')} />}
            </FormField>
          </div>
          <FormField id="profile-email" label="Email" error={errors.email?.message}>
            {(props) => (
              <TextInput
                type="email"
                autoComplete="email"
                inputMode="email"
                {...props}
                {...form.register('email')}
              />
            )}
          </FormField>
          <FormField
            id="profile-phone"
            label="Phone"
            hint={
              user.notificationPreferences.sms
                ? 'Your text reminders go to this number: keep it in international format, e.g. +1 555 123 4567.'
                : undefined
            }
            error={errors.phone?.message}
          >
            {(props) => (
              <TextInput
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                {...props}
                {...form.register('phone')}
              />
            )}
          </FormField>
          {changesEmail && (
            <PasswordField
              id="profile-current-password"
              label="Current password (to change your email)"
              error={errors.currentPassword?.message}
              autoComplete="current-password"
              registration={form.register('currentPassword')}
            />
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
      <ChangePasswordCard email={user.email} />
      <SignedInDevicesCard />
    </div>
  );
}
