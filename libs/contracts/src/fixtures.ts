import type { PublicUser } from './auth/responses.ts';

/**
 * A whole user as the auth service answers it, for tests and fakes: the front end parses every
 * answer with its contract, so a partial user would sign the browser out. Types only: importing
 * this builds no schema.
 */
export function aPublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    role: 'client',
    profileImageUrl: null,
    phone: null,
    preferredContact: 'email',
    timezone: 'America/New_York',
    notificationPreferences: { email: true, push: true, sms: false, calendar: false },
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}
