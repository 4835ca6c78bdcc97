import { Profiler } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import {
  createAppQueryClient,
  PROFILE_ACTIVE_TAB_STORAGE_KEY,
  PROFILE_TAB_CHANGE_EVENT,
  SESSION_QUERY_KEY,
} from '@listready/web-client';
import { json, renderSignedIn, scriptApi } from '../../journey/utils/journey-test-fixtures.tsx';
import { GROUPS_QUERY_KEY } from '../utils/profile-api.ts';
import { HOUSEHOLD_CHOICE_STORAGE_KEY } from '../../journey/utils/household-choice.ts';
import { SENT_INVITATIONS_URL } from '@listready/contracts/invitation';
import { authMessages } from '@listready/contracts/auth';
import { aClientProfile, aSentInvitation } from '@listready/contracts/fixtures';
import { groupFixture, personalTaskFixture, userFixture } from '../utils/profile-test-fixtures.ts';
import { ProfileScreen } from './profile-screen.tsx';
import { PAST_DUE_HINT } from '../../journey/utils/past-due.ts';

const writeText = vi.fn(async (_text: string) => undefined);

beforeEach(() => {
  window.sessionStorage.clear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeText.mockClear();
});

const openOn = (tab: string) => window.sessionStorage.setItem(PROFILE_ACTIVE_TAB_STORAGE_KEY, tab);
const lastToast = () => getToasts()[0];
/** Answers a question's dialog with its `confirm` button, then waits for the toast that follows. */
async function answer(dialog: HTMLElement, confirm: string, toast: { title: string; description: string }) {
  fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
  await waitFor(() => expect(lastToast()).toMatchObject(toast));
}

describe('ProfileScreen tabs', () => {
  it('shows the loading text, then the overview by default', async () => {
    scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText("You haven't joined any groups yet.")).toBeTruthy();
    expect(screen.getByText('jane@example.com')).toBeTruthy();
    expect(screen.getByText('555-0100')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No photo' })).toBeTruthy();
  });

  it('draws the overview in a render of its own once the groups have come, not in the update that brings them (issue 16)', async () => {
    scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    let queryClient: QueryClient | undefined;
    function QueryClientProbe() {
      queryClient = useQueryClient();
      return null;
    }
    const commits: Array<{ groups: string | undefined; drawn: 'outline' | 'overview' }> = [];
    const recordCommit = () =>
      commits.push({
        groups: queryClient?.getQueryState(GROUPS_QUERY_KEY)?.status,
        drawn: screen.queryByText('Loading your profile...') ? 'outline' : 'overview',
      });
    renderSignedIn(
      <Profiler id="profile" onRender={recordCommit}>
        <QueryClientProbe />
        <ProfileScreen />
      </Profiler>,
      userFixture,
    );
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    // Drawn with the answer, the overview was one long task on a phone; the outline stays for that
    // update, and the overview comes in the background render that follows it.
    const answered = commits.findIndex((commit) => commit.groups === 'success');
    expect(commits[answered]?.drawn).toBe('outline');
    expect(commits[answered + 1]?.drawn).toBe('overview');
  });

  it('draws the overview at once when the groups are already known (back from another screen)', () => {
    scriptApi({});
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, userFixture);
    queryClient.setQueryData(GROUPS_QUERY_KEY, []);
    queryClient.setQueryData([SENT_INVITATIONS_URL], []);
    render(
      <QueryClientProvider client={queryClient}>
        <ProfileScreen />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.queryByText('Loading your profile...')).toBeNull();
  });

  it("keeps the outline until a seller's invitations are read too, so My Agent does not push the cards down", async () => {
    let answerInvitations: (response: Response) => void = () => undefined;
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/invitations': () => new Promise((resolve) => (answerInvitations = resolve)),
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    // Both asked at once; the groups answered, the invitations not yet.
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining(['/api/user-groups', '/api/invitations']),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'My Profile' })).toBeNull();
    answerInvitations(json(200, []));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });

  it('opens the tab kept in session storage and follows the profileTabChange broadcast', async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Groups' })).toBeTruthy();
    expect(screen.getByText('No groups yet.')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'tasks' }));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Custom Tasks' })).toBeTruthy();
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'profile' }));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeTruthy();
  });
});

