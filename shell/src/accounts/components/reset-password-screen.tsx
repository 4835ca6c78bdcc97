import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetConfirmSchema, type PasswordResetConfirm } from '@listready/contracts/auth';
import { Button, toast } from '@listready/ui';
import { AppLink, useLocationSearch } from '@listready/web-client';
import { useConfirmPasswordReset } from '../hooks/use-account-requests.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { goTo } from '../utils/go-to.ts';
import { showServerFieldIssues } from '../utils/form-errors.ts';
import { showFailureToast } from '../utils/server-error.ts';
import { AccountFrame } from './account-frame.tsx';
import { PasswordField } from './form-fields.tsx';
import { PASSWORD_RULE } from '../utils/password-rule.ts';
import { SubmitButton } from './submit-button.tsx';

const FAILED = 'Failed to reset password';
const FIELDS = ['password', 'confirmPassword'] as const;

function InvalidResetLink() {
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toast({
      title: 'Invalid reset link',
      description: 'This link has no reset token. Please request a new one.',
      variant: 'destructive',
    });
  }, []);
  return (
    <AccountFrame
      title="Invalid Reset Link"
      description="This password reset link is invalid or incomplete. Reset links expire after 1 hour and work only once."
    >
      <Button asChild size="lg" className="w-full">
        <AppLink href="/forgot-password">Request New Reset Link</AppLink>
      </Button>
    </AccountFrame>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(done ? 'done' : 'form');
  const form = useForm<PasswordResetConfirm>({
    resolver: zodResolver(passwordResetConfirmSchema),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const confirmReset = useConfirmPasswordReset({
    onSuccess: () => {
      toast({
        title: 'Password reset successful!',
        description: 'You can now sign in with your new password.',
      });
    },
    onError: (error) => {
      showServerFieldIssues(error, FIELDS, form.setError);
      showFailureToast(error, FAILED);
    },
  });
  const recheckConfirmation = () => {
    if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
  };
  const submit = form.handleSubmit((values) =>
    confirmReset.mutate(values, { onSuccess: () => setDone(true) }),
  );

  if (done) {
    return (
      <AccountFrame
        title="Password reset successful"
        headingRef={headingRef}
        description="Your password has been changed. You can now sign in with your new password."
      >
        <Button type="button" size="lg" className="w-full" onClick={() => goTo('/auth')}>
          Go to Sign In
        </Button>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame
      title="Choose a new password"
      headingRef={headingRef}
      description="Choose the password you will sign in with from now on. This link expires in 1 hour."
    >
      <form
        method="post"
        noValidate
        onSubmit={submit}
        className="space-y-5"
        aria-label="Choose a new password"
      >
        <PasswordField
          id="reset-password"
          label="New password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
          error={errors.password?.message ?? errors.token?.message}
          {...form.register('password', { onChange: recheckConfirmation })}
        />
        <PasswordField
          id="reset-confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={confirmReset.isPending}>Reset Password</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <AppLink href="/forgot-password" className="text-brand-soft underline-offset-4 hover:underline">
          Request a new link
        </AppLink>
      </p>
    </AccountFrame>
  );
}

/** /reset-password?token=… (spec seller §2): no token → Invalid Reset Link; else the new-password form. */
export function ResetPasswordPage() {
  const search = useLocationSearch();
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm key={token} token={token} />;
}
