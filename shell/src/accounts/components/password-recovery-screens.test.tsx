import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  currentLocation,
  drawPage,
  json,
  latestToast,
  renderAt,
  scriptApi,
  useAccountScreenCleanup,
} from '../account-test-harness.tsx';
import { ForgotPasswordPage } from './forgot-password-screen.tsx';
import { ResetPasswordPage } from './reset-password-screen.tsx';

useAccountScreenCleanup();

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
};
const heading = () => screen.getByRole('heading', { level: 1 });
const SENT = { message: 'If an account exists for that email, we have sent a link to reset your password.' };

describe('/forgot-password', () => {
  it('checks the address, sends it, then shows Check your email with its two ways on', async () => {
    const calls = scriptApi({ 'POST /api/auth/password-reset-request': () => json(200, SENT) });
    renderAt('/forgot-password', <ForgotPasswordPage />);
    type('Email', 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();

    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(document.activeElement).toBe(heading());
    expect(calls).toEqual([
      { method: 'POST', url: '/api/auth/password-reset-request', body: { email: 'ann@example.com' } },
    ]);
    expect(latestToast()).toMatchObject({
      title: 'Reset email sent!',
      description: 'Check your email for a link to reset your password.',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(heading().textContent).toBe('Reset your password');
    expect(input('Email').value).toBe('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(currentLocation()).toBe('/auth');
  });

  it('shows Failed to send reset email with the server message, or as its own fallback', async () => {
    let answer = json(429, { message: 'Too many requests' });
    scriptApi({ 'POST /api/auth/password-reset-request': () => answer });
    renderAt('/forgot-password', <ForgotPasswordPage />);
    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Failed to send reset email',
        description: 'Too many requests',
      }),
    );
    answer = new Response('', { status: 503 });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(latestToast()?.description).toBe('Failed to send reset email'));
    expect(heading().textContent).toBe('Reset your password');
  });
});

describe('/reset-password', () => {
  it('without a token: the Invalid reset link toast and the Invalid Reset Link view', () => {
    scriptApi({});
    renderAt('/reset-password', <ResetPasswordPage />);
    expect(heading().textContent).toBe('Invalid Reset Link');
    expect(latestToast()).toMatchObject({ title: 'Invalid reset link', variant: 'destructive' });
    // A link (it works before the scripts, and in a new tab), followed in the app.
    fireEvent.click(screen.getByRole('link', { name: 'Request New Reset Link' }));
    expect(currentLocation()).toBe('/forgot-password');
  });

  it('states the rules, checks them, sends the token, then offers Go to Sign In', async () => {
    const calls = scriptApi({
      'POST /api/auth/password-reset-confirm': () => json(200, { message: 'Your password has been reset.' }),
    });
    renderAt('/reset-password?token=abc123', <ResetPasswordPage />);
    const page = document.body.textContent ?? '';
    expect(page).toContain('At least 8 characters');
    expect(page).toContain('A mix of letters and numbers is recommended');
    expect(page).toContain('This link expires in 1 hour');

    type('New password', 'short12');
    type('Confirm new password', 'different1');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();

    type('New password', 'brand-new-1');
    type('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByRole('heading', { level: 1, name: 'Password reset successful' });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/auth/password-reset-confirm',
      body: { token: 'abc123', password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(latestToast()).toMatchObject({
      title: 'Password reset successful!',
      description: 'You can now sign in with your new password.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(currentLocation()).toBe('/auth');
  });

  it('shows Failed to reset password with the server message and stays on the form', async () => {
    scriptApi({
      'POST /api/auth/password-reset-confirm': () =>
        json(400, { message: 'This reset link is invalid or has expired. Please request a new one.' }),
    });
    renderAt('/reset-password?token=used', <ResetPasswordPage />);
    type('New password', 'brand-new-1');
    type('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Failed to reset password',
        description: 'This reset link is invalid or has expired. Please request a new one.',
      }),
    );
    expect(heading().textContent).toBe('Choose a new password');
  });
});

describe('/reset-password?token=… as the build draws it, hydrated with the link’s own token', () => {
  it('keeps what was typed before the scripts, and resets with the token of the address opened', async () => {
    const calls = scriptApi({
      'POST /api/auth/password-reset-confirm': () => json(200, { message: 'Your password has been reset.' }),
    });
    // One page for every link: drawn for another token than the one opened.
    const drawn = drawPage(<ResetPasswordPage />, {
      drawnFor: '?token=prerendered',
      opened: '/reset-password?token=the-mailed-token',
    });
    const { container } = drawn;
    const [password, confirmation] = container.querySelectorAll<HTMLInputElement>('input[type="password"]');
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!password || !confirmation || !submit) throw new Error('the drawn form has no fields or submit');
    password.value = 'typed-before-1';
    confirmation.value = 'typed-before-1';
    expect(submit.disabled).toBe(true);

    const recoverableErrors = await drawn.hydrate();
    try {
      expect(recoverableErrors).toEqual([]);
      // The same elements (not drawn again for the real token), the typed values, Reset enabled.
      expect(container.querySelector('input[type="password"]')).toBe(password);
      expect(password.value).toBe('typed-before-1');
      expect(submit.disabled).toBe(false);
      fireEvent.click(submit);
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toEqual({
        method: 'POST',
        url: '/api/auth/password-reset-confirm',
        body: { token: 'the-mailed-token', password: 'typed-before-1', confirmPassword: 'typed-before-1' },
      });
    } finally {
      drawn.remove();
    }
  });
});
