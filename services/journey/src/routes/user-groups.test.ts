import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupMessages,
  INVITE_CODE_ALPHABET,
  userGroupSchema,
  userGroupsSchema,
  type UserGroup,
} from '@listready/contracts';
import { useTestDatabase } from '@listready/testing';
import { newInviteCode } from '../groups/invite-codes.ts';
import {
  as,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('groups', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
  });
  afterAll(async () => journey.stop());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => journey.app.inject({ method, url, ...(payload ? { payload } : {}), ...(user ? as(user) : {}) });
  const create = async (owner: TestUser, name = 'The Lees') => {
    const response = await call(owner, 'POST', '/api/user-groups', { name, description: 'Our house' });
    expect(response.statusCode).toBe(201);
    return userGroupSchema.parse(response.json());
  };
  const join = (user: TestUser, inviteCode: string) =>
    call(user, 'POST', '/api/user-groups/join', { inviteCode });

  it('codes are 8 characters without look-alikes, and unique across 10,000 drawn', () => {
    const codes = Array.from({ length: 10_000 }, newInviteCode);
    expect(new Set(codes).size).toBe(10_000);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      expect(code).not.toMatch(/[0O1I]/);
      expect([...code].every((character) => INVITE_CODE_ALPHABET.includes(character))).toBe(true);
    }
  });

  it('creates a group with its owner as first member; the name is required', async () => {
    const owner = await journey.signUp('client');
    const group = await create(owner);
    expect(group).toMatchObject({
      name: 'The Lees',
      description: 'Our house',
      role: 'owner',
      memberCount: 1,
      maxMembers: 10,
    });
    expect(group.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(group.members).toEqual([{ userId: owner.userId, name: 'Ann Lee', role: 'owner' }]);
    for (const payload of [{ name: '' }, { name: '   ' }, {}]) {
      const bad = await call(owner, 'POST', '/api/user-groups', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ issues: [{ path: 'name', message: 'Group name is required' }] });
    }
    const list = await call(owner, 'GET', '/api/user-groups');
    expect(list.json().map((g: UserGroup) => g.id)).toEqual([group.id]);
  });

  it('names the journey a group shares: its owner’s, or none when the owner is an agent', async () => {
    const seller = await journey.signUp('client');
    const agent = await journey.signUp('agent');
    const member = await journey.signUp('client');
    const household = await create(seller);
    const agentsGroup = await create(agent, 'Open house team');
    const sellerClient = await journey.clientOf(seller.userId);
    expect(sellerClient).toBeDefined();
    expect(household.householdClientId).toBe(sellerClient?.id);
    expect(agentsGroup.householdClientId).toBeNull();
    // A member sees the same, and may open that journey with it.
    const joined = userGroupSchema.parse((await join(member, household.inviteCode)).json());
    expect(joined.householdClientId).toBe(sellerClient?.id);
    await join(member, agentsGroup.inviteCode);
    const listed = userGroupsSchema.parse((await call(member, 'GET', '/api/user-groups')).json());
    expect(listed.map((group) => group.householdClientId)).toEqual([sellerClient?.id, null]);
    const read = await call(
      member,
      'GET',
      `/api/clients/current/journey?clientId=${joined.householdClientId}`,
    );
    expect(read.statusCode).toBe(200);
  });

  it('joins with the code typed in any case; twice, unknown or inactive is a clear 4xx', async () => {
    const owner = await journey.signUp('client');
    const member = await journey.signUp('client');
    const group = await create(owner);
    const joined = await join(member, ` ${group.inviteCode.toLowerCase()} `);
    expect(joined.statusCode).toBe(200);
    expect(userGroupSchema.parse(joined.json())).toMatchObject({
      id: group.id,
      role: 'member',
      memberCount: 2,
    });
    const again = await join(member, group.inviteCode);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_MEMBER']);
    const unknown = await join(member, 'ZZZZZZZZ');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'No group has that invite code. A group given a new code no longer takes the old one: ask for the current code.',
    ]);
    const malformed = await join(member, 'abc');
    expect(malformed.statusCode).toBe(400);
    const blank = await join(member, '');
    expect(blank.json()).toMatchObject({
      issues: [{ path: 'inviteCode', message: 'Invite code is required' }],
    });
    await database.current.pool.query('update journey.user_groups set is_active = false where id = $1', [
      group.id,
    ]);
    const late = await join(await journey.signUp('client'), group.inviteCode);
    expect(late.statusCode).toBe(404);
  });

  it('rejects the 11th member (the owner counts) with a clear 409', async () => {
    const owner = await journey.signUp('client');
    const group = await create(owner);
    for (let i = 0; i < 9; i++)
      expect((await join(await journey.signUp('client'), group.inviteCode)).statusCode).toBe(200);
    const eleventh = await join(await journey.signUp('client'), group.inviteCode);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({
      code: 'GROUP_FULL',
      message: 'This group is full (10 members at most)',
    });
  });

  it('two people joining for the last seat at the same moment: exactly one gets it', async () => {
    const owner = await journey.signUp('client');
    const group = await create(owner);
    for (let i = 0; i < 8; i++) await join(await journey.signUp('client'), group.inviteCode);
    const [a, b] = [await journey.signUp('client'), await journey.signUp('client')];
    const results = await Promise.all([join(a, group.inviteCode), join(b, group.inviteCode)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const seats = await database.current.pool.query(
      'select count(*)::int as n from journey.user_group_memberships where group_id = $1 and is_active',
      [group.id],
    );
    expect(seats.rows[0].n).toBe(10);
  });

  /** A group of an owner, an admin and a member, and someone outside it. */
  async function groupOfFour() {
    const owner = await journey.signUp('client');
    const admin = await journey.signUp('client');
    const member = await journey.signUp('client');
    const outsider = await journey.signUp('client');
    const group = await create(owner);
    await join(admin, group.inviteCode);
    await join(member, group.inviteCode);
    const promote = await call(owner, 'PUT', `/api/user-groups/${group.id}/members/${admin.userId}`, {
      role: 'admin',
    });
    expect(promote.statusCode).toBe(200);
    return { owner, admin, member, outsider, group };
  }

  it('roles: owner and admins edit, members cannot; the owner is never removed or demoted', async () => {
    const { owner, admin, member, outsider, group } = await groupOfFour();

    const rename = (user: TestUser, name: string) =>
      call(user, 'PUT', `/api/user-groups/${group.id}`, { name });
    expect((await rename(admin, 'Renamed by admin')).json()).toMatchObject({ name: 'Renamed by admin' });
    const byMember = await rename(member, 'Nope');
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'GROUP_ROLE_REQUIRED']);
    expect((await rename(outsider, 'Nope')).statusCode).toBe(404);
    expect((await rename(owner, '')).statusCode).toBe(400);

    const demoteOwner = await call(admin, 'PUT', `/api/user-groups/${group.id}/members/${owner.userId}`, {
      role: 'member',
    });
    expect([demoteOwner.statusCode, demoteOwner.json().code]).toEqual([403, 'GROUP_OWNER_STAYS']);
    const removeOwner = await call(admin, 'DELETE', `/api/user-groups/${group.id}/members/${owner.userId}`);
    expect(removeOwner.statusCode).toBe(403);
    const leaveAsOwner = await call(owner, 'DELETE', `/api/user-groups/${group.id}/members/${owner.userId}`);
    expect(leaveAsOwner.statusCode).toBe(403);
    const memberRemoves = await call(
      member,
      'DELETE',
      `/api/user-groups/${group.id}/members/${admin.userId}`,
    );
    expect(memberRemoves.statusCode).toBe(403);

    expect(
      (await call(admin, 'DELETE', `/api/user-groups/${group.id}/members/${member.userId}`)).statusCode,
    ).toBe(204);
    const after = userGroupSchema.parse((await call(owner, 'GET', '/api/user-groups')).json()[0]);
    expect(after.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [admin.userId, 'admin'],
    ]);
    // A removed member rejoins with the code, as a member.
    expect((await join(member, group.inviteCode)).json()).toMatchObject({ role: 'member', memberCount: 3 });
  });

  it('the owner deletes a group: its members lose it and the journey it shared, its code stops working', async () => {
    const { owner, admin, member, outsider, group } = await groupOfFour();
    const households = async (user: TestUser) =>
      ((await call(user, 'GET', '/api/clients/current/households')).json() as { own: boolean }[]).filter(
        (household) => !household.own,
      );
    expect(await households(member)).toHaveLength(1);

    const remove = (user: TestUser) => call(user, 'DELETE', `/api/user-groups/${group.id}`);
    const byAdmin = await remove(admin);
    expect([byAdmin.statusCode, byAdmin.json()]).toEqual([
      403,
      { message: 'Only the group’s owner can delete it', code: 'GROUP_OWNER_REQUIRED' },
    ]);
    expect((await remove(member)).statusCode).toBe(403);
    expect((await remove(outsider)).statusCode).toBe(404);
    expect((await remove(owner)).statusCode).toBe(204);

    for (const user of [owner, admin, member]) {
      expect((await call(user, 'GET', '/api/user-groups')).json()).toEqual([]);
    }
    expect(await households(member)).toEqual([]);
    const ownerClient = await journey.clientOf(owner.userId);
    const journeyRead = await call(member, 'GET', `/api/clients/current/journey?clientId=${ownerClient?.id}`);
    expect(journeyRead.statusCode).toBe(404);
    expect((await join(outsider, group.inviteCode)).statusCode).toBe(404);
    expect((await remove(owner)).statusCode).toBe(404);
  });

  it('owners and admins replace the invite code: the old one joins nobody, everyone in stays', async () => {
    const { owner, admin, member, outsider, group } = await groupOfFour();
    const renew = (user: TestUser) => call(user, 'POST', `/api/user-groups/${group.id}/invite-code`);

    const byMember = await renew(member);
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'GROUP_ROLE_REQUIRED']);
    expect((await renew(outsider)).statusCode).toBe(404);

    const byOwner = await renew(owner);
    expect(byOwner.statusCode).toBe(200);
    const renewed = userGroupSchema.parse(byOwner.json());
    expect(renewed.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(renewed.inviteCode).not.toBe(group.inviteCode);
    expect(renewed).toMatchObject({ id: group.id, role: 'owner', memberCount: 3 });
    const memberSees = userGroupSchema.parse((await call(member, 'GET', '/api/user-groups')).json()[0]);
    expect(memberSees.inviteCode).toBe(renewed.inviteCode);

    const withOldCode = await join(outsider, group.inviteCode);
    expect([withOldCode.statusCode, withOldCode.json().message]).toEqual([404, groupMessages.groupNotFound]);
    const byAdmin = userGroupSchema.parse((await renew(admin)).json());
    expect(byAdmin.inviteCode).not.toBe(renewed.inviteCode);
    expect((await join(outsider, renewed.inviteCode)).statusCode).toBe(404);
    expect((await join(outsider, byAdmin.inviteCode)).json()).toMatchObject({
      role: 'member',
      memberCount: 4,
    });
  });

  it('signed out is 401 on every groups route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user-groups'],
      ['POST', '/api/user-groups'],
      ['POST', '/api/user-groups/join'],
      ['PUT', '/api/user-groups/x'],
      ['PUT', '/api/user-groups/x/members/y'],
      ['DELETE', '/api/user-groups/x/members/y'],
      ['DELETE', '/api/user-groups/x'],
      ['POST', '/api/user-groups/x/invite-code'],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(401);
    }
  });
});
