import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsRealtime, AnalyticsStats } from '@listready/contracts/analytics';
import type { SessionUser } from '@listready/web-client';
import { anAgent, renderWithSession } from '@listready/web-client/testing';
import { AnalyticsDashboard } from './analytics-dashboard.tsx';
import { ownSessionMissing, statsBehind } from './hooks/use-analytics.ts';
import { USAGE_SESSION_STORAGE_KEY } from '@listready/web-client/usage-event';
import { formatDateTime } from './utils/format.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const hourOf = (index: number) => new Date(Date.UTC(2030, 4, 1, index)).toISOString();
const stats = (overrides: Partial<AnalyticsStats> = {}): AnalyticsStats => ({
  totalEvents: 1234,
  totalSessions: 56,
  uniqueUsers: 7,
  topEvents: Array.from({ length: 10 }, (_, index) => ({ event: `action_${index + 1}`, count: 100 - index })),
  eventsPerHour: Array.from({ length: 24 }, (_, index) => ({
    hour: hourOf(index),
    count: index === 20 ? 9 : 1,
  })),
  ...overrides,
});
const session = (overrides: Partial<AnalyticsRealtime['activeSessions'][number]> = {}) => ({
  sessionId: 'abcd1234',
  userId: 'user-1',
  pageViews: 3,
  events: 12,
  startTime: '2030-05-01T12:00:00.000Z',
  endTime: null,
  lastEventAt: '2030-05-01T12:05:00.000Z',
  ...overrides,
});
const realtime = (overrides: Partial<AnalyticsRealtime> = {}): AnalyticsRealtime => ({
  activeUsers: 2,
  recentEvents: [
    {
      id: 'e1',
      event: 'task_completed',
      timestamp: '2030-05-01T12:04:00.000Z',
      pageUrl: null,
      userId: 'seller-1',
      userName: 'Maya Ortiz',
    },
    {
      id: 'e2',
      event: 'page_view',
      timestamp: '2030-05-01T12:03:00.000Z',
      pageUrl: `${window.location.origin}/journey`,
      userId: 'user-1',
      userName: 'Rita Agent',
    },
  ],
  activeSessions: [
    session(),
    session({
      sessionId: 'ffff0000',
      userId: 'seller-1',
      userName: 'Maya Ortiz',
      endTime: '2030-05-01T12:06:00.000Z',
    }),
    // An account deleted since: the service knows no name.
    session({ sessionId: 'eeee1111', userId: 'gone-1', userName: null }),
    session({ sessionId: 'dddd2222', userId: null, userName: null }),
  ],
  ...overrides,
});

type Answer = () => Response | Promise<Response>;
let answers: Record<string, Answer>;
let calls: string[];

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/analytics/stats': () => json(200, stats()),
    'GET /api/analytics/realtime': () => json(200, realtime()),
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
  window.sessionStorage.clear();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The analytics for an agent with `user`'s fields; `null`: the session not known yet. */
const renderAs = (user: Partial<SessionUser> | null) =>
  renderWithSession(<AnalyticsDashboard />, user ? anAgent(user) : undefined);

const count = (url: string) => calls.filter((call) => call === `GET ${url}`).length;
/** The three totals as shown. */
const totals = () => [...document.querySelectorAll('dd[data-stat]')].map((figure) => figure.textContent);

