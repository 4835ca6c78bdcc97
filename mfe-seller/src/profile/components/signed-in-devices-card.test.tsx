import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authMessages,
  SIGNED_IN_DEVICES_ANCHOR,
  SIGNED_IN_DEVICES_PATH,
  type SignedInSession,
} from '@listready/contracts/auth';
import { getToasts } from '@listready/ui';
import { json, renderSignedIn, scriptApi } from '../../journey/utils/journey-test-fixtures.tsx';
import { lastActiveWhen, SignedInDevicesCard, signedInWhen } from './signed-in-devices-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Midday UTC: the same day in every zone the tests may run in.
const THIS_PHONE: SignedInSession = {
  id: 'this-phone-id',
  device: 'Chrome on Android',
  signedInAt: '2025-12-07T12:00:00.000Z',
  current: true,
};
const TABLET: SignedInSession = {
  id: 'tablet/id+1',
  device: 'Safari on iPad',
  signedInAt: '2025-12-01T12:00:00.000Z',
  lastActiveAt: '2025-12-05T12:00:00.000Z',
  current: false,
};
const LAPTOP: SignedInSession = {
  id: 'laptop-id',
  device: 'Firefox on Windows',
  signedInAt: '2025-11-20T12:00:00.000Z',
  current: false,
};

const rows = () => screen.getAllByTestId('signed-in-device').map((row) => row.textContent);

describe('when a session signed in', () => {
  it('is a time for today’s, on the reader’s clock, and a day before that', () => {
    const now = new Date(2026, 11, 7, 20, 30);
    const today = signedInWhen(new Date(2026, 11, 7, 14, 5).toISOString(), now);
    expect(today).toMatch(/^today, (2:05 PM|14:05)$/);
    expect(signedInWhen(new Date(2026, 11, 6, 23, 59).toISOString(), now)).toBe('Dec 6, 2026');
    expect(signedInWhen(new Date(2025, 11, 7, 14, 5).toISOString(), now)).toBe('Dec 7, 2025');
  });
});

describe('when a session was last in use', () => {
  it('is today for today’s (it is noted to the hour), and the day before that', () => {
    const now = new Date(2026, 11, 7, 20, 30);
    expect(lastActiveWhen(new Date(2026, 11, 7, 0, 10).toISOString(), now)).toBe('today');
    expect(lastActiveWhen(new Date(2026, 11, 6, 23, 59).toISOString(), now)).toBe('Dec 6, 2026');
  });
});

describe('Where you’re signed in', () => {
  it('lists this device first and marked, the others each with Sign out, and signs one out', async () => {
    let listed = [THIS_PHONE, TABLET, LAPTOP];
    const calls = scriptApi({
      'GET /api/auth/user/sessions': () => json(200, { sessions: listed }),
      'DELETE /api/auth/user/sessions/tablet%2Fid%2B1': () => {
        listed = [THIS_PHONE, LAPTOP];
        return json(200, { message: authMessages.sessionEnded });
      },
    });
    renderSignedIn(<SignedInDevicesCard />);
    await screen.findByText('Safari on iPad');
    expect(rows()).toEqual([
      'Chrome on AndroidThis deviceSigned in Dec 7, 2025Active now',
      'Safari on iPadSigned in Dec 1, 2025Last active Dec 5, 2025Sign out',
      // Not known (a session from before last use was kept): not said.
      'Firefox on WindowsSigned in Nov 20, 2025Sign out',
    ]);
    const [thisDevice] = screen.getAllByTestId('signed-in-device');
    expect(within(thisDevice as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPad, signed in Dec 1, 2025' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: authMessages.sessionEnded }));
    await waitFor(() => expect(screen.queryByText('Safari on iPad')).toBeNull());
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/auth/user/sessions',
      'DELETE /api/auth/user/sessions/tablet%2Fid%2B1',
      'GET /api/auth/user/sessions',
    ]);
  });

  it('signs out every other device at once, then says there are none', async () => {
    let listed = [THIS_PHONE, TABLET, LAPTOP];
    scriptApi({
      'GET /api/auth/user/sessions': () => json(200, { sessions: listed }),
      'POST /api/auth/user/sessions/sign-out-others': () => {
        listed = [THIS_PHONE];
        return json(200, { message: authMessages.otherSessionsEnded(2), ended: 2 });
      },
    });
    renderSignedIn(<SignedInDevicesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Signed out of 2 other devices.' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
    expect(rows()).toEqual(['Chrome on AndroidThis deviceSigned in Dec 7, 2025Active now']);
  });

  it('says when a device had already gone, and shows the list as it now is', async () => {
    let listed = [THIS_PHONE, TABLET];
    scriptApi({
      'GET /api/auth/user/sessions': () => json(200, { sessions: listed }),
      'DELETE /api/auth/user/sessions/tablet%2Fid%2B1': () => {
        listed = [THIS_PHONE];
        return json(404, { error: 'NOT_FOUND', message: authMessages.sessionNotFound });
      },
    });
    renderSignedIn(<SignedInDevicesCard />);
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Safari on iPad/ }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Failed to sign out that device',
        description: authMessages.sessionNotFound,
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Safari on iPad')).toBeNull());
  });

  it('offers to try again when the list cannot be read', async () => {
    let fail = true;
    scriptApi({
      'GET /api/auth/user/sessions': () =>
        fail ? json(503, { message: 'down' }) : json(200, { sessions: [THIS_PHONE] }),
    });
    renderSignedIn(<SignedInDevicesCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load the devices you are signed in on.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on Android')).toBeTruthy();
  });

  it('comes into view once listed when the address names it (the new-sign-in e-mail’s link)', async () => {
    const scrolledTo: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    try {
      scriptApi({ 'GET /api/auth/user/sessions': () => json(200, { sessions: [THIS_PHONE, TABLET] }) });
      window.history.pushState(null, '', '/profile?tab=profile');
      renderSignedIn(<SignedInDevicesCard />);
      await screen.findByText('Safari on iPad');
      expect(scrolledTo).toEqual([]);
      cleanup();

      window.history.pushState(null, '', SIGNED_IN_DEVICES_PATH);
      renderSignedIn(<SignedInDevicesCard />);
      await screen.findByText('Safari on iPad');
      const card = document.getElementById(SIGNED_IN_DEVICES_ANCHOR);
      expect(card?.textContent).toContain('Where you’re signed in');
      expect(scrolledTo).toEqual([card]);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
      window.history.pushState(null, '', '/');
    }
  });
});
