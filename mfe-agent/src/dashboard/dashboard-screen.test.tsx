import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentInvitation } from '@listready/contracts/invitation';
import { aSentInvitation } from '@listready/contracts/fixtures';
import type { AgentClientRow, AgentInsights, AgentStats } from '@listready/contracts/journey';
import { getToasts } from '@listready/ui';
import type { SessionUser } from '@listready/web-client';
import { anAgent, renderWithSession } from '@listready/web-client/testing';
import { NO_CLIENTS_TEXT, NO_CLIENTS_TITLE } from './components/client-properties-card.tsx';
import {
  FIRST_CLIENT_TEXT,
  FORECAST_SCROLL_HINT,
  forecastSteps,
  NO_CLIENTS_FOR_INSIGHTS,
  NO_STALLED_TEXT,
} from './components/readiness-insights.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

// The Branding tab's panel is tested on its own (mfe-agent/src/branding); here it only has to appear.
vi.mock('../branding/branding-panel.tsx', () => ({
  BrandingPanel: () => <h2>White-Label Branding</h2>,
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const stats: AgentStats = { activeClients: 2, avgProgress: 41, tasksDue: 3, readyToList: 1 };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const rows: AgentClientRow[] = [
  {
    client: { id: 'client-1', updatedAt: hoursAgo(3.5) },
    user: {
      firstName: 'Nora',
      lastName: 'York',
      email: 'nora@example.com',
      phone: '555-0101',
      profileImageUrl: null,
    },
    property: { address: '1 Main St', city: 'Springfield', state: 'IL' },
    progressPercentage: 78,
    currentStage: { id: 'go-live-and-show', name: 'Go Live and Show', icon: 'DoorOpen' },
  },
  {
    client: { id: 'client 2', updatedAt: hoursAgo(50) },
    user: {
      firstName: 'Kenji',
      lastName: 'Tokyo',
      email: 'kenji@example.com',
      phone: null,
      profileImageUrl: 'https://photos.example.com/kenji.png',
    },
    property: null,
    progressPercentage: 100,
    currentStage: null,
  },
];

const stages = [
  ['initial-assessment', 'Initial Assessment'],
  ['declutter', 'Declutter'],
  ['go-live-and-show', 'Go Live and Show'],
] as const;
const insights: AgentInsights = {
  rules: { stalledAfterDays: 7, paceWindowDays: 28 },
  clients: [
    {
      clientId: 'client-3',
      firstName: 'Stella',
      lastName: 'Still',
      address: null,
      lastActivityAt: hoursAgo(24 * 9 + 1),
      currentStage: { id: 'declutter', name: 'Declutter' },
      forecast: { status: 'not-enough-activity', remainingTasks: 30 },
      stalledReasons: [
        { kind: 'inactive', days: 9 },
        { kind: 'overdue', tasks: 2, oldestDueDate: '2030-06-02' },
      ],
    },
    {
      clientId: 'client-1',
      firstName: 'Nora',
      lastName: 'York',
      address: '1 Main St',
      lastActivityAt: hoursAgo(3.5),
      currentStage: { id: 'go-live-and-show', name: 'Go Live and Show' },
      forecast: { status: 'ready' },
      stalledReasons: [],
    },
    {
      clientId: 'client 2',
      firstName: 'Kenji',
      lastName: 'Tokyo',
      address: null,
      lastActivityAt: hoursAgo(50),
      currentStage: { id: 'initial-assessment', name: 'Initial Assessment' },
      forecast: { status: 'projected', date: '2030-07-14', remainingTasks: 12, tasksPerWeek: 3.5 },
      stalledReasons: [],
    },
  ],
  pipeline: [
    ...stages.map(([id, name], index) => ({ stage: { id, name }, homes: index === 1 ? 0 : 1 })),
    { stage: null, homes: 2 },
  ],
};

const invitation = (overrides: Partial<SentInvitation>): SentInvitation =>
  aSentInvitation({
    id: 'inv',
    type: 'agent-to-client',
    name: 'Pat Lane',
    email: 'pat@example.com',
    sentAt: '2030-03-10T09:00:00.000Z',
    expiresAt: '2030-04-09T09:00:00.000Z',
    ...overrides,
  });

type Answer = () => Response | Promise<Response>;
let answers: Record<string, Answer> = {};
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  answers = {
    'GET /api/agents/current/stats': () => json(200, stats),
    'GET /api/agents/current/clients': () => json(200, rows),
    'GET /api/agents/current/insights': () => json(200, insights),
    'GET /api/calendar/feed': () => json(200, { url: null, webcalUrl: null, createdAt: null }),
    'GET /api/invitations': () => json(200, []),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(call);
      const answer = answers[call];
      return answer ? answer() : json(404, { message: 'not scripted' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The dashboard for an agent with `user`'s fields; `null`: the session not known yet. */
const renderAs = (user: Partial<SessionUser> | null) =>
  renderWithSession(<DashboardScreen />, user ? anAgent(user) : undefined);

/** Radix tabs activate on mouse down (a click is mouse down, up, click). */
function chooseTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('the agent dashboard', () => {
  it('greets the agent, falls back to Agent, and shows a non-agent only the spinner', async () => {
    renderAs({});
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Alan!' })).toBeTruthy();
    expect(screen.getByText('Agent Dashboard')).toBeTruthy();
    cleanup();
    renderAs({ firstName: '  ' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Agent!' })).toBeTruthy();
    cleanup();

    calls.length = 0;
    renderAs({ role: 'client', firstName: 'Sadie' });
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    cleanup();
    renderAs(null);
    expect(screen.queryByRole('heading')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.includes('/api/agents'))).toEqual([]);
  });

  it('shows four placeholders of the final size while loading, then the figures (avg. progress as a percent)', async () => {
    let release: () => void = () => undefined;
    answers['GET /api/agents/current/stats'] = () =>
      new Promise((resolve) => {
        release = () => resolve(json(200, stats));
      });
    renderAs({});
    const loading = await screen.findByTestId('stats-loading');
    const placeholders = [...loading.children].filter(
      (child) => child.getAttribute('aria-hidden') === 'true',
    );
    expect(placeholders).toHaveLength(4);
    await waitFor(() => expect(calls).toContain('GET /api/agents/current/stats'));
    act(() => release());
    const figures = await screen.findAllByRole('definition');
    expect(figures.map((figure) => figure.textContent)).toEqual(['2', '41%', '3', '1']);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Active Clients',
      'Avg. Progress',
      'Tasks Due Today',
      'Ready to List',
    ]);
    // Same box for placeholder and figure.
    const cardClasses = (element: Element) => element.getAttribute('class');
    expect(cardClasses(must(figures[0]?.parentElement))).toBe(cardClasses(must(placeholders[0])));
  });

  it('asks for the stats, insights and rows at once, and never for the agent’s account', async () => {
    renderAs({});
    const figures = await screen.findAllByRole('definition');
    expect(figures.map((figure) => figure.textContent)).toEqual(['2', '41%', '3', '1']);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/agents/current/stats',
        'GET /api/agents/current/insights',
        'GET /api/agents/current/clients',
      ]),
    );
    // Nothing asks who the agent is (the Branding tab names the agent as `current` too).
    expect(calls).not.toContain('GET /api/agents/current');
  });

  it('parses every answer with its contract: a stats answer that breaks it is a failure, with Try again', async () => {
    answers['GET /api/agents/current/stats'] = () => json(200, { activeClients: 'two' });
    renderAs({});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your stats.');
    answers['GET /api/agents/current/stats'] = () => json(200, stats);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByRole('definition')).map((figure) => figure.textContent)).toEqual([
      '2',
      '41%',
      '3',
      '1',
    ]);
  });

  it('shows readiness insights: stalled clients and why, homes by stage, forecasts soonest first', async () => {
    renderAs({});
    const stalled = await screen.findByRole('list', { name: 'Stalled clients' });
    // The client's item, then their reasons' (a list inside it).
    const [stella, ...others] = within(stalled).getAllByRole('listitem');
    expect(others.map((item) => item.textContent)).toEqual([
      'No activity for 9 days',
      '2 overdue tasks, oldest due Jun 2, 2030',
    ]);
    expect(within(must(stella)).getByRole('link', { name: 'Stella Still' }).getAttribute('href')).toBe(
      '/journey?clientId=client-3',
    );
    expect(must(stella).textContent).toContain('Last activity 9 days ago');
    // Only the stalled client is listed.
    expect(stalled.textContent).not.toContain('Nora');

    const pipeline = screen.getByRole('table', { name: 'Homes by stage, in journey order' });
    expect(
      within(pipeline)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          within(row).getByRole('cell').textContent,
        ]),
    ).toEqual([
      ['Initial Assessment', '1'],
      ['Declutter', '0'],
      ['Go Live and Show', '1'],
      ['All stages complete', '2'],
    ]);

    const forecasts = screen.getByRole('table', { name: /Forecast list-ready date/ });
    expect(
      within(forecasts)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Nora York1 Main StGo Live and ShowReady to listEvery stage before Go Live is done',
      'Kenji TokyoInitial AssessmentJul 14, 203012 tasks before listing, at 3.5 a week',
      'Stella StillDeclutterNot enough activity yet30 tasks before listing, none done lately',
    ]);
    // Each card's body is a labelled region a keyboard can scroll.
    for (const name of ['Stalled clients', 'Homes by stage', 'Forecast list-ready dates'])
      expect(screen.getByRole('region', { name }).getAttribute('tabindex')).toBe('0');
    // A phone is told the forecast is sideways (CSS shows it below `sm` only); the name column stays.
    expect(screen.getByText(FORECAST_SCROLL_HINT)).toBeTruthy();
    expect(within(forecasts).getAllByRole('rowheader')[0]?.className).toContain('sticky');
  });

  it('says when no client is stalled, and offers Try again when the insights fail', async () => {
    answers['GET /api/agents/current/insights'] = () =>
      json(200, { ...insights, clients: insights.clients.slice(1) });
    renderAs({});
    expect(await screen.findByText(NO_STALLED_TEXT)).toBeTruthy();
    cleanup();

    answers['GET /api/agents/current/insights'] = () => json(200, { clients: 'none' });
    renderAs({});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your insights.');
    answers['GET /api/agents/current/insights'] = () => json(200, insights);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Stalled clients' })).toBeTruthy();
  });

  it('offers a new agent Invite Client in the stalled clients card, which opens the invitation', async () => {
    answers['GET /api/agents/current/insights'] = () => json(200, { ...insights, clients: [] });
    renderAs({});
    const stalled = await screen.findByRole('region', { name: 'Stalled clients' });
    expect(await within(stalled).findByText(FIRST_CLIENT_TEXT)).toBeTruthy();
    expect(within(stalled).getByText(NO_CLIENTS_FOR_INSIGHTS)).toBeTruthy();
    // The forecast card says how the dates will be worked out, at the pace window the service sent.
    const forecasts = screen.getByRole('region', { name: 'Forecast list-ready dates' });
    expect(within(forecasts).getByText(NO_CLIENTS_FOR_INSIGHTS)).toBeTruthy();
    const steps = within(forecasts).getByRole('list', { name: 'How each date is worked out' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(forecastSteps(28));
    expect(steps.textContent).toContain('in the last 28 days');
    // No table, nothing sideways to point at.
    expect(screen.queryByText(FORECAST_SCROLL_HINT)).toBeNull();
    fireEvent.click(within(stalled).getByRole('button', { name: 'Invite Client' }));
    expect(await screen.findByRole('dialog', { name: /Invite/ })).toBeTruthy();
  });

  it('has accessible tabs with the spec’s keys, moved between with the arrow keys', async () => {
    renderAs({});
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Dashboard', 'true'],
      ['Clients', 'false'],
      ['Branding', 'false'],
    ]);
    expect(screen.getByRole('tablist', { name: 'Agent dashboard' })).toBeTruthy();
    const first = must(tabs[0]);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Clients' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByRole('region', { name: 'Active Client Properties' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Clients' }), { key: 'End' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getByRole('heading', { name: 'White-Label Branding' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('id')).toContain('settings');
  });

  it('keeps the tab in the address, so a reload, a bookmark or a link opens it', async () => {
    window.history.replaceState(null, '', '/dashboard?tab=clients');
    renderAs({});
    expect(screen.getByRole('tab', { name: 'Clients' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('region', { name: 'Active Client Properties' })).toBeTruthy();
    const entries = window.history.length;
    chooseTab('Branding');
    await screen.findByRole('heading', { name: 'White-Label Branding' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?tab=branding');
    chooseTab('Dashboard');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard');
    // In place of the current entry: Back leaves the dashboard instead of stepping through tabs.
    expect(window.history.length).toBe(entries);
    cleanup();
    // Back and forward (popstate) follow the address; a query naming no tab opens the first.
    renderAs({});
    act(() => {
      window.history.replaceState(null, '', '/dashboard?tab=branding');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('tab', { name: 'Branding' }).getAttribute('aria-selected')).toBe('true');
    act(() => {
      window.history.replaceState(null, '', '/dashboard?tab=nonsense');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('tab', { name: 'Dashboard' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists each client with photo or initials, property, progress, stage with its icon, last activity and three actions', async () => {
    renderAs({});
    chooseTab('Clients');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Client', 'Property', 'Progress', 'Current Stage', 'Last Activity', 'Actions']);
    const [, nora, kenji] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(nora).getByRole('rowheader').textContent).toBe('NYNora Yorknora@example.com');
    expect(nora.textContent).toContain('1 Main St');
    expect(nora.textContent).toContain('Springfield, IL');
    const bar = within(nora).getByRole('progressbar', {
      name: 'Progress of Nora York',
    }) as HTMLProgressElement;
    expect(bar.value).toBe(78);
    expect(within(nora).getByTestId('client-progress').textContent).toBe('78%');
    expect(nora.textContent).toContain('Go Live and Show');
    expect(nora.querySelector('svg.lucide-door-open')).not.toBeNull();
    expect(nora.textContent).toContain('3 hours ago');
    expect(within(nora).getByRole('link', { name: 'View Nora York’s journey' }).getAttribute('href')).toBe(
      '/journey?clientId=client-1',
    );
    expect(within(nora).getByRole('link', { name: 'Email Nora York' }).getAttribute('href')).toBe(
      'mailto:nora@example.com',
    );
    expect(within(nora).getByRole('link', { name: 'Call Nora York' }).getAttribute('href')).toBe(
      'tel:555-0101',
    );

    expect((kenji.querySelector('img') as HTMLImageElement).src).toBe('https://photos.example.com/kenji.png');
    expect(kenji.textContent).toContain('No property yet');
    expect(kenji.textContent).toContain('All stages complete');
    expect(kenji.textContent).toContain('2 days ago');
    expect(within(kenji).getByRole('link', { name: 'View Kenji Tokyo’s journey' }).getAttribute('href')).toBe(
      '/journey?clientId=client%202',
    );
    const call = within(kenji).getByRole('button', { name: 'Call Kenji Tokyo' });
    expect(call.getAttribute('aria-disabled')).toBe('true');
    expect(call.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(call.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No phone number on file',
    );
    // A photo that does not load gives way to the initials.
    fireEvent.error(kenji.querySelector('img') as HTMLImageElement);
    expect(within(kenji).getByRole('rowheader').textContent).toBe('KTKenji Tokyokenji@example.com');
  });

  it('opens a client’s journey in the app, and says No clients yet when there are none', async () => {
    renderAs({});
    chooseTab('Clients');
    const link = await screen.findByRole('link', { name: 'View Nora York’s journey' });
    fireEvent.click(link, { button: 0 });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/journey?clientId=client-1');
    cleanup();

    answers['GET /api/agents/current/clients'] = () => json(200, []);
    renderAs({});
    chooseTab('Clients');
    expect(await screen.findByText(NO_CLIENTS_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_CLIENTS_TEXT)).toBeTruthy();
    expect(`${NO_CLIENTS_TITLE} - ${NO_CLIENTS_TEXT}`).toBe(
      'No clients yet - Get started by inviting your first client to begin their home preparation journey.',
    );
    expect(screen.getByRole('button', { name: 'Invite Client' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('finds a client by the words typed, says how many of them show, and shows all again', async () => {
    renderAs({});
    chooseTab('Clients');
    const search = await screen.findByRole('searchbox', { name: 'Find a client' });
    const table = screen.getByRole('table');
    const names = () =>
      within(table)
        .queryAllByRole('rowheader')
        .map((header) => header.querySelector('p')?.textContent);
    expect(names()).toEqual(['Nora York', 'Kenji Tokyo']);
    expect(screen.getByRole('status').textContent).toBe('2 clients');

    fireEvent.change(search, { target: { value: 'york SPRINGFIELD' } });
    expect(names()).toEqual(['Nora York']);
    expect(screen.getByRole('status').textContent).toBe('1 of 2 clients');

    fireEvent.change(search, { target: { value: 'tokio' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No client matches “tokio”')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 of 2 clients');
    fireEvent.click(screen.getByRole('button', { name: 'Show all clients' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((header) => header.querySelector('p')?.textContent),
    ).toEqual(['Nora York', 'Kenji Tokyo']);
  });

  it('sorts the clients by a column header, either way, and says how they are sorted', async () => {
    renderAs({});
    chooseTab('Clients');
    const table = await screen.findByRole('table');
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.querySelector('p')?.textContent);
    const sortOf = (name: string) =>
      within(table).getByRole('columnheader', { name }).getAttribute('aria-sort');
    // As the server sends them: most recently active first.
    expect(names()).toEqual(['Nora York', 'Kenji Tokyo']);
    expect(sortOf('Last Activity')).toBe('descending');
    expect(sortOf('Progress')).toBeNull();
    expect(table.querySelector('caption')?.textContent).toBe('Your clients, most recently active first');

    fireEvent.click(within(table).getByRole('button', { name: 'Client' }));
    expect(names()).toEqual(['Kenji Tokyo', 'Nora York']);
    expect(sortOf('Client')).toBe('ascending');
    expect(sortOf('Last Activity')).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Progress' }));
    expect(names()).toEqual(['Nora York', 'Kenji Tokyo']);
    fireEvent.click(within(table).getByRole('button', { name: 'Progress' }));
    expect(names()).toEqual(['Kenji Tokyo', 'Nora York']);
    expect(sortOf('Progress')).toBe('descending');
    expect(table.querySelector('caption')?.textContent).toBe('Your clients, most progress first');
  });

  it('lists under the table the clients invited who have not joined, newest invitation to each address', async () => {
    answers['GET /api/invitations'] = () =>
      json(200, [
        invitation({ id: 'pat-2', phoneNumber: '555-0100', smsSent: false }),
        invitation({ id: 'nora', name: 'Nora York', email: 'nora@example.com', status: 'accepted' }),
        invitation({
          id: 'lou',
          name: 'Lou Late',
          email: 'lou@example.com',
          status: 'expired',
          sentAt: '2030-01-02T09:00:00.000Z',
          expiresAt: '2030-02-01T09:00:00.000Z',
        }),
        // An earlier invitation to Pat, expired: behind the newest.
        invitation({ id: 'pat-1', email: 'PAT@example.com', status: 'expired' }),
        // The other kind (a seller's to an agent) is not a client waiting.
        invitation({ id: 'agent', type: 'client-to-agent', name: 'Al Agent', email: 'al@example.com' }),
      ]);
    renderAs({});
    expect(calls).not.toContain('GET /api/invitations');
    chooseTab('Clients');
    const card = await screen.findByRole('region', { name: 'Invited, not joined yet' });
    expect(calls).toContain('GET /api/invitations');
    expect(within(card).getByText('2 invitations no client has accepted.')).toBeTruthy();
    const [pat, lou] = within(card).getAllByRole('listitem');
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(pat?.getAttribute('data-invitation-id')).toBe('pat-2');
    expect(pat?.textContent).toContain('pat@example.com · 555-0100');
    expect(pat?.textContent).toContain('Waiting');
    expect(pat?.textContent).toContain('Sent Mar 10, 2030 · the link works until Apr 9, 2030');
    expect(pat?.textContent).toContain('E-mail sent, text not delivered');
    expect(lou?.textContent).toContain('Expired');
    expect(lou?.textContent).toContain('expired Feb 1, 2030: invite them again with Invite Client');
    expect(lou?.textContent).toContain('E-mail sent');
  });

  it('sends a waiting invitation again from its row, says how it went, and reads the list again', async () => {
    answers['GET /api/invitations'] = () =>
      json(200, [
        invitation({ id: 'pat 2', phoneNumber: '555-0100' }),
        invitation({ id: 'lou', name: 'Lou Late', email: 'lou@example.com', status: 'expired' }),
      ]);
    answers['POST /api/invitations/pat%202/resend'] = () =>
      json(200, {
        invitationId: 'pat 2',
        email: { success: true, error: null },
        sms: { success: true, error: null },
      });
    renderAs({});
    chooseTab('Clients');
    const card = await screen.findByRole('region', { name: 'Invited, not joined yet' });
    // Only a waiting invitation can be sent again; an expired one says to invite again.
    expect(within(card).queryByRole('button', { name: 'Send again to Lou Late' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Send again to Pat Lane' }));
    await waitFor(() => expect(calls).toContain('POST /api/invitations/pat%202/resend'));
    await waitFor(() =>
      expect(getToasts().map(({ title, description }) => [title, description])).toEqual([
        ['Invitation Sent', 'Client invitation has been sent via email and SMS successfully.'],
      ]),
    );
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/invitations')).toHaveLength(2));

    // Refused (sent again too often): the server's reason.
    answers['POST /api/invitations/pat%202/resend'] = () =>
      json(429, {
        message: 'An invitation can be sent again 3 times a day. Try again tomorrow.',
        code: 'RATE_LIMITED',
      });
    fireEvent.click(within(card).getByRole('button', { name: 'Send again to Pat Lane' }));
    await waitFor(() =>
      expect(getToasts().map(({ title, description }) => [title, description])).toContainEqual([
        'Error',
        'An invitation can be sent again 3 times a day. Try again tomorrow.',
      ]),
    );
  });

  it('with no client but invitations waiting, the empty table points to them instead of saying to invite', async () => {
    answers['GET /api/agents/current/clients'] = () => json(200, []);
    let answerInvitations: (response: Response) => void = () => undefined;
    answers['GET /api/invitations'] = () => new Promise((resolve) => (answerInvitations = resolve));
    renderAs({});
    chooseTab('Clients');
    // Until the invitations are in, the card does not say which it is.
    await waitFor(() => expect(calls).toContain('GET /api/invitations'));
    await waitFor(() => expect(calls).toContain('GET /api/agents/current/clients'));
    expect(screen.getByText('Loading your clients')).toBeTruthy();
    expect(screen.queryByText(NO_CLIENTS_TITLE)).toBeNull();
    answerInvitations(
      json(200, [invitation({ id: 'pat' }), invitation({ id: 'lou', email: 'lou@example.com' })]),
    );
    const card = await screen.findByRole('region', { name: 'Active Client Properties' });
    await within(card).findByText('No client has joined yet');
    expect(
      within(card).getByText(
        'Your 2 invitations are listed below until they are accepted: send one again if it was missed, or invite another client.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(NO_CLIENTS_TEXT)).toBeNull();
    expect(screen.getByRole('region', { name: 'Invited, not joined yet' })).toBeTruthy();
  });

  it('shows no invitations card when every invitation was accepted', async () => {
    answers['GET /api/invitations'] = () =>
      json(200, [
        {
          id: 'nora',
          type: 'agent-to-client',
          name: 'Nora York',
          email: 'nora@example.com',
          phoneNumber: null,
          status: 'accepted',
          emailSent: true,
          smsSent: false,
          sentAt: '2030-03-10T09:00:00.000Z',
          expiresAt: '2030-04-09T09:00:00.000Z',
          acceptedAt: '2030-03-11T09:00:00.000Z',
        },
      ]);
    renderAs({});
    chooseTab('Clients');
    await screen.findByRole('table');
    await waitFor(() => expect(calls).toContain('GET /api/invitations'));
    expect(screen.queryByRole('region', { name: 'Invited, not joined yet' })).toBeNull();
  });

  it('signs out to / whether the server agrees or not', async () => {
    window.history.replaceState(null, '', '/dashboard');
    answers['POST /api/logout'] = () =>
      json(500, { message: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    renderAs({});
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls).toContain('POST /api/logout');
    expect(getToasts().map(({ title }) => title)).toEqual(['Logout failed']);
  });
});

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}
