import { AppLink } from '@listready/web-client';
import { AuthFrame } from './auth-frame.tsx';

const comingSoon = 'This screen is being prepared.';

export function AuthPage() {
  return (
    <AuthFrame title="Sign in to ListReady" showSteps>
      <p className="text-ink-muted">{comingSoon}</p>
      <AppLink href="/forgot-password" className="mt-4 inline-block text-sm text-brand-soft underline">
        Forgot password?
      </AppLink>
    </AuthFrame>
  );
}

export function ForgotPasswordPage() {
  return (
    <AuthFrame title="Reset your password">
      <p className="text-ink-muted">{comingSoon}</p>
      <AppLink href="/auth" className="mt-4 inline-block text-sm text-brand-soft underline">
        Back to Sign In
      </AppLink>
    </AuthFrame>
  );
}

export function ResetPasswordPage() {
  return (
    <AuthFrame title="Choose a new password">
      <p className="text-ink-muted">{comingSoon}</p>
    </AuthFrame>
  );
}