describe('Overview', () => {
  it('lists the first 3 groups, says how many more, and copies a code', async () => {
    const groups = ['a', 'b', 'c', 'd', 'e'].map((id) => groupFixture(id, `Group ${id}`));
    scriptApi({ 'GET /api/user-groups': () => json(200, groups) });
    renderSignedIn(<ProfileScreen />, userFixture);
    await screen.findByText('Group a');
    expect(screen.getByText('Group c')).toBeTruthy();
    expect(screen.queryByText('Group d')).toBeNull();
    expect(screen.getByText('And 2 more groups...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Code for Group b' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(groups[1]?.inviteCode));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Copied!', description: 'Invite code copied to clipboard' }),
    );
  });

  it('shows the property address when the seller has one, and the photo when there is one', async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () =>
        json(200, {
          ...aClientProfile({ propertyId: 'property-1' }),
          property: {
            id: 'property-1',
            address: '12 Elm Street',
            city: 'Springfield',
            state: 'IL',
            zipCode: '62701',
            propertyType: 'house',
            bedrooms: 3,
            bathrooms: 2,
            squareFootage: null,
          },
          agent: null,
        }),
    });
    renderSignedIn(<ProfileScreen />, { ...userFixture, profileImageUrl: '/photos/jane.jpg' });
    expect((await screen.findByTestId('property-address')).textContent).toBe('12 Elm Street');
    expect(screen.getByRole('img', { name: 'Photo of Jane Seller' }).getAttribute('src')).toBe(
      '/photos/jane.jpg',
    );
  });

  it("shows a seller's agent on the overview, with Call and Email Agent", async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () =>
        json(
          200,
          aClientProfile({
            agent: { id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: 'pat@example.com' },
          }),
        ),
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    const card = await screen.findByRole('region', { name: 'My Agent' });
    expect(within(card).getByText('Pat Agent')).toBeTruthy();
    expect(within(card).getByText('pat@example.com')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call Pat Agent' }).getAttribute('href')).toBe(
      'tel:555-0199',
    );
    expect(within(card).getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toBe(
      'mailto:pat@example.com',
    );
  });

  it('offers Invite My Agent on the overview to a seller with no agent', async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    const card = await screen.findByRole('region', { name: 'My Agent' });
    expect(within(card).getByText(/No agent follows your journey yet/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Invite My Agent' }));
    expect(await screen.findByRole('dialog', { name: 'Invite Your Agent' })).toBeTruthy();
  });

  it('shows a seller their invitation to an agent while it waits, and sends it again', async () => {
    const toAgent = aSentInvitation();
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/invitations': () => json(200, [toAgent]),
      'POST /api/invitations/inv-1/resend': () =>
        json(200, {
          invitationId: 'inv-1',
          email: { success: true, error: null },
          sms: { success: false, error: null },
        }),
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    const card = await screen.findByRole('region', { name: 'My Agent' });
    expect(card.textContent).toContain(
      'You invited Al Agent (al@example.com) on Mar 10, 2030. They will follow your journey once they accept.',
    );
    // Another agent can still be invited.
    expect(within(card).getByRole('button', { name: 'Invite My Agent' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Send again to Al Agent' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Invitation sent via email!'));
    expect(calls.filter((call) => call.url === '/api/invitations/inv-1/resend')).toHaveLength(1);
    cleanup();

    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/invitations': () => json(200, [{ ...toAgent, status: 'expired' }]),
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    const expired = await screen.findByRole('region', { name: 'My Agent' });
    expect(expired.textContent).toContain(
      'Your invitation to Al Agent (al@example.com) expired on Apr 9, 2030. Invite them again below.',
    );
    expect(within(expired).queryByRole('button', { name: 'Send again to Al Agent' })).toBeNull();
  });

  it('asks an agent for no client profile and no personal tasks', async () => {
    const calls = scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    renderSignedIn(<ProfileScreen />, { ...userFixture, role: 'agent' });
    await screen.findByText('jane@example.com');
    expect(screen.queryByRole('region', { name: 'My Agent' })).toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(PROFILE_TAB_CHANGE_EVENT, { detail: 'tasks' }));
    });
    expect(screen.getByText("Personal tasks belong to a home seller's journey.")).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/clients/'))).toEqual([]);
  });

  it('has no "more" line with 3 groups or fewer', async () => {
    const groups = ['a', 'b', 'c'].map((id) => groupFixture(id, `Group ${id}`));
    scriptApi({ 'GET /api/user-groups': () => json(200, groups) });
    renderSignedIn(<ProfileScreen />, userFixture);
    await screen.findByText('Group c');
    expect(screen.queryByText(/more groups/)).toBeNull();
  });
});

