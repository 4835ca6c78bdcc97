import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '@listready/web-client/testing';
import { COPIED_STATE_MS } from './copy-button.tsx';
import { GoogleManualScreen, OAUTH_PLAYGROUND_URL } from './google-manual-screen.tsx';
import { GOOGLE_SETUP_URL, GoogleSetupScreen, googleSetupErrors } from './google-setup-screen.tsx';

const writeText = vi.fn(async (_text: string) => undefined);
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  writeText.mockReset();
  fetchMock.mockReset();
});

const renderScreen = (ui: ReactElement) => renderWithSession(ui);
const callback = () => `${window.location.origin}/api/google-oauth-callback`;

describe('GoogleSetupScreen', () => {
  it('shows the redirect address to register and the Authorise with Google link', async () => {
    const authUrl = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=abc&state=v1.x';
    fetchMock.mockResolvedValue(json(200, { authUrl }));
    renderScreen(<GoogleSetupScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Google Mail Setup' })).toBeTruthy();
    expect(screen.getByText(callback())).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Preparing the Google link');
    const link = await screen.findByRole('link', { name: 'Authorise with Google' });
    expect(link.getAttribute('href')).toBe(authUrl);
    expect(fetchMock).toHaveBeenCalledWith(
      GOOGLE_SETUP_URL,
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(screen.getByRole('link', { name: 'Manual setup' }).getAttribute('href')).toBe('/google-manual');
  });

  it("says 'Failed to generate auth URL' with the server's reason when it has no Google client", async () => {
    const reason =
      'Google OAuth is not configured on the server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET';
    fetchMock.mockResolvedValue(json(200, { error: reason }));
    renderScreen(<GoogleSetupScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(googleSetupErrors.noAuthUrl);
    expect(alert.textContent).toContain(reason);
    expect(screen.queryByRole('link', { name: 'Authorise with Google' })).toBeNull();
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'the server answers 502',
      () => Promise.resolve(json(502, { message: 'The invitation service is not available' })),
    ],
  ])("says 'Failed to connect to server' when %s", async (_case, answer) => {
    fetchMock.mockImplementation(answer);
    renderScreen(<GoogleSetupScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(googleSetupErrors.noServer);
  });

  it('copies the redirect address and says Copied! for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(json(200, { authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' }));
    renderScreen(<GoogleSetupScreen />);
    const button = screen.getByRole('button', { name: 'Copy redirect address' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(callback());
    expect(button.textContent).toContain('Copied!');
    expect(screen.getByText('redirect address copied to the clipboard')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(COPIED_STATE_MS - 50);
    });
    expect(button.textContent).toContain('Copied!');
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(button.textContent).not.toContain('Copied!');
    expect(button.textContent).toContain('Copy');
  });

  it('says so when the browser refuses the clipboard', async () => {
    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    fetchMock.mockResolvedValue(json(200, { error: 'x' }));
    renderScreen(<GoogleSetupScreen />);
    const button = screen.getByRole('button', { name: 'Copy redirect address' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toContain('Copy failed');
  });
});

describe('GoogleManualScreen', () => {
  it('shows three steps: the redirect address, the OAuth Playground, the token field', () => {
    renderScreen(<GoogleManualScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Manual Google Setup' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Step 1. Copy the redirect address',
      'Step 2. Get a refresh token from the OAuth Playground',
      'Step 3. Paste the token',
    ]);
    expect(screen.getByText(callback())).toBeTruthy();
    const playground = screen.getByRole('link', { name: 'Open the OAuth Playground (opens in a new tab)' });
    expect(playground.getAttribute('href')).toBe(OAUTH_PLAYGROUND_URL);
    expect(playground.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('https://www.googleapis.com/auth/gmail.send')).toBeTruthy();
  });

  it('keeps the button disabled while the field is empty, then shows the GOOGLE_REFRESH_TOKEN line to store, sending nothing', async () => {
    renderScreen(<GoogleManualScreen />);
    const field = screen.getByLabelText('Refresh token');
    const button = screen.getByRole('button', { name: 'Show the Secret Setting' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '   ' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' 1//0abc-def ' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(screen.getByText('GOOGLE_REFRESH_TOKEN=1//0abc-def')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy GOOGLE_REFRESH_TOKEN setting' }));
    });
    expect(writeText).toHaveBeenCalledWith('GOOGLE_REFRESH_TOKEN=1//0abc-def');
    expect(fetchMock).not.toHaveBeenCalled();

    // Editing the token takes the old line away.
    fireEvent.change(field, { target: { value: '1//0other' } });
    expect(screen.queryByText('GOOGLE_REFRESH_TOKEN=1//0abc-def')).toBeNull();
  });
});
