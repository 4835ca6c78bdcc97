import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Household, JourneyResponse } from '@listready/contracts/journey';
import { householdMemberNames } from '../hooks/use-household.ts';
import { liveReads } from '../hooks/use-live-journey.ts';
import { HOUSEHOLD_CHOICE_STORAGE_KEY, withClientId } from '../utils/household-choice.ts';
import {
  entryFixture,
  findTaskRow,
  json,
  renderSignedIn,
  scriptApi,
  stageFixture,
} from '../utils/journey-test-fixtures.tsx';
import { JourneyScreen } from './journey-screen.tsx';
import { aClientProfile } from '@listready/contracts/fixtures';
import { localDayLabel } from '@listready/web-client';
import { groupFixture, personalTaskFixture } from '../../profile/utils/profile-test-fixtures.ts';

vi.mock('../utils/confetti-burst.ts', () => ({ confettiBurst: vi.fn(async () => undefined) }));

const stage = stageFixture('initial-assessment', 'Initial Assessment', 'in_progress');
const journey: JourneyResponse = {
  stages: [stage],
  progress: [],
  summary: {
    percent: 0,
    completedTasks: 0,
    totalTasks: 2,
    remainingTasks: 2,
    currentStageId: stage.id,
    todaysPriority: null,
    today: '2030-01-01',
  },
};
const households: Household[] = [
  { clientId: 'own-client', ownerName: 'My home', groupName: null, own: true },
  { clientId: 'jade-client', ownerName: 'Jade Seller', groupName: 'The Sellers', own: false },
];