describe('My Groups', () => {
  it('counts the groups, shows each invite code and copies it', async () => {
    const groups = [groupFixture('a', 'Family'), groupFixture('b', 'Friends', { role: 'member' })];
    scriptApi({ 'GET /api/user-groups': () => json(200, groups) });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(await screen.findByText('My Groups (2)')).toBeTruthy();
    expect(screen.getAllByTestId('invite-code').map((code) => code.textContent)).toEqual(
      groups.map((group) => group.inviteCode),
    );
    // Only owners and admins edit.
    expect(screen.getByRole('button', { name: 'Edit Family' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Friends' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Code for Friends' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Copied!'));
  });

  it('upper-cases the invite code as typed; Join is disabled when blank and while joining', async () => {
    const gate = Promise.withResolvers<void>();
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'POST /api/user-groups/join': async () => {
        await gate.promise;
        return json(200, groupFixture('z', 'Family', { role: 'member' }));
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    const input = (await screen.findByLabelText('Invite code')) as HTMLInputElement;
    const join = screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(join.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abcd2345' } });
    expect(input.value).toBe('ABCD2345');
    expect(join.disabled).toBe(false);
    fireEvent.click(join);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Joining…' }) as HTMLButtonElement).disabled).toBe(true),
    );
    gate.resolve();
    await waitFor(() => expect(lastToast()?.title).toBe('Joined group successfully'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ inviteCode: 'ABCD2345' });
    expect(input.value).toBe('');
  });

  it('shows the server’s reason when joining fails', async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'POST /api/user-groups/join': () => json(409, { message: 'This group is full', code: 'GROUP_FULL' }),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.change(await screen.findByLabelText('Invite code'), { target: { value: 'ABCD2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to join group',
        description: 'This group is full',
        variant: 'destructive',
      }),
    );
  });

  it('requires a group name, then creates the group and refetches the list', async () => {
    let groups: ReturnType<typeof groupFixture>[] = [];
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'POST /api/user-groups': (body) => {
        groups = [groupFixture('n', (body as { name: string }).name)];
        return json(201, groups[0]);
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await within(dialog).findByText('Group name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'The Sellers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Group created successfully'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'The Sellers',
      description: null,
    });
    expect(await screen.findByText('My Groups (1)')).toBeTruthy();
  });

  it('edits a group and says so, or says it failed', async () => {
    const family = groupFixture('a', 'Family');
    let fail = false;
    scriptApi({
      'GET /api/user-groups': () => json(200, [family]),
      'PUT /api/user-groups/a': (body) =>
        fail
          ? json(403, { message: 'Only the group’s owner or an admin can do that' })
          : json(200, { ...family, ...(body as object) }),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Family' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Group' });
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Home' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Group updated successfully'));

    fail = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Family' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Group' });
    await answer(dialog, 'Save', {
      title: 'Failed to update group',
      description: 'Only the group’s owner or an admin can do that',
    });
  });
});

