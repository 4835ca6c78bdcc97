import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.resetModules();
  vi.doUnmock('../accounts/account-screens.tsx');
});

/** account-pages.tsx anew, its screens' module answering with `screens` (or failing to load). */
async function accountPages(screens: 'fail' | Record<string, () => React.JSX.Element>) {
  vi.doMock('../accounts/account-screens.tsx', () => {
    if (screens === 'fail') throw new Error('Loading chunk account-screens failed');
    return screens;
  });
  return import('./account-pages.tsx');
}

describe('the account pages', () => {
  it('show a spinner until their code has come, then the screen', async () => {
    const { AuthPage } = await accountPages({ AuthPage: () => <h1>Sign in</h1> });
    render(<AuthPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    // Its code here, the next visit draws the screen in its first render.
    cleanup();
    render(<AuthPage />);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('say so when their code cannot be loaded, and the shell carries on', async () => {
    const { ForgotPasswordPage } = await accountPages('fail');
    render(
      <main>
        <h1>ListReady</h1>
        <ForgotPasswordPage />
      </main>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This page could not be loaded. Please check your connection and reload the page.',
    );
    expect(screen.getByRole('heading', { name: 'ListReady' })).toBeTruthy();
  });
});
