import type { Page } from 'playwright-core';

export type FakeRole = 'client' | 'agent';

export const FAKE_USERS = {
  client: {
    id: 'e2e-client',
    email: 'jane.seller@example.com',
    firstName: 'Jane',
    lastName: 'Seller',
    role: 'client',
    profileImageUrl: null,
  },
  agent: {
    id: 'e2e-agent',
    email: 'sam.agent@example.com',
    firstName: 'Sam',
    lastName: 'Agent',
    role: 'agent',
    profileImageUrl: null,
  },
} as const;

/**
 * Signs the page in as a client or an agent without the accounts feature: the browser's
 * GET /api/auth/user is answered here (Playwright routing), so only the front end is exercised.
 * Returns a switch to sign the page out again (the next read answers 401).
 */
export async function fakeSignedIn(page: Page, role: FakeRole): Promise<{ signOut: () => void }> {
  let signedIn = true;
  await page.route('**/api/auth/user', (route) =>
    signedIn
      ? route.fulfill({ status: 200, json: FAKE_USERS[role] })
      : route.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
  );
  return {
    signOut: () => {
      signedIn = false;
    },
  };
}
