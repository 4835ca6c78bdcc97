import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderSignedIn, scriptApi } from './journey/utils/journey-test-fixtures.tsx';
import { userFixture } from './profile/utils/profile-test-fixtures.ts';
import { SellerApp } from './seller-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SellerApp', () => {
  it('loads the profile screen on /profile, saying so while it comes', async () => {
    window.history.replaceState(null, '', '/profile');
    window.sessionStorage.clear();
    scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    renderSignedIn(<SellerApp />, userFixture);
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });
});
