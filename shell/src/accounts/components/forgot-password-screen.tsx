import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema, type PasswordResetRequest } from '@listready/contracts/auth';
import { Button, toast } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { useRequestPasswordReset } from '../hooks/use-account-requests.ts';
import { goTo } from '../utils/go-to.ts';
import { showFailureToast } from '../utils/server-error.ts';
import { AccountFrame } from './account-frame.tsx';
import { TextField } from './form-fields.tsx';
import { SubmitButton } from './submit-button.tsx';

const FAILED = 'Failed to send reset email';

/** /forgot-password (spec seller §2): the e-mail form, then the Check your email view. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(sentTo === null ? 'form' : 'sent');
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const resetRequest = useRequestPasswordReset({
    onSuccess: () => {
      toast({
        title: 'Reset email sent!',
        description: 'Check your email for a link to reset your password.',
      });
    },
    onError: (error) => {
      showFailureToast(error, FAILED);
    },
  });
  const submit = form.handleSubmit((values) =>
    resetRequest.mutate(values, { onSuccess: () => setSentTo(values.email) }),
  );

  if (sentTo !== null) {
    return (
      <AccountFrame
        title="Check your email"
        headingRef={headingRef}
        description={
          <>
            If an account exists for <strong className="text-ink">{sentTo}</strong>, we have sent a link to
            reset your password. The link expires in 1 hour.
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {/* The form keeps the address, so sending again is one click. */}
          <Button type="button" variant="outline" size="lg" onClick={() => setSentTo(null)}>
            Send Another Email
          </Button>
          <Button type="button" size="lg" onClick={() => goTo('/auth')}>
            Back to Sign In
          </Button>
        </div>
      </AccountFrame>
    );
  }

  return (
    <AccountFrame
      title="Reset your password"
      headingRef={headingRef}
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form
        method="post"
        noValidate
        onSubmit={submit}
        className="space-y-5"
        aria-label="Request a password reset link"
      >
        <TextField
          id="forgot-password-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <SubmitButton pending={resetRequest.isPending}>Send Reset Link</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <AppLink
          href="/auth"
          className="inline-block py-0.5 text-brand-soft underline-offset-4 hover:underline"
        >
          Back to Sign In
        </AppLink>
      </p>
    </AccountFrame>
  );
}