describe('My Groups: members, leaving', () => {
  const household = (role: 'owner' | 'admin' | 'member', extra = {}) =>
    groupFixture('h', 'Household', {
      role,
      ownerId: 'owner-1',
      memberCount: 3,
      members: [
        { userId: 'owner-1', name: 'Olive Owner', role: 'owner' },
        { userId: 'user-1', name: 'Jane Seller', role },
        { userId: 'user-2', name: 'Sam Spouse', role: 'member' },
      ],
      ...extra,
    });

  it('lists the members with their roles; only owners and admins change the others, never the owner', async () => {
    scriptApi({ 'GET /api/user-groups': () => json(200, [household('admin')]) });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    const members = await screen.findByRole('list', { name: 'Members of Household' });
    // Each row: the name, the role (capitalised by CSS), then what the caller may do to that member.
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Olive Ownerowner', 'Jane Seller (you)admin', 'Sam SpousememberMake AdminRemove']);
    expect(screen.queryByRole('button', { name: /Remove Olive Owner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove Jane Seller/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Sam Spouse from Household' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave Group: Household' })).toBeTruthy();
  });

  it('offers a member no changes to others, and the owner no Leave Group', async () => {
    scriptApi({
      'GET /api/user-groups': () =>
        json(200, [
          household('member'),
          groupFixture('o', 'Mine', {
            members: [
              { userId: 'user-1', name: 'Jane Seller', role: 'owner' },
              { userId: 'user-3', name: 'Pat Friend', role: 'member' },
            ],
            memberCount: 2,
          }),
        ]),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    await screen.findByRole('list', { name: 'Members of Household' });
    expect(screen.queryByRole('button', { name: /Remove Sam Spouse/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make \w+: Sam Spouse/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave Group: Household' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave Group: Mine' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Pat Friend from Mine' })).toBeTruthy();
    // Only the owner deletes.
    expect(screen.getByRole('button', { name: 'Delete Group: Mine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Group: Household' })).toBeNull();
  });

  it('the owner deletes a group after a question that says what the members lose', async () => {
    let groups = [household('owner', { ownerId: 'user-1' })];
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'DELETE /api/user-groups/h': () => {
        groups = [];
        return new Response(null, { status: 204 });
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Group: Household' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Household?' });
    expect(dialog.textContent).toContain(
      'Its other 2 members lose it and any journey it shares, and its invite code stops working. This action cannot be undone.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await answer(dialog, 'Delete Group', {
      title: 'Group deleted successfully',
      description: 'Household no longer exists.',
    });
    expect(await screen.findByText('My Groups (0)')).toBeTruthy();
  });

  it('asks before removing a member, removes them, and the list read again shows them gone', async () => {
    let groups = [household('owner')];
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'DELETE /api/user-groups/h/members/user-2': () => {
        groups = [household('owner', { memberCount: 2, members: household('owner').members.slice(0, 2) })];
        return new Response(null, { status: 204 });
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Spouse from Household' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Spouse?' });
    expect(dialog.textContent).toContain(
      'Sam Spouse will no longer be a member of Household or see any journey it shares.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await answer(dialog, 'Remove', {
      title: 'Member removed successfully',
      description: 'Sam Spouse is no longer in Household.',
    });
    await waitFor(() => expect(screen.queryByText('Sam Spouse')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('2 of 10 members')).toBeTruthy();
  });

  it('leaves a group after asking, and says why when the server refuses', async () => {
    let refuse = true;
    let groups = [household('member')];
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'DELETE /api/user-groups/h/members/user-1': () => {
        if (refuse)
          return json(403, { message: 'The group’s owner cannot be removed or given another role' });
        groups = [];
        return new Response(null, { status: 204 });
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Group: Household' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave Household?' });
    expect(dialog.textContent).toContain('To rejoin later you will need its invite code.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Group' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to leave group',
        description: 'The group’s owner cannot be removed or given another role',
        variant: 'destructive',
      }),
    );
    // Refused, the question stays open to try again or cancel.
    dialog = screen.getByRole('alertdialog', { name: 'Leave Household?' });
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave Group' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Left group successfully'));
    expect(await screen.findByText('My Groups (0)')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('an admin gives the group a new invite code after asking; a member is not offered one', async () => {
    const calls = scriptApi({
      'GET /api/user-groups': () =>
        json(200, [
          household('admin', { inviteCode: 'OLDC2345' }),
          groupFixture('m', 'Friends', { role: 'member' }),
        ]),
      'POST /api/user-groups/h/invite-code': () => json(200, household('admin', { inviteCode: 'NEWC6789' })),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'New Code: Household' }));
    expect(screen.queryByRole('button', { name: 'New Code: Friends' })).toBeNull();
    const dialog = await screen.findByRole('alertdialog', { name: 'New invite code for Household?' });
    expect(dialog.textContent).toContain('OLDC2345 stops working');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await answer(dialog, 'New Code', {
      title: 'New invite code ready',
      description: 'The old code for Household no longer works.',
    });
    const [card] = screen.getAllByTestId('group-card');
    expect(within(card as HTMLElement).getByTestId('invite-code').textContent).toBe('NEWC6789');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a member opens the journey a seller’s group shares, chosen as they arrive; an agent’s group has none', async () => {
    scriptApi({
      'GET /api/user-groups': () =>
        json(200, [
          household('member', { householdClientId: 'owner-client' }),
          groupFixture('t', 'Team', { role: 'member', ownerId: 'agent-1' }),
          groupFixture('o', 'Mine', { householdClientId: 'my-client' }),
        ]),
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    const open = await screen.findByRole('link', { name: 'Open Journey: Household' });
    expect(screen.getAllByRole('link', { name: /^Open Journey/ })).toHaveLength(1);
    expect(open.getAttribute('href')).toBe('/journey');
    fireEvent.click(open);
    expect(window.localStorage.getItem(HOUSEHOLD_CHOICE_STORAGE_KEY)).toBe('owner-client');
    expect(window.location.pathname).toBe('/journey');
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
  });

  it('makes a member an admin and back, showing the role the server answers', async () => {
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, [household('owner')]),
      'PUT /api/user-groups/h/members/user-2': (body) => {
        const role = (body as { role: 'admin' | 'member' }).role;
        const group = household('owner');
        return json(200, {
          ...group,
          members: group.members.map((member) => (member.userId === 'user-2' ? { ...member, role } : member)),
        });
      },
    });
    openOn('groups');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Admin: Sam Spouse' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Member role updated successfully'));
    expect(await screen.findByRole('button', { name: 'Make Member: Sam Spouse' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'admin' });
  });
});

