import type { PublicUser } from './auth/responses.ts';
import type { SentInvitation } from './invitation/invitations.ts';
import type { ClientProfile, JourneyResponse } from './journey/responses.ts';

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
    notificationPreferences: { email: true, push: true, sms: false, calendar: false, reminderMinutes: 360 },
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * GET /api/clients/current/profile as the journey service answers it: a seller with no property,
 * linked to `agent` (none by default). Types only, like `aPublicUser`.
 */
export function aClientProfile({
  agent = null,
  ...client
}: Partial<ClientProfile['client']> & { agent?: ClientProfile['agent'] } = {}): ClientProfile {
  return {
    client: {
      id: 'client-1',
      userId: 'user-1',
      phone: null,
      preferredContact: 'email',
      agentId: agent?.id ?? null,
      propertyId: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      ...client,
    },
    property: null,
    agent,
  };
}

/**
 * GET /api/clients/current/journey before a journey has stages or tasks: nothing to show but the
 * greeting. `today` is the seller's day (YYYY-MM-DD). Types only, like `aPublicUser`.
 */
export function anEmptyJourney(today = '2030-01-01'): JourneyResponse {
  return {
    stages: [],
    progress: [],
    summary: {
      percent: 0,
      completedTasks: 0,
      totalTasks: 0,
      remainingTasks: 0,
      currentStageId: null,
      todaysPriority: null,
      today,
    },
  };
}

/**
 * One of GET /api/invitations' answer: by default a seller's invitation to their agent, Al Agent,
 * sent by e-mail on Mar 10, 2030 and waiting. Types only, like `aPublicUser`.
 */
export function aSentInvitation(overrides: Partial<SentInvitation> = {}): SentInvitation {
  return {
    id: 'inv-1',
    type: 'client-to-agent',
    name: 'Al Agent',
    email: 'al@example.com',
    phoneNumber: null,
    status: 'pending',
    emailSent: true,
    smsSent: false,
    sentAt: '2030-03-10T12:00:00.000Z',
    expiresAt: '2030-04-09T12:00:00.000Z',
    acceptedAt: null,
    ...overrides,
  };
}
