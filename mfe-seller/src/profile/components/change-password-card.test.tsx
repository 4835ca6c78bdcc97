import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@listready/contracts/auth';
import { getToasts } from '@listready/ui';
import { json, renderSignedIn, scriptApi } from '../../journey/utils/journey-test-fixtures.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
function fill(current: string, next: string, again = next) {
  fireEvent.change(field('Current password'), { target: { value: current } });
  fireEvent.change(field('New password'), { target: { value: next } });
  fireEvent.change(field('Confirm new password'), { target: { value: again } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change password', () => {
  it('sends the current and new password, says the other devices were signed out, and empties the form', async () => {
    const calls = scriptApi({
      'PUT /api/auth/user/password': () => json(200, { message: authMessages.passwordChanged }),
    });
    renderSignedIn(<ChangePasswordCard email="sam@example.com" />);
    expect(screen.getByRole('form', { name: 'Change password' })).toBeTruthy();
    fill('old password 1', 'a brand new one 2');
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Password changed',
        description: authMessages.passwordChanged,
      }),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/auth/user/password',
        body: {
          currentPassword: 'old password 1',
          password: 'a brand new one 2',
          confirmPassword: 'a brand new one 2',
        },
      },
    ]);
    await waitFor(() => expect(field('Current password').value).toBe(''));
    expect(field('New password').value).toBe('');
    // The account a password manager files the new password under.
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe(
      'sam@example.com',
    );
  });

  it('checks the form before sending: a short or unconfirmed new password, one equal to the current', async () => {
    const calls = scriptApi({});
    renderSignedIn(<ChangePasswordCard email="sam@example.com" />);
    fill('old password 1', 'short', 'other');
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(authMessages.passwordsDontMatch)).toBeTruthy();
    fill('old password 1', 'old password 1');
    expect(await screen.findByText(authMessages.newPasswordSameAsCurrent)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows a wrong current password on its field, as the server says', async () => {
    scriptApi({
      'PUT /api/auth/user/password': () =>
        json(400, {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'currentPassword', message: authMessages.currentPasswordWrong }],
        }),
    });
    renderSignedIn(<ChangePasswordCard email="sam@example.com" />);
    fill('not it', 'a brand new one 2');
    expect(await screen.findByText(authMessages.currentPasswordWrong)).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(getToasts()[0]).toMatchObject({ title: 'Failed to change password' });
    // What was typed stays, to correct.
    expect(field('New password').value).toBe('a brand new one 2');
  });
});
