import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoUploadResponseSchema } from '@listready/contracts';
import { userGroupMemberships, userGroups } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  authorizationFailures,
  brandingAuthorizationRows,
  registeredApiRoutes,
  routesOf,
  type Caller,
} from '@listready/service-kit/testing';
import { solidPng } from '../testing/images.ts';
import {
  as,
  must,
  multipartBody,
  startTestBrandingService,
  type TestBrandingService,
  type TestUser,
} from '../testing/test-branding-service.ts';

/**
 * Who may do what on every route of the branding service, as data: a seller linked to an agent, a
 * member of the seller's household (with an unlinked journey of their own), another seller, the
 * seller's agent, another agent, and nobody signed in. A route the service registers without a
 * row in the platform's table fails the test.
 */
describe('authorization on every branding route', () => {
  const database = useTestDatabase();
  let branding: TestBrandingService;
  const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
  let logoUrl = '';

  beforeAll(async () => {
    branding = await startTestBrandingService(database.current);
    users.agent = await branding.signUp('agent');
    users.otherAgent = await branding.signUp('agent');
    users.seller = await branding.signUp('client', { linkedAgentId: users.agent.agentId });
    users.member = await branding.signUp('client');
    users.otherSeller = await branding.signUp('client');
    // The seller's household (journey's tables, as joining by code writes them).
    const [group] = await database.current.db
      .insert(userGroups)
      .values({ name: 'Household', ownerId: users.seller.userId, inviteCode: 'BRAND234' })
      .returning();
    await database.current.db.insert(userGroupMemberships).values([
      { groupId: must(group).id, userId: users.seller.userId, role: 'owner' },
      { groupId: must(group).id, userId: users.member.userId },
    ]);
    const upload = await branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      ...multipartBody({ name: 'logo.png', type: 'image/png', data: solidPng(4, 4, '#123456') }),
      ...as(users.agent),
    });
    logoUrl = logoUploadResponseSchema.parse(upload.json()).url;
  });
  afterAll(() => branding.stop());

  // The branding part of the platform's one table (libs/service-kit/src/testing/authorization-table.ts).
  const rows = () =>
    brandingAuthorizationRows({
      people: users,
      logoUrl,
      newLogoUpload: () =>
        multipartBody({ name: 'logo.png', type: 'image/png', data: solidPng(3, 3, '#abcdef') }),
    });

  it('has a row for every route the service registers', () => {
    expect(routesOf(rows())).toEqual(registeredApiRoutes(branding.app));
  });

  it('gives each caller exactly its access', async () => {
    expect(await authorizationFailures(branding.app, users, rows())).toEqual([]);
  });

  it('current branding: the seller wears the agent’s, everyone else the defaults or their own', async () => {
    const names: Record<string, unknown> = {};
    for (const caller of ['seller', 'member', 'otherSeller', 'agent', 'otherAgent'] as const) {
      names[caller] = (
        await branding.app.inject({ method: 'GET', url: '/api/branding/current', ...as(users[caller]) })
      ).json().companyName;
    }
    expect(names).toEqual({
      seller: 'Owned Realty',
      member: null,
      otherSeller: null,
      agent: 'Owned Realty',
      // The table's `current` row saved the other agent's own branding.
      otherAgent: 'Owned Realty',
    });
  });
});