describe('a group’s invite link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  /** A home seller's group: it shares their journey. */
  const household = groupFixture('h', 'Household', { householdClientId: 'client-1' });

  it('Copy Invite Link copies the link that signs in and brings the code to Join a Group', async () => {
    openOn('groups');
    scriptApi({ 'GET /api/user-groups': () => json(200, [household]) });
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Invite Link for Household' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/auth?join=CODEXXXH`),
    );
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Copied!', description: 'Invite link copied to clipboard' }),
    );
  });

  it('an agent’s group (no seller’s journey) has a link that signs up an agent', async () => {
    openOn('groups');
    const team = groupFixture('t', 'Moss Team', { householdClientId: null });
    scriptApi({ 'GET /api/user-groups': () => json(200, [team]) });
    renderSignedIn(<ProfileScreen />, { ...userFixture, role: 'agent' });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Invite Link for Moss Team' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/auth?join=CODEXXXT&role=agent`),
    );
  });

  it('on a phone with a share sheet it is Share Invite Link; closing the sheet copies nothing, a failure copies', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      openOn('groups');
      scriptApi({ 'GET /api/user-groups': () => json(200, [household]) });
      renderSignedIn(<ProfileScreen />, userFixture);
      const button = await screen.findByRole('button', { name: 'Share Invite Link for Household' });
      expect(screen.queryByRole('button', { name: /Copy Invite Link/ })).toBeNull();
      fireEvent.click(button);
      await waitFor(() =>
        expect(share).toHaveBeenCalledWith({
          title: 'Join Household',
          url: `${window.location.origin}/auth?join=CODEXXXH`,
        }),
      );
      share.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
      fireEvent.click(button);
      await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(writeText).not.toHaveBeenCalled();
      share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
      fireEvent.click(button);
      await waitFor(() =>
        expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/auth?join=CODEXXXH`),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('opens My Groups with the link’s code in Join a Group; joining takes the code out of the address', async () => {
    window.history.replaceState(null, '', '/profile?join=abcd2345');
    openOn('overview');
    let groups: ReturnType<typeof groupFixture>[] = [];
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'POST /api/user-groups/join': () => {
        groups = [
          groupFixture('h', 'Household', {
            role: 'member',
            ownerId: 'owner-1',
            householdClientId: 'client-1',
          }),
        ];
        return json(200, groups[0]);
      },
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    const card = await screen.findByTestId('join-group-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Groups');
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('groups');
    expect(card.textContent).toContain('Your invite link filled in the code. Press Join to become a member.');
    expect((within(card).getByLabelText('Invite code') as HTMLInputElement).value).toBe('ABCD2345');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Joined group successfully'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ inviteCode: 'ABCD2345' });
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/profile?tab=groups'),
    );
    expect(await screen.findByText('My Groups (1)')).toBeTruthy();
    const after = screen.getByTestId('join-group-card');
    expect((within(after).getByLabelText('Invite code') as HTMLInputElement).value).toBe('');
    expect(after.textContent).toContain('Enter the invite code someone shared with you.');
    // The next step is under the hand: the household's Open Journey, focused.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Journey: Household'),
    );
  });

  it('focuses the name of a group joined that shares no journey (an agent’s), once it is listed', async () => {
    openOn('groups');
    let groups: ReturnType<typeof groupFixture>[] = [groupFixture('a', 'Another')];
    scriptApi({
      'GET /api/user-groups': () => json(200, groups),
      'POST /api/user-groups/join': () => {
        groups = [...groups, groupFixture('t', 'Team', { role: 'member', ownerId: 'agent-1' })];
        return json(200, groups[1]);
      },
    });
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.change(await screen.findByLabelText('Invite code'), { target: { value: 'ABCD2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Team'));
    expect(document.activeElement?.tagName).toBe('H3');
    // Once: a later render (another group's change) leaves focus where the person puts it.
    screen.getByLabelText('Invite code').focus();
    fireEvent.change(screen.getByLabelText('Invite code'), { target: { value: 'X' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Invite code'));
  });
});

describe('Edit Profile', () => {
  it('saves the profile, and puts a taken e-mail (409) on the email field', async () => {
    let taken = false;
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'PUT /api/auth/user': (body) =>
        taken
          ? json(409, { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' })
          : json(200, { ...userFixture, ...(body as object) }),
    });
    openOn('profile');
    renderSignedIn(<ProfileScreen />, userFixture);
    const firstName = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(firstName.value).toBe('Jane');
    fireEvent.change(firstName, { target: { value: 'Janet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Profile updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Seller',
      email: 'jane@example.com',
      phone: '555-0100',
    });

    taken = true;
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } });
    // A new e-mail asks for the current password before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Current password (to change your email)'), {
      target: { value: 'my-password-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Seller',
      email: 'other@example.com',
      phone: '555-0100',
      currentPassword: 'my-password-1',
    });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
    expect(lastToast()).toMatchObject({ title: 'Failed to update profile', variant: 'destructive' });
  });

  it('checks the fields with the contract’s messages before sending', async () => {
    const calls = scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    openOn('profile');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(authMessages.invalidPhone)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('changes the phone; with text reminders on it says so, and shows the server’s reason on the field', async () => {
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'PUT /api/auth/user': () =>
        json(400, {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'phone', message: authMessages.phoneNotInternational }],
        }),
    });
    openOn('profile');
    const texting = {
      ...userFixture,
      phone: '+12125550100',
      notificationPreferences: { ...userFixture.notificationPreferences, sms: true },
    };
    renderSignedIn(<ProfileScreen />, texting);
    const phone = (await screen.findByLabelText('Phone')) as HTMLInputElement;
    expect(phone.value).toBe('+12125550100');
    expect(phone.getAttribute('type')).toBe('tel');
    const hint = document.getElementById(phone.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Your text reminders go to this number');
    fireEvent.change(phone, { target: { value: '212-555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(authMessages.phoneNotInternational)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ phone: '212-555-0199' });
  });
});

describe('Custom Tasks', () => {
  const scriptTasks = (tasks: ReturnType<typeof personalTaskFixture>[], extra = {}) =>
    scriptApi({
      'GET /api/user-groups': () =>
        json(200, [
          groupFixture('a', 'Family', {
            members: [
              { userId: 'user-1', name: 'Jane Seller', role: 'owner' },
              { userId: 'user-2', name: 'Sam Helper', role: 'member' },
            ],
          }),
        ]),
      'GET /api/clients/current/custom-tasks': () => json(200, tasks),
      ...extra,
    });

  it('shows the empty state, requires a title, and creates a task', async () => {
    let tasks: ReturnType<typeof personalTaskFixture>[] = [];
    const calls = scriptTasks([], {
      'GET /api/clients/current/custom-tasks': () => json(200, tasks),
      'POST /api/clients/current/custom-tasks': (body: unknown) => {
        tasks = [personalTaskFixture('t1', (body as { title: string }).title)];
        return json(201, tasks[0]);
      },
    });
    openOn('tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Your First Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    // The household's people are offered as assignees.
    const options = within(dialog).getByTestId('assignee-options').querySelectorAll('option');
    expect([...options].map((option) => option.value)).toEqual(['Jane Seller', 'Sam Helper']);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Book the cleaner' } });
    // A date gone by is taken, but said; then cleared again.
    const due = within(dialog).getByLabelText('Due date');
    fireEvent.change(due, { target: { value: '2000-01-01' } });
    expect(await within(dialog).findByText(PAST_DUE_HINT)).toBeTruthy();
    fireEvent.change(due, { target: { value: '' } });
    await waitFor(() => expect(within(dialog).queryByText(PAST_DUE_HINT)).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('Assigned to'), { target: { value: 'Sam Helper' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Task created successfully'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Book the cleaner',
      description: null,
      priority: 'medium',
      dueDate: null,
      assignedTo: 'Sam Helper',
      stageId: null,
      // Made by the device, so the same creation sent again is still one task.
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(await screen.findByText('Book the cleaner')).toBeTruthy();
  });

  it('shows priority badges by variant, the assignee and the due date', async () => {
    scriptTasks([
      personalTaskFixture('t1', 'Fix the gate', {
        priority: 'high',
        assignedTo: 'Sam',
        dueDate: '2030-05-06',
      }),
      personalTaskFixture('t2', 'Buy plants', { priority: 'medium' }),
      personalTaskFixture('t3', 'Sort books', { priority: 'low' }),
    ]);
    openOn('tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    await screen.findByText('Fix the gate');
    const badge = (title: string) =>
      within(screen.getByText(title).closest('li') as HTMLElement).getByText(/^(high|medium|low)$/);
    expect(badge('Fix the gate').getAttribute('data-variant')).toBe('destructive');
    expect(badge('Buy plants').getAttribute('data-variant')).toBe('default');
    expect(badge('Sort books').getAttribute('data-variant')).toBe('secondary');
    expect(screen.getByText('Assigned to Sam')).toBeTruthy();
    expect(screen.getByText(/^Due /).textContent).toContain('2030');
  });

  it('edits a task with the spec’s toast', async () => {
    const task = personalTaskFixture('t1', 'Fix the gate');
    const calls = scriptTasks([task], {
      'PUT /api/clients/current/custom-tasks/t1': (body: unknown) =>
        json(200, { ...task, ...(body as object) }),
    });
    openOn('tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Fix the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Task' });
    fireEvent.change(within(dialog).getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Task updated successfully'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      title: 'Fix the gate',
      priority: 'high',
    });
  });

  it('asks before deleting, naming the task and saying it cannot be undone', async () => {
    let tasks = [personalTaskFixture('t1', 'Fix the gate')];
    const calls = scriptTasks([], {
      'GET /api/clients/current/custom-tasks': () => json(200, tasks),
      'DELETE /api/clients/current/custom-tasks/t1': () => {
        tasks = [];
        return new Response(null, { status: 204 });
      },
    });
    openOn('tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fix the gate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete task?' });
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete "Fix the gate"? This action cannot be undone.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Fix the gate' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete task?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Task deleted successfully'));
    expect(await screen.findByText('No personal tasks yet')).toBeTruthy();
  });

  it('says so when a delete fails', async () => {
    scriptTasks([personalTaskFixture('t1', 'Fix the gate')], {
      'DELETE /api/clients/current/custom-tasks/t1': () => json(500, {}),
    });
    openOn('tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fix the gate' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to delete task',
        description: 'Failed to delete task',
      }),
    );
  });
});

describe('moving between tabs inside the screen', () => {
  const address = () => `${window.location.pathname}${window.location.search}`;

  it('goes from the overview to Edit Profile, a new history entry, and Cancel steps back to it', async () => {
    window.history.replaceState(null, '', '/profile');
    scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    const announced: unknown[] = [];
    const listen = (event: Event) => announced.push((event as CustomEvent<unknown>).detail);
    window.addEventListener(PROFILE_TAB_CHANGE_EVENT, listen);
    renderSignedIn(<ProfileScreen />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    // A bare /profile was named in place; Edit Profile is an entry of its own.
    const entries = window.history.length;
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeTruthy();
    expect(address()).toBe('/profile?tab=profile');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy());
    window.removeEventListener(PROFILE_TAB_CHANGE_EVENT, listen);
    expect(address()).toBe('/profile?tab=overview');
    expect(announced).toEqual(['profile']);
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('overview');
    // Stepped back, not forward: opening the form again takes the entry the closed one had.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(window.history.length).toBe(entries);
  });

  it('opens the tab its address names, whatever was chosen before, and names a bare /profile’s tab in place', async () => {
    scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
    });
    openOn('groups');
    window.history.replaceState(null, '', '/profile?tab=tasks');
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom Tasks' })).toBeTruthy();
    expect(window.sessionStorage.getItem(PROFILE_ACTIVE_TAB_STORAGE_KEY)).toBe('tasks');
    cleanup();
    openOn('groups');
    window.history.replaceState(null, '', '/profile');
    const entries = window.history.length;
    renderSignedIn(<ProfileScreen />, userFixture);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Groups' })).toBeTruthy();
    expect([address(), window.history.length]).toEqual(['/profile?tab=groups', entries]);
  });
});
