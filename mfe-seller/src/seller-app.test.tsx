import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderSignedIn, scriptApi } from './journey/utils/journey-test-fixtures.tsx';
import { aClientProfile, anEmptyJourney, aPublicUser } from '@listready/contracts/fixtures';
import { userFixture } from './profile/utils/profile-test-fixtures.ts';
import type { QueryClient } from '@tanstack/react-query';
import { createAppQueryClient, navigate, SESSION_QUERY_KEY } from '@listready/web-client';
import { writeHouseholdChoice } from './journey/utils/household-choice.ts';
import { prepare, SellerApp } from './seller-app.tsx';

/** What /profile draws its overview with (the groups, a seller's invitations and client profile). */
const PROFILE_READS = ['/api/user-groups', '/api/invitations', '/api/clients/current/profile'];
/** What the journey starts with (its household picker, its stages and task list). */
const JOURNEY_READS = ['households', 'journey', 'tasks'].map((read) => `/api/clients/current/${read}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the shell does when the user is about to open `path` (a link or bar button under a pointer). */
const intent = (path: string, queryClient: QueryClient) =>
  act(() => prepare({ url: new URL(path, window.location.origin), queryClient }));

describe('SellerApp', () => {
  it('loads the profile screen on /profile, saying so while it comes', async () => {
    window.history.replaceState(null, '', '/profile');
    window.sessionStorage.clear();
    scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    renderSignedIn(<SellerApp />, userFixture);
    expect(screen.getByText('Loading your profile...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
  });

  it('starts the profile’s reads when the user is about to open it, and the profile does not ask again', async () => {
    window.history.replaceState(null, '', '/journey');
    window.sessionStorage.clear();
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/invitations': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
    });
    const { queryClient } = renderSignedIn(<SellerApp />, userFixture);
    const reads = () => PROFILE_READS.map((url) => calls.filter((call) => call.url === url).length);
    // The journey reads the seller's client profile itself; the other two are the profile's own.
    await waitFor(() => expect(reads()).toEqual([0, 0, 1]));
    intent('/profile', queryClient);
    await waitFor(() => expect(reads()).toEqual([1, 1, 1]));
    // The press and the focus that come with the click start nothing more, nor does the profile.
    intent('/profile?tab=groups', queryClient);
    act(() => navigate('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(reads()).toEqual([1, 1, 1]);
  });

  it('starts only the groups for an agent, who has no invitations or client profile of their own', async () => {
    window.history.replaceState(null, '', '/journey');
    const calls = scriptApi({ 'GET /api/user-groups': () => json(200, []) });
    const { queryClient } = renderSignedIn(<SellerApp />, { ...userFixture, role: 'agent' });
    const before = calls.length;
    intent('/profile', queryClient);
    await waitFor(() => expect(calls.slice(before).map((call) => call.url)).toEqual(['/api/user-groups']));
  });

  it('starts the journey’s reads when the seller is about to go back to it from the profile', async () => {
    window.history.replaceState(null, '', '/profile');
    writeHouseholdChoice(null);
    const calls = scriptApi({
      'GET /api/user-groups': () => json(200, []),
      'GET /api/invitations': () => json(200, []),
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/clients/current/households': () => json(200, []),
      'GET /api/clients/current/journey': () => json(200, anEmptyJourney()),
      'GET /api/clients/current/tasks': () => json(200, []),
    });
    const { queryClient } = renderSignedIn(<SellerApp />, userFixture);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    const reads = () => JOURNEY_READS.map((url) => calls.filter((call) => call.url === url).length);
    expect(reads()).toEqual([0, 0, 0]);
    intent('/journey', queryClient);
    await waitFor(() => expect(reads()).toEqual([1, 1, 1]));
    act(() => navigate('/journey'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Jane!' })).toBeTruthy();
    expect(reads()).toEqual([1, 1, 1]);
  });

  it('starts neither the journey nor its tasks when another household’s is remembered: the households say which opens', async () => {
    window.history.replaceState(null, '', '/profile');
    writeHouseholdChoice('client-9');
    const calls = scriptApi({ 'GET /api/clients/current/households': () => json(200, []) });
    const { queryClient } = renderSignedIn(<SellerApp />, userFixture);
    const reads = () => JOURNEY_READS.map((url) => calls.filter((call) => call.url === url).length);
    intent('/journey', queryClient);
    await waitFor(() => expect(reads()).toEqual([1, 0, 0]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toEqual([1, 0, 0]);
    writeHouseholdChoice(null);
  });

  it('starts a client’s journey for an agent about to open it from the dashboard, which then asks for none of it again', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const linked = ['journey', 'tasks', 'custom-tasks'].map(
      (read) => `/api/clients/current/${read}?clientId=client-7`,
    );
    const [journeyUrl, tasksUrl, customTasksUrl] = linked as [string, string, string];
    const calls = scriptApi({
      [`GET ${journeyUrl}`]: () => json(200, anEmptyJourney()),
      [`GET ${tasksUrl}`]: () => json(200, []),
      [`GET ${customTasksUrl}`]: () => json(200, []),
      'GET /api/user-groups': () => json(200, []),
    });
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, aPublicUser({ ...userFixture, role: 'agent' }));
    // The seller remote is not mounted on the dashboard: the shell runs its module and asks.
    intent('/journey?clientId=client-7', queryClient);
    const reads = () => linked.map((url) => calls.filter((call) => call.url === url).length);
    await waitFor(() => expect(reads()).toEqual([1, 1, 1]));
    // Nothing of the seller's own journey, which an agent does not have.
    expect(calls.map((call) => call.url).filter((url) => !linked.includes(url))).toEqual([]);
    window.history.replaceState(null, '', '/journey?clientId=client-7');
    render(
      <QueryClientProvider client={queryClient}>
        <SellerApp />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    expect(reads()).toEqual([1, 1, 1]);
  });
});
