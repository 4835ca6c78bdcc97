import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  registerRequestSchema,
  type RegisterForm,
  type RegisterRequest,
  type UserRole,
} from '@listready/contracts/auth';
import { PRODUCT_NAME, toast } from '@listready/ui';
import type { SessionUser } from '@listready/web-client';
import { useRegister } from '../hooks/use-account-requests.ts';
import { showServerFieldIssues } from '../utils/form-errors.ts';
import { PASSWORD_RULE } from '../utils/password-rule.ts';
import { showFailureToast } from '../utils/server-error.ts';
import { PasswordField, SelectField, TextField } from './form-fields.tsx';
import { SubmitButton } from './submit-button.tsx';

/** The role choice as the spec words it (seller §2 and §6). */
export const ROLE_OPTIONS: readonly { value: UserRole; label: string }[] = [
  { value: 'agent', label: 'Real Estate Agent' },
  { value: 'client', label: 'Home Seller' },
];

/**
 * The address an agent's invitation went to, from its link's fragment (`#email=`): the acceptance
 * needs that address. In the fragment, it is never sent to a server, so no request log holds it.
 */
export function invitedEmailIn(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('email')?.trim() || null;
}

const FIELDS = ['email', 'firstName', 'lastName', 'phone', 'role', 'password', 'confirmPassword'] as const;

/** Create-account (spec seller §2 /auth and §5): every field checked with the shared schema. */
export function SignUpForm({
  defaultRole,
  invitedByLink = false,
  onRegistered,
}: {
  defaultRole: UserRole;
  /** Opened from an agent's invitation link: the e-mail field starts with the address it went to. */
  invitedByLink?: boolean;
  onRegistered: (user: SessionUser) => void;
}) {
  const form = useForm<RegisterForm, unknown, RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      phone: '',
      role: defaultRole,
      password: '',
      confirmPassword: '',
    },
  });
  // After the first render: the page's HTML (drawn for every invitation) has the field empty, and
  // what the person typed before the scripts came is kept.
  useEffect(() => {
    const invited = invitedByLink ? invitedEmailIn(window.location.hash) : null;
    if (invited && !form.getValues('email')) form.setValue('email', invited);
  }, [form, invitedByLink]);
  const registration = useRegister({
    onSuccess: (user) => {
      toast({
        title: `Welcome to ${PRODUCT_NAME}!`,
        description: 'Your account has been created successfully.',
      });
      onRegistered(user);
    },
    onError: (error) => {
      showServerFieldIssues(error, FIELDS, form.setError);
      showFailureToast(error, 'Registration failed');
    },
  });
  const { errors } = form.formState;

  // A changed password re-checks a confirmation the user has already typed (not an untouched one).
  const recheckConfirmation = () => {
    if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
  };

  const submit = form.handleSubmit((values) => registration.mutate(values));

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" aria-label="Create account">
      <TextField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="sign-up-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id="sign-up-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id="sign-up-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <SelectField
        id="sign-up-role"
        label="Role"
        options={ROLE_OPTIONS}
        defaultValue={defaultRole}
        error={errors.role?.message}
        {...form.register('role')}
      />
      <PasswordField
        id="sign-up-password"
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        error={errors.password?.message}
        {...form.register('password', { onChange: recheckConfirmation })}
      />
      <PasswordField
        id="sign-up-confirm-password"
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton pending={registration.isPending}>Create Account</SubmitButton>
    </form>
  );
}
