import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentClientRow } from '@listready/contracts/journey';
import { getToasts } from '@listready/ui';
import { localDayLabel } from '@listready/web-client';
import { PENDING_CHANGE_TEXT } from '../hooks/use-offline-task-changes.ts';
import type { CustomTask, JourneyResponse } from '../utils/journey-api.ts';
import { pendingTaskChanges } from '../utils/pending-task-changes.ts';
import {
  entryFixture,
  findTaskRow,
  json,
  renderSignedIn,
  scriptApi,
  stageFixture,
} from '../utils/journey-test-fixtures.tsx';
import { JourneyScreen } from './journey-screen.tsx';
import { PAST_DUE_HINT } from '../utils/past-due.ts';
import { aClientProfile } from '@listready/contracts/fixtures';
import { useClientProfile } from '../hooks/use-journey-queries.ts';

/** Says when the seller's profile has been read (as the banner reads it). */
function ProfileRead() {
  return useClientProfile(true).data ? 'profile read' : null;
}

vi.mock('../utils/confetti-burst.ts', () => ({ confettiBurst: vi.fn(async () => undefined) }));

const done = stageFixture('declutter', 'Declutter', 'completed', { completedTasks: 1, totalTasks: 1 });
const current = stageFixture('initial-assessment', 'Initial Assessment', 'in_progress', {
  completedTasks: 1,
});
const show = stageFixture('ready-to-show', 'Ready to Show!!', 'locked', {
  excludedFromProgress: true,
  totalTasks: 3,
});
const later = stageFixture('home-staging', 'Home Staging', 'locked', { totalTasks: 1 });

const journey: JourneyResponse = {
  stages: [done, current, show, later],
  progress: [],
  summary: {
    percent: 50,
    completedTasks: 2,
    totalTasks: 4,
    remainingTasks: 2,
    currentStageId: current.id,
    todaysPriority: null,
    today: '2030-01-01',
  },
};

const entries = [
  entryFixture('d1', 'Clear kitchen counters', done, { status: 'completed' }),
  // Checklist order is the template's, not the list's: Garage (2) after Curb Appeal (1).
  entryFixture('a2', 'Garage', current, { kind: 'checklist', orderIndex: 2 }),
  entryFixture('a1', 'Curb Appeal', current, { kind: 'checklist', orderIndex: 1, status: 'completed' }),
  entryFixture('s1', 'Turn on lights', show, { kind: 'checklist', orderIndex: 1, status: 'completed' }),
  entryFixture('s2', 'Open shades', show, { kind: 'checklist', orderIndex: 2 }),
  entryFixture('s3', 'Pet cleanup', show, { kind: 'checklist', orderIndex: 3, status: 'completed' }),
  entryFixture('h1', 'Accents of color', later),
];

const customTask: CustomTask = {
  id: 'c1',
  title: 'Call the stager',
  description: null,
  priority: 'high',
  status: 'pending',
  dueDate: null,
  assignedTo: null,
  stageId: current.id,
  completedBy: null,
  custom: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
let customTasks: CustomTask[] = [];

/** The agent's client whose journey `?clientId=client-7` names, as their dashboard lists them. */
const followedClient: AgentClientRow = {
  client: { id: 'client-7', updatedAt: '2030-01-01T00:00:00.000Z' },
  user: {
    firstName: 'Casey',
    lastName: 'Moss',
    email: 'casey@example.com',
    phone: null,
    profileImageUrl: null,
  },
  property: null,
  progressPercentage: 50,
  currentStage: null,
};

function scriptJourney(put: (body: unknown) => Response | Promise<Response> = () => json(200, {})) {
  return scriptApi({
    'GET /api/clients/current/journey': () => json(200, journey),
    'GET /api/clients/current/tasks': () => json(200, entries),
    'GET /api/clients/current/custom-tasks': () => json(200, customTasks),
    'PUT /api/clients/current/custom-tasks/c1': (body) => json(200, { ...customTask, ...(body as object) }),
    'PUT /api/client-tasks/s1': put,
    'PUT /api/client-tasks/s3': put,
  });
}

/** jsdom lays nothing out and has no scrollIntoView: the elements asked to scroll into view. */
const realScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
function recordScrolls(): Element[] {
  const scrolledTo: Element[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    writable: true,
    value(this: Element) {
      scrolledTo.push(this);
    },
  });
  return scrolledTo;
}

const stageHeader = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });

afterEach(() => {
  customTasks = [];
  if (realScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', realScrollIntoView);
  else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  cleanup();
  vi.unstubAllGlobals();
});

describe('JourneyScreen', () => {
  it('greets by first name, falling back to John, with the tagline', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />, { firstName: '' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hello John!');
    expect(screen.getByText("Let's get moving")).toBeTruthy();
    cleanup();
    renderSignedIn(<JourneyScreen />, { firstName: 'Nora' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hello Nora!');
  });

  it('heads the printed page with what it is, whose and the day, in place of the greeting', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />, { firstName: 'Nora' });
    const title = screen.getByText('Home-sale checklist');
    // On paper only (the greeting on screen only): the print media's styles are e2e's to see.
    expect(title.parentElement?.className).toBe('hidden print:block');
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.className).toBe('print:hidden');
    expect(title.nextElementSibling?.textContent).toBe(`Nora Seller · Printed ${localDayLabel(new Date())}`);
  });

  it('shows an agent their client’s journey read-only: no completing, rescheduling, notes or Clear All', async () => {
    customTasks = [customTask];
    window.history.pushState(null, '', '/journey?clientId=client-7');
    const calls = scriptApi({
      'GET /api/clients/current/journey?clientId=client-7': () => json(200, journey),
      'GET /api/clients/current/tasks?clientId=client-7': () => json(200, entries),
      'GET /api/clients/current/custom-tasks?clientId=client-7': () => json(200, customTasks),
      'GET /api/agents/current/clients': () => json(200, [followedClient]),
    });
    renderSignedIn(<JourneyScreen />, { firstName: 'Sam', role: 'agent' });
    // Whose journey: the client's name once the agent's clients are known.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your client’s journey');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Casey Moss’s journey'),
    );
    await screen.findByText('Curb Appeal');
    // Not "Your Home Sale Journey" to the agent: the heading above names whose it is.
    expect(screen.getByRole('region', { name: 'Home Sale Journey' })).toBeTruthy();
    fireEvent.click(stageHeader('Ready to Show!!'));
    await screen.findByText('Turn on lights');
    expect(screen.queryByRole('button', { name: /Mark (Complete|Incomplete)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reschedule|Notes|Clear All|Add Task/ })).toBeNull();
    const ticked = screen.getByLabelText('Turn on lights') as HTMLInputElement;
    expect(ticked.disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // The reminder times are the seller's and their household's: not asked for.
    expect(calls.some((call) => call.url.includes('task-reminders'))).toBe(false);
    window.history.pushState(null, '', '/');
  });

  it('says a journey the server refuses is not open, with the way to the person’s own, instead of Try again', async () => {
    window.history.pushState(null, '', '/journey?clientId=not-mine');
    const refusal = () => json(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    scriptApi({
      'GET /api/clients/current/journey?clientId=not-mine': refusal,
      'GET /api/clients/current/tasks?clientId=not-mine': refusal,
      'GET /api/clients/current/custom-tasks?clientId=not-mine': refusal,
    });
    renderSignedIn(<JourneyScreen />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This journey is not open to you' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'Go to My Journey' }).getAttribute('href')).toBe(
      '/journey',
    );
    cleanup();
    renderSignedIn(<JourneyScreen />, { role: 'agent' });
    const agentAlert = await screen.findByRole('alert');
    expect(agentAlert.textContent).toContain('It is not the journey of one of your clients.');
    expect(within(agentAlert).getByRole('link', { name: 'Go to Your Clients' }).getAttribute('href')).toBe(
      '/dashboard?tab=clients',
    );
    window.history.pushState(null, '', '/');
  });

  it('points an agent with no client named to their dashboard, asking for no journey (they have none)', async () => {
    window.history.pushState(null, '', '/journey');
    const calls = scriptJourney();
    renderSignedIn(<JourneyScreen />, { firstName: 'Sam', role: 'agent' });
    expect(screen.getByRole('heading', { level: 2, name: 'No client chosen' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to Your Clients' });
    expect(link.getAttribute('href')).toBe('/dashboard?tab=clients');
    fireEvent.click(link);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?tab=clients');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.startsWith('/api/clients/current/'))).toEqual([]);
    window.history.pushState(null, '', '/');
  });

  it('keeps showing the journey when the network goes away: a completion is kept, the failed re-reads hide nothing', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('Curb Appeal');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Mark Complete' })[0] as HTMLElement);
    await screen.findByText(PENDING_CHANGE_TEXT);
    // The lists are read again after the change, and those reads fail.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('We could not load your journey.')).toBeNull();
    expect(screen.getByText('Curb Appeal')).toBeTruthy();
    for (const change of pendingTaskChanges.snapshot()) await pendingTaskChanges.remove(change.key);
  });

  it('asks for the household’s people only once Add Task opens, even with the seller’s profile at hand', async () => {
    const calls = scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, entries),
      'GET /api/clients/current/custom-tasks': () => json(200, customTasks),
      'GET /api/clients/current/profile': () => json(200, aClientProfile({ userId: 'user-1' })),
      'GET /api/user-groups': () => json(200, []),
    });
    // The banner reads the seller's profile on every page: the journey has it in its cache.
    renderSignedIn(
      <>
        <JourneyScreen />
        <ProfileRead />
      </>,
    );
    await screen.findByText('profile read');
    await screen.findByText('2 of 4 tasks completed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url === '/api/user-groups')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    await screen.findByRole('dialog', { name: 'Add Task' });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/user-groups')).toHaveLength(1));
  });

  it('shows the progress card and Today’s Priority from the journey summary', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />);
    expect(await screen.findByText('2 of 4 tasks completed')).toBeTruthy();
    expect(screen.getByText('2 remaining')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Journey progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(50);
    expect(screen.getByText("Today's Priority")).toBeTruthy();
  });

  it('points Today’s Priority at the next open task when nothing is due, and Show task goes to it', async () => {
    scriptJourney();
    const scrolledTo = recordScrolls();
    renderSignedIn(<JourneyScreen />);
    const card = await screen.findByRole('region', { name: "Today's Priority" });
    expect(within(card).getByText('Nothing is due today. Next up in Initial Assessment:')).toBeTruthy();
    expect(within(card).getByText('Garage')).toBeTruthy();
    fireEvent.click(stageHeader('Initial Assessment'));
    expect(screen.queryAllByTestId('task-row')).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Show task: Garage' }));
    // Its stage opens again, the row is scrolled to and its first action has focus.
    const row = await findTaskRow('Garage');
    expect(stageHeader('Initial Assessment').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(scrolledTo).toEqual([row]));
    expect(document.activeElement).toBe(
      within(row as HTMLElement).getByRole('button', { name: 'Mark Complete' }),
    );
  });

  it('puts an overdue task before the next one, and Show task opens its locked stage', async () => {
    customTasks = [{ ...customTask, stageId: later.id, dueDate: '2029-12-30' }];
    scriptJourney();
    recordScrolls();
    renderSignedIn(<JourneyScreen />);
    const card = await screen.findByRole('region', { name: "Today's Priority" });
    expect(within(card).getByText('Nothing is due today, but 1 task is overdue. The oldest:')).toBeTruthy();
    expect(within(card).getByText('Call the stager')).toBeTruthy();
    expect(within(card).getByText('Home Staging')).toBeTruthy();
    expect(within(card).getByText(/^Was due /)).toBeTruthy();
    expect(stageHeader('Home Staging').getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(within(card).getByRole('button', { name: 'Show task: Call the stager' }));
    expect(stageHeader('Home Staging').getAttribute('aria-expanded')).toBe('true');
    const row = await findTaskRow('Call the stager');
    expect(screen.getByRole('region', { name: 'Home Staging' }).contains(row)).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Mark Complete' })),
    );
  });

  it('lists the tasks assigned to the reader on their own, open first, and goes back to every stage', async () => {
    const assigned = (id: string, title: string, stage: typeof current, assignedTo: string, extra = {}) => {
      const entry = entryFixture(id, title, stage, extra);
      entry.clientTask.assignedTo = assignedTo;
      return entry;
    };
    const withAssignees = [
      ...entries,
      // Jane Seller's, however typed: her full name, her first name; Sam's is not hers.
      assigned('h2', 'Fluff the pillows', later, 'jane  SELLER', { dueDate: '2030-01-05' }),
      assigned('d2', 'Pack the books', done, 'Jane', { status: 'completed', dueDate: '2029-12-01' }),
      assigned('h3', 'Hang the mirror', later, 'Sam Helper'),
    ];
    customTasks = [{ ...customTask, assignedTo: 'Jane Seller', dueDate: '2030-01-03' }];
    scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, withAssignees),
      'GET /api/clients/current/custom-tasks': () => json(200, customTasks),
    });
    recordScrolls();
    renderSignedIn(<JourneyScreen />);
    const mine = await screen.findByRole('button', { name: 'Assigned to me (2 open)' });
    const all = screen.getByRole('button', { name: 'All tasks' });
    expect([all.getAttribute('aria-pressed'), mine.getAttribute('aria-pressed')]).toEqual(['true', 'false']);

    fireEvent.click(mine);
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(window.location.search).toBe('?tasks=mine');
    const list = screen.getByRole('list', { name: 'Tasks assigned to you' });
    expect(
      within(list)
        .getAllByTestId('task-row')
        .map((row) => row.dataset.taskTitle),
    ).toEqual(['Call the stager', 'Fluff the pillows', 'Pack the books']);
    // The stages are not listed meanwhile.
    expect(screen.queryByRole('button', { name: /^Home Staging/ })).toBeNull();
    expect(screen.queryByText('Hang the mirror')).toBeNull();

    // Today's Priority's Show task goes to the task where it is: among every stage.
    fireEvent.click(
      within(screen.getByRole('region', { name: "Today's Priority" })).getByRole('button', {
        name: /^Show task/,
      }),
    );
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('list', { name: 'Tasks assigned to you' })).toBeNull();
    expect(stageHeader('Home Staging')).toBeTruthy();
  });

  it('keeps the reader’s list in the address: a reload opens it, Back returns to every stage', async () => {
    const withAssignee = entries.map((entry, index) =>
      index === 0 ? { ...entry, clientTask: { ...entry.clientTask, assignedTo: 'Jane' } } : entry,
    );
    scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, withAssignee),
      'GET /api/clients/current/custom-tasks': () => json(200, customTasks),
    });
    window.history.pushState(null, '', '/journey');
    window.history.pushState(null, '', '/journey?tasks=mine#top');
    renderSignedIn(<JourneyScreen />);
    const list = await screen.findByRole('list', { name: 'Tasks assigned to you' });
    expect(within(list).getAllByTestId('task-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Assigned to me/ }).getAttribute('aria-pressed')).toBe('true');

    window.history.back();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Tasks assigned to you' })).toBeNull());
    expect(screen.getByRole('button', { name: 'All tasks' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /^Assigned to me/ }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/journey?tasks=mine');
    window.history.pushState(null, '', '/');
  });

  it('offers no list of one’s own when nothing is assigned to the reader, nor to an agent following a client', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />);
    await findTaskRow('Garage');
    expect(screen.queryByRole('group', { name: 'Tasks shown' })).toBeNull();
    cleanup();

    // An agent following a client whose task names the agent's first name: nothing of theirs to list.
    customTasks = [{ ...customTask, assignedTo: 'Sam' }];
    // An address naming the reader's list changes nothing for them: the stages are shown.
    window.history.pushState(null, '', '/journey?clientId=client-7&tasks=mine');
    scriptApi({
      'GET /api/clients/current/journey?clientId=client-7': () => json(200, journey),
      'GET /api/clients/current/tasks?clientId=client-7': () => json(200, entries),
      'GET /api/clients/current/custom-tasks?clientId=client-7': () => json(200, customTasks),
      'GET /api/agents/current/clients': () => json(200, [followedClient]),
    });
    renderSignedIn(<JourneyScreen />, { firstName: 'Sam', role: 'agent' });
    await findTaskRow('Call the stager');
    expect(screen.queryByRole('group', { name: 'Tasks shown' })).toBeNull();
    expect(stageHeader('Home Staging')).toBeTruthy();
    window.history.pushState(null, '', '/');
  });

  it('marks stages with their status icon, dims locked ones, and expands the stage in progress', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    const region = (name: string) => screen.getByRole('region', { name });
    expect(within(region('Declutter')).getByRole('img', { name: 'Completed' })).toBeTruthy();
    expect(within(region('Initial Assessment')).getByRole('img', { name: 'In progress' })).toBeTruthy();
    expect(within(region('Home Staging')).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(region('Home Staging').className).toContain('text-ink-muted');
    expect(region('Initial Assessment').className).not.toContain('text-ink-muted');

    expect(stageHeader('Initial Assessment').getAttribute('aria-expanded')).toBe('true');
    expect(stageHeader('Declutter').getAttribute('aria-expanded')).toBe('false');
    // The assessment's areas in checklist order, numbered.
    const areas = within(region('Initial Assessment')).getAllByTestId('task-row');
    expect(areas.map((row) => row.getAttribute('data-task-title'))).toEqual(['Curb Appeal', 'Garage']);

    fireEvent.click(stageHeader('Initial Assessment'));
    expect(stageHeader('Initial Assessment').getAttribute('aria-expanded')).toBe('false');
    expect(within(region('Initial Assessment')).queryAllByTestId('task-row')).toHaveLength(0);
    fireEvent.click(stageHeader('Declutter'));
    expect(within(region('Declutter')).getByText('Clear kitchen counters')).toBeTruthy();
  });

  it('opens every stage while printing, and folds them back after; Print checklist prints', async () => {
    scriptJourney();
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    const rows = () => screen.getAllByTestId('task-row').length;
    const onScreen = rows();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    // Drawn within the event itself: the browser lays the paper out right after it.
    expect(rows()).toBeGreaterThan(onScreen);
    expect(
      ['Initial Assessment', 'Declutter', 'Home Staging'].map((stage) =>
        stageHeader(stage).getAttribute('aria-expanded'),
      ),
    ).toEqual(['true', 'true', 'true']);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(rows()).toBe(onScreen);

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print checklist' }));
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('clears the Ready to Show!! checklist: only the ticked items go back to pending', async () => {
    const gate = Promise.withResolvers<void>();
    const calls = scriptJourney(async () => {
      await gate.promise;
      return json(200, {});
    });
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    fireEvent.click(stageHeader('Ready to Show!!'));
    const checklist = screen.getByRole('region', { name: 'Ready to Show!!' });
    const ticks = () =>
      within(checklist)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked);
    expect(ticks()).toEqual([true, false, true]);

    fireEvent.click(within(checklist).getByRole('button', { name: 'Clear All' }));
    // Optimistic: unticked before the server has answered.
    await waitFor(() => expect(ticks()).toEqual([false, false, false]));
    gate.resolve();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/client-tasks/s1', body: { status: 'pending' } },
        { method: 'PUT', url: '/api/client-tasks/s3', body: { status: 'pending' } },
      ]),
    );
  });

  it('puts the checklist back and shows the error toast when Clear All fails', async () => {
    scriptJourney(() => json(500, { message: 'down' }));
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    fireEvent.click(stageHeader('Ready to Show!!'));
    const checklist = screen.getByRole('region', { name: 'Ready to Show!!' });
    fireEvent.click(within(checklist).getByRole('button', { name: 'Clear All' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Error',
        description: 'Failed to update task status. Please try again.',
      }),
    );
    await waitFor(() =>
      expect(
        within(checklist)
          .getAllByRole('checkbox')
          .map((box) => (box as HTMLInputElement).checked),
      ).toEqual([true, false, true]),
    );
  });

  it('lists a custom task in its stage and completes it with the custom toast', async () => {
    customTasks = [customTask];
    const calls = scriptJourney();
    renderSignedIn(<JourneyScreen />);
    const row = await screen.findByText('Call the stager');
    const taskRow = row.closest('li');
    if (!taskRow) throw new Error('no row');
    expect(within(taskRow).getByText('Custom')).toBeTruthy();
    fireEvent.click(within(taskRow).getByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Custom Task Completed!'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/clients/current/custom-tasks/c1', body: { status: 'completed' } },
    ]);
  });

  it('reschedules a predefined task with assignee and priority (assignedTo null when empty)', async () => {
    const calls = scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, entries),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
      'PUT /api/client-tasks/h1': () => json(200, entries.at(-1)),
    });
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    fireEvent.click(stageHeader('Home Staging'));
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule Accents of color' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Task' });
    // A date before the journey's today is taken, but said.
    const due = within(dialog).getByLabelText('Due date');
    fireEvent.change(due, { target: { value: '2029-12-31' } });
    expect(document.getElementById(due.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      PAST_DUE_HINT,
    );
    fireEvent.change(due, { target: { value: '2030-01-01' } });
    expect(due.getAttribute('aria-describedby')).toBeNull();
    expect(within(dialog).queryByText(PAST_DUE_HINT)).toBeNull();
    fireEvent.change(due, { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Priority'), { target: { value: 'low' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/client-tasks/h1', body: { assignedTo: null, priority: 'low' } },
      ]),
    );
  });

  it('marks a dated task that has the reader’s own reminder time with a bell in place of the calendar', async () => {
    customTasks = [{ ...customTask, stageId: later.id, dueDate: '2030-01-04' }];
    scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () =>
        json(200, [
          ...entries.filter((entry) => entry.id !== 'h1'),
          entryFixture('h1', 'Accents of color', later, { dueDate: '2030-01-05' }),
          entryFixture('h2', 'Fluff the pillows', later, { dueDate: '2030-01-06' }),
        ]),
      'GET /api/clients/current/custom-tasks': () => json(200, customTasks),
      'GET /api/clients/current/task-reminders': () =>
        json(200, {
          reminders: [
            { source: 'journey', taskId: 'h1', minutes: 1800 },
            { source: 'custom', taskId: 'c1', minutes: -480 },
          ],
        }),
    });
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    fireEvent.click(stageHeader('Home Staging'));
    const dueDateOf = async (title: string) => within(await findTaskRow(title)).getByTestId('task-due-date');
    const accents = await dueDateOf('Accents of color');
    await waitFor(() => expect(within(accents).queryByTestId('own-reminder')).not.toBeNull());
    expect(accents.textContent).toMatch(/^Due .+\. Your reminder: 6 pm 2 days before$/);
    expect(accents.title).toBe('Your reminder: 6 pm 2 days before');
    const stager = await dueDateOf('Call the stager');
    expect(stager.textContent).toMatch(/\. Your reminder: 8 am on the day it is due$/);
    // A dated task without one follows the profile: the calendar, nothing more said.
    const pillows = await dueDateOf('Fluff the pillows');
    expect(within(pillows).queryByTestId('own-reminder')).toBeNull();
    expect(pillows.textContent).toMatch(/^Due [^.]+$/);
    expect(pillows.title).toBe('');
  });

  it('chooses when the person’s own reminder for a task comes, shown as chosen when it opens again', async () => {
    let reminders: unknown[] = [];
    const calls = scriptApi({
      'GET /api/clients/current/journey': () => json(200, journey),
      'GET /api/clients/current/tasks': () => json(200, entries),
      'GET /api/clients/current/custom-tasks': () => json(200, []),
      'GET /api/clients/current/task-reminders': () => json(200, { reminders }),
      'PUT /api/clients/current/task-reminders': (body) => {
        reminders = [body];
        return json(200, body);
      },
    });
    renderSignedIn(<JourneyScreen />);
    await screen.findByText('2 of 4 tasks completed');
    fireEvent.click(stageHeader('Home Staging'));
    const openDialog = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reschedule Accents of color' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reschedule Task' });
      const select = within(dialog).getByLabelText<HTMLSelectElement>('Remind me');
      await waitFor(() => expect(select.disabled).toBe(false));
      return { dialog, select };
    };
    const first = await openDialog();
    // The profile's own choice, named (the session's user has the default).
    expect(first.select.value).toBe('');
    expect(first.select.selectedOptions[0]?.textContent).toBe('Usual: 6 pm the day before');
    expect([...first.select.options].map((option) => option.textContent)).toEqual([
      'Usual: 6 pm the day before',
      '8 am on the day it is due',
      '6 pm the day before',
      '8 am the day before',
      '6 pm 2 days before',
    ]);
    fireEvent.change(first.select, { target: { value: '1800' } });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Reminder time saved',
        description: 'This task’s reminder comes at 6 pm 2 days before.',
      }),
    );
    // Only the reminder changed: the task itself is not sent.
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/clients/current/task-reminders',
        body: { source: 'journey', taskId: 'h1', minutes: 1800 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const reopened = await openDialog();
    expect(reopened.select.value).toBe('1800');
    fireEvent.click(within(reopened.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Chosen meanwhile on another device: read again as the dialog opens, and shown.
    reminders = [{ source: 'journey', taskId: 'h1', minutes: 960 }];
    const readsBefore = calls.filter((call) => call.url === '/api/clients/current/task-reminders').length;
    const again = await openDialog();
    await waitFor(() => expect(again.select.value).toBe('960'));
    expect(calls.filter((call) => call.url === '/api/clients/current/task-reminders')).toHaveLength(
      readsBefore + 1,
    );
    fireEvent.change(again.select, { target: { value: '' } });
    fireEvent.click(within(again.dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
        source: 'journey',
        taskId: 'h1',
        minutes: null,
      }),
    );
  });
});
