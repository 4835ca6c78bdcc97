import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CURRENT_BRANDING, type CurrentBranding } from '@listready/contracts/branding';
import { aPublicUser } from '@listready/contracts/fixtures';
import { type Session } from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';
import { PageFrame } from '../page-frame.tsx';
import { applyBranding } from './apply-branding.ts';

const LOGO = `/api/branding/logos/${'b'.repeat(64)}.png`;
const branding: CurrentBranding = {
  logoUrl: LOGO,
  companyName: 'Harbor Homes',
  primaryColor: '#2563EB',
  backgroundColor: '#0B1F3A',
  headerBackgroundColor: '#FFFFFF',
  navigationBackgroundColor: '#1E3A8A',
};

const fetchMock = vi.fn<typeof fetch>();
const root = document.documentElement;
const variable = (element: HTMLElement, name: string) => element.style.getPropertyValue(name);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  root.removeAttribute('style');
});

const signedIn = (role: 'client' | 'agent'): Session => ({
  status: 'signed-in',
  user: aPublicUser({ role }),
});
const renderFrame = (session: Session) =>
  renderWithSession(
    <PageFrame session={session}>
      <p>content</p>
    </PageFrame>,
  );

describe('the page frame wears the signed-in user’s branding', () => {
  it('header, navigation and page colours become the theme’s tokens; the header shows the logo and company name', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(branding), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderFrame(signedIn('client'));
    await waitFor(() => expect(variable(root, '--color-header')).toBe('#FFFFFF'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/branding/current',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(variable(root, '--color-navigation')).toBe('#1E3A8A');
    expect(variable(root, '--color-page')).toBe('#0B1F3A');
    // Dark text on the white header, brighter text on the navy navigation.
    const header = screen.getByRole('banner');
    expect(variable(header, '--color-ink')).toBe('#09090b');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(variable(navigation, '--color-ink-muted')).toBe('#e4e4e7');
    const home = screen.getByRole('link', { name: 'Harbor Homes' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe(LOGO);
    expect(home.textContent).toContain('Harbor Homes');
    // Set through the CSSOM: no style attribute in the markup the server sent.
    expect(header.outerHTML).not.toContain('<header style');
  });

  it('a page colour too light for the screens’ text is not used; defaults show the product’s logo', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ ...DEFAULT_CURRENT_BRANDING, backgroundColor: '#F5F5F5' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderFrame(signedIn('agent'));
    await waitFor(() => expect(variable(root, '--color-header')).toBe('#000000'));
    expect(variable(root, '--color-page')).toBe('');
    expect(screen.getByRole('link', { name: /ListReady/ })).toBeTruthy();
  });

  it('shows no logo until it knows whose: the product’s never comes first on a branded seller’s page', async () => {
    const asked = renderFrame({ status: 'loading' });
    const pendingLogo = () => screen.getByRole('link', { name: 'Home' }).querySelector('[data-logo-pending]');
    expect(pendingLogo()).not.toBeNull();
    expect(document.querySelector('header [data-logo-variant]')).toBeNull();
    asked.unmount();

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderFrame(signedIn('client'));
    expect(pendingLogo()).not.toBeNull();
    expect(document.querySelector('header [data-logo-variant]')).toBeNull();
    answer(
      new Response(JSON.stringify(branding), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const home = await screen.findByRole('link', { name: 'Harbor Homes' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe(LOGO);
    expect(document.querySelector('header [data-logo-pending], header [data-logo-variant]')).toBeNull();
  });

  it('shows the product’s logo when the branding cannot be had', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderFrame(signedIn('client'));
    await waitFor(() => expect(document.querySelector('header [data-logo-variant]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(document.querySelector('header [data-logo-pending]')).toBeNull();
  });

  it('a visitor asks for no branding and wears none', () => {
    renderFrame({ status: 'signed-out' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(variable(root, '--color-header')).toBe('');
  });

  it('taking the branding off clears every variable it set', () => {
    const header = document.createElement('header');
    const navigation = document.createElement('nav');
    applyBranding({ root, header, navigation }, branding);
    expect(variable(header, '--color-ink')).not.toBe('');
    applyBranding({ root, header, navigation }, null);
    for (const element of [root, header, navigation]) expect(element.getAttribute('style') ?? '').toBe('');
  });
});