function scriptHouseholds(list: Household[]) {
  const completed = entryFixture('a1', 'Curb Appeal', stage, { kind: 'checklist', status: 'completed' });
  completed.clientTask.completedBy = { id: 'user-2', name: 'Sam Helper' };
  const jadeEntries = [completed, entryFixture('a2', 'Garage', stage, { kind: 'checklist' })];
  return scriptApi({
    'GET /api/clients/current/households': () => json(200, list),
    'GET /api/clients/current/journey': () => json(200, journey),
    'GET /api/clients/current/tasks': () => json(200, [entryFixture('o1', 'Own task', stage)]),
    'GET /api/clients/current/custom-tasks': () => json(200, []),
    'GET /api/clients/current/journey?clientId=jade-client': () => json(200, journey),
    'GET /api/clients/current/tasks?clientId=jade-client': () => json(200, jadeEntries),
    'GET /api/clients/current/custom-tasks?clientId=jade-client': () => json(200, []),
    'PUT /api/client-tasks/a2': () => json(200, jadeEntries[1]),
    'GET /api/clients/current/profile?clientId=jade-client': () =>
      json(200, aClientProfile({ id: 'jade-client', userId: 'jade-user' })),
    'POST /api/clients/current/custom-tasks?clientId=jade-client': (body) =>
      json(201, { ...personalTaskFixture('new', (body as { title: string }).title), ...(body as object) }),
  });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the household on the journey', () => {
  it('says on paper whose home the printed journey is', async () => {
    scriptHouseholds(households);
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Own task');
    const printed = () => screen.getByText('Home-sale checklist').nextElementSibling?.textContent;
    expect(printed()).toMatch(/^\S+ Seller · Printed /);
    fireEvent.change(await screen.findByLabelText('Working on'), { target: { value: 'jade-client' } });
    await findTaskRow('Curb Appeal');
    expect(printed()).toBe(`Jade Seller’s home · Printed ${localDayLabel(new Date())}`);
  });

  it('lets a member of two journeys pick one, remembers it, and sends it as ?clientId=', async () => {
    const calls = scriptHouseholds(households);
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Own task');
    expect(screen.getByRole('region', { name: 'Your Home Sale Journey' })).toBeTruthy();
    const picker = await screen.findByLabelText('Working on');
    expect([...(picker as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'My home',
      'Jade Seller’s home (The Sellers)',
    ]);
    fireEvent.change(picker, { target: { value: 'jade-client' } });
    expect(window.localStorage.getItem(HOUSEHOLD_CHOICE_STORAGE_KEY)).toBe('jade-client');
    await findTaskRow('Curb Appeal');
    expect(calls.map((call) => call.url)).toContain('/api/clients/current/tasks?clientId=jade-client');
    // The progress card is not "yours" on someone else's journey: it names whose it is.
    expect(screen.getByRole('region', { name: 'Jade Seller’s Home Sale Journey' })).toBeTruthy();
  });

  it('adds a task to the household’s journey from under it (the member’s way to add one)', async () => {
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'jade-client');
    const calls = scriptHouseholds(households);
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Curb Appeal');
    const addTask = screen.getByRole('button', { name: 'Add Task' });
    // As a browser does on a click (jsdom does not).
    addTask.focus();
    fireEvent.click(addTask);
    const dialog = await screen.findByRole('dialog', { name: 'Add Task' });
    expect(dialog.textContent).toContain('A task on Jade Seller’s journey, for the whole household.');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Mow the lawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Task' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: '/api/clients/current/custom-tasks?clientId=jade-client',
        body: { title: 'Mow the lawn', stageId: null },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Task' })).toBeNull());
    // The focus goes back to the button.
    await waitFor(() => expect(document.activeElement).toBe(addTask));
  });

  it('shows who completed a task', async () => {
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'jade-client');
    scriptHouseholds(households);
    renderSignedIn(<JourneyScreen />);
    const row = await findTaskRow('Curb Appeal');
    expect(within(row).getByTestId('task-completed-by').textContent).toBe('Completed by Sam Helper');
    const pending = await findTaskRow('Garage');
    expect(within(pending).queryByTestId('task-completed-by')).toBeNull();
  });

  it('shows no picker with one journey, and ignores a remembered choice that is no longer offered', async () => {
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'left-group-client');
    const calls = scriptHouseholds(households.slice(0, 1));
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Own task');
    expect(screen.queryByLabelText('Working on')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url.includes('clientId='))).toBe(false));
  });

  it('a household’s journey refused after it was shown (the member was removed) says so; Go to My Journey forgets it', async () => {
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'jade-client');
    scriptHouseholds(households);
    const { queryClient } = renderSignedIn(<JourneyScreen />);
    await findTaskRow('Curb Appeal');

    const refusal = () =>
      json(404, { message: 'You are not a member of that household', code: 'HOUSEHOLD_NOT_FOUND' });
    const calls = scriptApi({
      'GET /api/clients/current/households': () => json(200, households.slice(0, 1)),
      'GET /api/clients/current/journey?clientId=jade-client': refusal,
      'GET /api/clients/current/tasks?clientId=jade-client': refusal,
      'GET /api/clients/current/custom-tasks?clientId=jade-client': refusal,
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, [entryFixture('o1', 'Own task', stage)]),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
    });
    // What the live stream's reset does: the journey's reads again.
    for (const url of liveReads('jade-client')) void queryClient.invalidateQueries({ queryKey: [url] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This journey is not open to you' })).toBeTruthy();
    expect(screen.queryByText('Curb Appeal')).toBeNull();
    // The household lost is not offered any more: with it gone, one journey is left, so no picker.
    expect(screen.queryByLabelText('Working on')).toBeNull();

    fireEvent.click(within(alert).getByRole('link', { name: 'Go to My Journey' }));
    await findTaskRow('Own task');
    expect(window.localStorage.getItem(HOUSEHOLD_CHOICE_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('Working on')).toBeNull());
    expect(calls.some((call) => call.url === '/api/clients/current/households')).toBe(true);
  });

  it('a household’s journey refused: the picker offers the other journeys, none chosen, and reads the households again on a choice', async () => {
    const third: Household = { clientId: 'kai-client', ownerName: 'Kai Seller', groupName: null, own: false };
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'jade-client');
    scriptHouseholds([...households, third]);
    const { queryClient } = renderSignedIn(<JourneyScreen />);
    await findTaskRow('Curb Appeal');

    const refusal = () =>
      json(404, { message: 'You are not a member of that household', code: 'HOUSEHOLD_NOT_FOUND' });
    const calls = scriptApi({
      'GET /api/clients/current/households': () => json(200, [households[0], third]),
      'GET /api/clients/current/journey?clientId=jade-client': refusal,
      'GET /api/clients/current/tasks?clientId=jade-client': refusal,
      'GET /api/clients/current/custom-tasks?clientId=jade-client': refusal,
      'GET /api/clients/current/journey?clientId=kai-client': () => json(200, journey),
      'GET /api/clients/current/tasks?clientId=kai-client': () =>
        json(200, [entryFixture('k1', 'Kai task', stage)]),
      'GET /api/clients/current/custom-tasks?clientId=kai-client': () => json(200, []),
      'GET /api/clients/current/profile?clientId=kai-client': () =>
        json(200, aClientProfile({ id: 'kai-client', userId: 'kai-user' })),
    });
    for (const url of liveReads('jade-client')) void queryClient.invalidateQueries({ queryKey: [url] });
    await screen.findByRole('alert');
    const picker = screen.getByLabelText('Working on') as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual([
      'Choose a home',
      'My home',
      'Kai Seller’s home',
    ]);
    expect(picker.value).toBe('');
    expect(calls.some((call) => call.url === '/api/clients/current/households')).toBe(false);

    fireEvent.change(picker, { target: { value: 'kai-client' } });
    await findTaskRow('Kai task');
    expect(window.localStorage.getItem(HOUSEHOLD_CHOICE_STORAGE_KEY)).toBe('kai-client');
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/clients/current/households')).toBe(true),
    );
    // Read again, the list no longer has the household lost.
    await waitFor(() =>
      expect(
        [...(screen.getByLabelText('Working on') as HTMLSelectElement).options].map((option) => option.text),
      ).toEqual(['My home', 'Kai Seller’s home']),
    );
  });

  it('reads the households again as the picker takes focus: a household left since the page loaded is not offered, one joined is', async () => {
    let list = [
      ...households,
      { clientId: 'kai-client', ownerName: 'Kai Seller', groupName: null, own: false },
    ];
    const calls = scriptApi({
      'GET /api/clients/current/households': () => json(200, list),
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, [entryFixture('o1', 'Own task', stage)]),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
    });
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Own task');
    const picker = (await screen.findByLabelText('Working on')) as HTMLSelectElement;
    const options = () => [...picker.options].map((option) => option.text);
    expect(options()).toEqual(['My home', 'Jade Seller’s home (The Sellers)', 'Kai Seller’s home']);
    const reads = () => calls.filter((call) => call.url === '/api/clients/current/households').length;
    const before = reads();
    // Meanwhile Jade removed this member, and Lee's household took them in.
    list = [
      households[0] as Household,
      { clientId: 'kai-client', ownerName: 'Kai Seller', groupName: null, own: false },
      { clientId: 'lee-client', ownerName: 'Lee Seller', groupName: null, own: false },
    ];
    fireEvent.focus(picker);
    await waitFor(() => expect(options()).toEqual(['My home', 'Kai Seller’s home', 'Lee Seller’s home']));
    expect(reads()).toBe(before + 1);
    // Still on their own journey: nothing else was read.
    expect(calls.filter((call) => call.url.includes('clientId='))).toEqual([]);
  });

  it('opens the journey the page’s ?clientId= names (an agent following a client), before any remembered choice', async () => {
    window.localStorage.setItem(HOUSEHOLD_CHOICE_STORAGE_KEY, 'own-client');
    window.history.replaceState(null, '', '/journey?clientId=jade-client');
    try {
      const calls = scriptHouseholds([]);
      renderSignedIn(<JourneyScreen />, { role: 'agent', firstName: 'Alan' });
      await findTaskRow('Curb Appeal');
      // The journey's reads (the agent's own clients list, which names the client, aside).
      const journeyCalls = calls
        .map((call) => call.url)
        .filter((url) => url.startsWith('/api/clients/current/') && !url.includes('households'));
      expect(journeyCalls.length).toBeGreaterThan(0);
      expect(journeyCalls.every((url) => url.endsWith('?clientId=jade-client'))).toBe(true);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('household helpers', () => {
  it('adds clientId to a URL only for a chosen journey', () => {
    expect(withClientId('/api/clients/current/tasks', undefined)).toBe('/api/clients/current/tasks');
    expect(withClientId('/api/clients/current/tasks', 'a b')).toBe(
      '/api/clients/current/tasks?clientId=a%20b',
    );
    expect(withClientId('/x?y=1', 'c')).toBe('/x?y=1&clientId=c');
  });

  it('offers the names of the people in the groups the journey’s seller owns', () => {
    const group = (ownerId: string, names: string[]) =>
      groupFixture(ownerId, 'g', {
        ownerId,
        role: 'member',
        memberCount: names.length,
        members: names.map((name, index) => ({ userId: `${ownerId}-${index}`, name, role: 'member' })),
      });
    const groups = [group('seller', ['Zoe', 'Amy', 'Zoe']), group('someone-else', ['Bob'])];
    expect(householdMemberNames(groups, 'seller')).toEqual(['Amy', 'Zoe']);
    expect(householdMemberNames(groups, undefined)).toEqual([]);
  });
});
