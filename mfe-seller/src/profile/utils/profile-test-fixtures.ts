import type { CustomTask, UserGroup } from '@listready/contracts/journey';
import type { PublicUser } from '@listready/contracts/auth';

/** Test support for the profile screen: contract-shaped groups, tasks and the signed-in user. */
export function groupFixture(id: string, name: string, extra: Partial<UserGroup> = {}): UserGroup {
  return {
    id,
    name,
    description: null,
    inviteCode: `CODE${id.toUpperCase().padStart(4, 'X')}`.slice(0, 8),
    ownerId: 'user-1',
    householdClientId: null,
    maxMembers: 10,
    isActive: true,
    role: 'owner',
    memberCount: 1,
    members: [{ userId: 'user-1', name: 'Jane Seller', role: 'owner' }],
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function personalTaskFixture(id: string, title: string, extra: Partial<CustomTask> = {}): CustomTask {
  return {
    id,
    title,
    description: null,
    priority: 'medium',
    status: 'pending',
    dueDate: null,
    assignedTo: null,
    stageId: null,
    completedBy: null,
    custom: true,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const userFixture: PublicUser = {
  id: 'user-1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Seller',
  role: 'client',
  profileImageUrl: null,
  phone: '555-0100',
  preferredContact: 'email',
  timezone: 'UTC',
  notificationPreferences: { email: true, push: false, sms: false, calendar: false, reminderMinutes: 360 },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