describe('the analytics dashboard', () => {
  it('shows the totals and the top 8 actions of the stats', async () => {
    renderAs({});
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    await waitFor(() => expect(totals()).toEqual([(1234).toLocaleString(), '56', '7']));
    expect([...document.querySelectorAll('dt')].slice(0, 3).map((term) => term.textContent)).toEqual([
      'Total Events',
      'Total Sessions',
      'Unique Users',
    ]);
    const top = screen.getByRole('list', { name: 'Top actions by count' });
    const rows = within(top).getAllByRole('listitem');
    expect(rows).toHaveLength(8);
    expect(rows[0]?.textContent).toBe('Action 1100');
    expect(rows[7]?.textContent).toBe('Action 893');
  });

  it('charts the events per hour, with the figures in a table for screen readers', async () => {
    renderAs({});
    const table = await screen.findByRole('table', { name: 'Events per hour over the last 24 hours' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(24));
    const cells = [...table.querySelectorAll('tbody tr')];
    expect(cells[20]?.textContent).toBe(`${formatDateTime(hourOf(20))}9`);
    expect(screen.getByText('32 events in the last 24 hours')).toBeTruthy();
    // The axis starts a day ago: its label has the day, not only the hour.
    const start = screen.getByTestId('chart-start').textContent ?? '';
    expect(start).toBe(formatDateTime(hourOf(0)));
    expect(start).toContain(new Date(hourOf(0)).toLocaleDateString(undefined, { month: 'short' }));
  });

  it('says "1 event", not "1 events", in the chart and its hour', async () => {
    const lone = Array.from({ length: 24 }, (_, index) => ({
      hour: hourOf(index),
      count: index === 23 ? 1 : 0,
    }));
    answers['GET /api/analytics/stats'] = () => json(200, stats({ totalEvents: 1, eventsPerHour: lone }));
    const { container } = renderAs({});
    await screen.findByText('1 event in the last 24 hours');
    const titles = [...container.querySelectorAll('svg title')].map((title) => title.textContent);
    expect(titles.at(-1)).toBe(`${formatDateTime(hourOf(23))}: 1 event`);
  });

  it('shows the realtime view: active users, recent events with their page, sessions Active or Ended', async () => {
    renderAs({});
    await waitFor(() => expect(screen.getByText('Task completed')).toBeTruthy());
    const recent = screen.getByRole('region', { name: 'Recent events' });
    // Whose, by name (the viewer as You), then the page.
    expect(within(recent).getByText('Maya Ortiz · Server')).toBeTruthy();
    expect(within(recent).getByText('You · /journey')).toBeTruthy();
    const sessions = screen.getByRole('region', { name: 'Active sessions' });
    const [mine, ended, gone, visitor] = within(sessions).getAllByRole('listitem');
    expect(mine?.textContent).toContain('…abcd1234');
    expect(mine?.textContent).toContain('Active');
    expect(mine?.textContent).toContain('You');
    expect(ended?.textContent).toContain('…ffff0000');
    expect(ended?.textContent).toContain('Ended');
    // Each moment says its word once, as the term of its value.
    const moments = (item: HTMLElement | undefined) =>
      within(item as HTMLElement)
        .getAllByRole('term')
        .map((term) => [term.textContent?.trim(), term.nextElementSibling?.textContent]);
    expect(moments(mine).slice(2)).toEqual([['Started', formatDateTime('2030-05-01T12:00:00.000Z')]]);
    expect(moments(ended).slice(2)).toEqual([
      ['Started', formatDateTime('2030-05-01T12:00:00.000Z')],
      ['Ended', formatDateTime('2030-05-01T12:06:00.000Z')],
    ]);
    expect(ended?.textContent).toContain('Maya Ortiz');
    expect(ended?.textContent).not.toContain('seller-1');
    expect(gone?.textContent).toContain('User gone-1');
    expect(visitor?.textContent).toContain('Visitor');
    expect(document.querySelector('[data-stat="Active Users"]')?.textContent).toBe('2');
  });

  it('asks for the realtime view every 5 s and the stats every 30 s; a session that ends shows Ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAs({});
    await waitFor(() => expect(screen.getByText('…abcd1234')).toBeTruthy());
    expect([count('/api/analytics/stats'), count('/api/analytics/realtime')]).toEqual([1, 1]);
    answers['GET /api/analytics/realtime'] = () =>
      json(200, realtime({ activeSessions: [session({ endTime: '2030-05-01T12:07:00.000Z' })] }));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(count('/api/analytics/realtime')).toBe(2);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Active sessions' }).textContent).toContain('Ended'),
    );
    expect(screen.getByRole('region', { name: 'Active sessions' }).textContent).not.toContain('Active');
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(count('/api/analytics/stats')).toBe(2);
    expect(count('/api/analytics/realtime')).toBeGreaterThanOrEqual(6);
  });

  it('reads the stats again at once when the realtime view shows them behind (a new agent’s first read)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Read before the tracker's first batch landed: nothing yet.
    const empty = stats({ totalEvents: 0, totalSessions: 0, uniqueUsers: 0, topEvents: [] });
    const caughtUp = stats({ totalEvents: 2, totalSessions: 4, uniqueUsers: 3 });
    let statsAnswer = empty;
    answers['GET /api/analytics/stats'] = () => {
      const answer = json(200, statsAnswer);
      statsAnswer = caughtUp;
      return answer;
    };
    renderAs({});
    // Well before the 30 s: the realtime view's two events and four sessions are counted.
    await waitFor(() => expect(totals()).toEqual(['2', '4', '3']));
    expect(count('/api/analytics/stats')).toBe(2);
    // Caught up: the stats keep their 30 s while the realtime view comes every 5 s.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(count('/api/analytics/realtime')).toBeGreaterThanOrEqual(3);
    expect(count('/api/analytics/stats')).toBe(2);
  });

  it('reads the realtime view every second while it lacks the viewer’s own session, then every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    // The shell's tracker keeps the tab's session; the view shows its last 8 characters.
    window.sessionStorage.setItem(USAGE_SESSION_STORAGE_KEY, 'tab-session-0000-99999999');
    renderAs({});
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(count('/api/analytics/realtime')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count('/api/analytics/realtime')).toBe(2);
    // The first batch lands: the viewer's session is in the next answer.
    answers['GET /api/analytics/realtime'] = () =>
      json(
        200,
        realtime({ activeSessions: [session({ sessionId: '99999999' }), ...realtime().activeSessions] }),
      );
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count('/api/analytics/realtime')).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(count('/api/analytics/realtime')).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count('/api/analytics/realtime')).toBe(4);
  });

  it('waits for the viewer’s own session at most 15 s (a tracker that cannot send), and not without one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    window.sessionStorage.setItem(USAGE_SESSION_STORAGE_KEY, 'tab-session-0000-99999999');
    renderAs({});
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const waited = count('/api/analytics/realtime');
    expect(waited).toBeGreaterThanOrEqual(14);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(count('/api/analytics/realtime') - waited).toBeLessThanOrEqual(2);
    // No session kept in the tab (storage refused): nothing to wait for.
    expect(ownSessionMissing(realtime(), null)).toBe(false);
    expect(ownSessionMissing(undefined, 'tab-session-0000-99999999')).toBe(false);
    expect(ownSessionMissing(realtime(), 'tab-session-0000-abcd1234')).toBe(false);
    expect(ownSessionMissing(realtime(), 'tab-session-0000-99999999')).toBe(true);
  });

  it('counts the stats behind only when the realtime view shows more than they count', () => {
    const seen = realtime();
    expect(statsBehind(stats(), seen)).toBe(false);
    // Exactly as many is not behind: 2 events, 4 sessions, 2 users among the events.
    expect(statsBehind(stats({ totalEvents: 2, totalSessions: 4, uniqueUsers: 2 }), seen)).toBe(false);
    expect(statsBehind(stats({ totalEvents: 1 }), seen)).toBe(true);
    expect(statsBehind(stats({ totalSessions: 3 }), seen)).toBe(true);
    expect(statsBehind(stats({ uniqueUsers: 1 }), seen)).toBe(true);
    // A visitor's events (no user) are no user of the stats.
    const visitors = realtime({
      recentEvents: seen.recentEvents.map((event) => ({ ...event, userId: null })),
      activeSessions: [],
    });
    expect(statsBehind(stats({ totalEvents: 2, totalSessions: 0, uniqueUsers: 0 }), visitors)).toBe(false);
  });

  it('asks again on Refresh', async () => {
    renderAs({});
    await waitFor(() => expect(count('/api/analytics/stats')).toBe(1));
    answers['GET /api/analytics/stats'] = () => json(200, stats({ totalEvents: 2000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(totals()[0]).toBe((2000).toLocaleString()));
    expect(count('/api/analytics/stats')).toBe(2);
  });

  it('keeps the placeholders’ size, and says below when the stats could not be loaded', async () => {
    answers['GET /api/analytics/stats'] = () => json(500, { message: 'down' });
    renderAs({});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your usage figures.');
    expect(screen.getByRole('status').textContent).toContain('Loading your usage figures');
    answers['GET /api/analytics/stats'] = () => json(200, stats());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(totals()).toHaveLength(3));
  });

  it('shows anyone but an agent only the spinner, asking nothing', async () => {
    renderAs({ role: 'client' });
    expect(screen.queryByRole('heading')).toBeNull();
    cleanup();
    renderAs(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.includes('/api/analytics'))).toEqual([]);
  });
});
