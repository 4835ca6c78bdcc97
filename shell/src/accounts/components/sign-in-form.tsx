import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { AppLink, type SessionUser } from '@listready/web-client';
import { useSignIn } from '../hooks/use-account-requests.ts';
import { showServerFieldIssues } from '../utils/form-errors.ts';
import { showFailureToast } from '../utils/server-error.ts';
import { PasswordField, TextField } from './form-fields.tsx';
import { SubmitButton } from './submit-button.tsx';

const FIELDS = ['email', 'password'] as const;

/** Sign-in (spec seller §2 /auth): email, password with show/hide, the Forgot password link. */
export function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn({
    onSuccess: (user) => {
      toast({ title: 'Welcome back!', description: 'You have been signed in successfully.' });
      onSignedIn(user);
    },
    onError: (error) => {
      showServerFieldIssues(error, FIELDS, form.setError);
      showFailureToast(error, 'Sign in failed', 'Login failed');
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => signIn.mutate(values));

  // `method="post"` on every account form: were the browser to submit one itself (the page drawn
  // before its scripts came), the password would go in a request body, never in an address.
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" aria-label="Sign in">
      <TextField
        id="sign-in-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        id="sign-in-password"
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex justify-end">
        <AppLink
          href="/forgot-password"
          className="py-0.5 text-sm text-brand-soft underline-offset-4 hover:underline"
        >
          Forgot password?
        </AppLink>
      </div>
      <SubmitButton pending={signIn.isPending}>Sign In</SubmitButton>
    </form>
  );
}
