import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { UsageEvent } from '@listready/contracts/analytics';
import { aPublicUser } from '@listready/contracts/fixtures';
import { createAppQueryClient, SESSION_QUERY_KEY, trackUsage } from '@listready/web-client';
import { announceSigningOut } from '@listready/web-client/usage-event';
import { startUsageTracking } from './start-usage-tracking.ts';
import { createUsageTracker, type TrackerDependencies } from './usage-tracker.ts';

/** The wiring on a real (happy-dom) page, with the tracker's network faked. */
describe('usage tracking in the shell', () => {
  let sent: { body: UsageEvent[]; via: 'fetch' | 'beacon' }[];
  let queryClient: QueryClient;
  let stop: () => void;

  const events = () => sent.flatMap((request) => request.body);
  const names = () => events().map((event) => event.event);

  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/');
    sent = [];
    queryClient = createAppQueryClient();
    const deps: TrackerDependencies = {
      fetch: async (_url, init) => {
        sent.push({ body: JSON.parse(String(init.body)) as UsageEvent[], via: 'fetch' });
        return { ok: true, status: 202, text: async () => '' };
      },
      sendBeacon: (_url, data) => {
        sent.push({ body: JSON.parse(data) as UsageEvent[], via: 'beacon' });
        return true;
      },
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      now: () => new Date(),
      page: () => ({
        url: window.location.pathname,
        userAgent: 'test',
        screenSize: '1x1',
        viewportSize: '1x1',
      }),
      randomId: () => 'session-under-test',
      eventId: () => crypto.randomUUID(),
      warn: () => undefined,
    };
    stop = startUsageTracking({ queryClient, view: window, tracker: createUsageTracker(deps) });
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('records the first page and each in-app navigation, sent with the 30-second batch', async () => {
    window.history.pushState(null, '', '/journey');
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.dispatchEvent(new PopStateEvent('popstate')); // same path: no second view
    await vi.advanceTimersByTimeAsync(30_000);
    expect(events().map((event) => [event.event, event.properties.url])).toEqual([
      ['page_view', '/'],
      ['page_view', '/journey'],
    ]);
  });

  it('records a navigation with the title the shell gives the new page as it renders it', async () => {
    window.history.pushState(null, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
    // The shell's render of the new page, after the event (shell-app.tsx, page-titles.ts).
    document.title = 'My profile · ListReady';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(events().at(-1)).toMatchObject({
      event: 'page_view',
      properties: { url: '/profile', title: 'My profile · ListReady' },
    });
  });

  it('follows the session: app_initialized with the role at sign-in, the user on every event after', async () => {
    queryClient.setQueryData(SESSION_QUERY_KEY, aPublicUser({ id: 'agent-7', role: 'agent' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(events().at(-1)).toMatchObject({
      event: 'app_initialized',
      userId: 'agent-7',
      properties: { role: 'agent' },
    });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    await vi.advanceTimersByTimeAsync(0);
    expect(events().at(-1)).toMatchObject({ event: 'session_end', userId: 'agent-7' });
  });

  it('ends the session when signing out is announced, before the server ends it, and sign-out waits', async () => {
    queryClient.setQueryData(SESSION_QUERY_KEY, aPublicUser({ id: 'seller-3', role: 'client' }));
    await vi.advanceTimersByTimeAsync(0);
    let announced = false;
    void announceSigningOut().then(() => (announced = true));
    expect(events().at(-1)).toMatchObject({ event: 'session_end', userId: 'seller-3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(announced).toBe(true);
    // The session query's sign-out that follows ends nothing more.
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    await vi.advanceTimersByTimeAsync(0);
    expect(names().filter((name) => name === 'session_end')).toHaveLength(1);
  });

  it('records clicks, form submits and what the screens report with trackUsage', async () => {
    document.body.innerHTML =
      '<form id="invite"><input name="email" value="x@example.com"/><button type="button">Send</button></form>';
    document.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    trackUsage({ event: 'task_action', properties: { action: 'opened', taskId: 't1', taskTitle: 'Clean' } });
    trackUsage({ event: 'task_action', properties: { action: 'completed', taskId: 't1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(
      events()
        .slice(1)
        .map((event) => [event.event, event.properties]),
    ).toEqual([
      ['click', expect.objectContaining({ element: 'button', text: 'Send' })],
      ['form_submit', expect.objectContaining({ formId: 'invite', fieldCount: 2 })],
      ['task_action', expect.objectContaining({ action: 'opened', taskTitle: 'Clean' })],
      ['task_action', expect.objectContaining({ action: 'completed' })],
    ]);
    expect(JSON.stringify(events())).not.toContain('x@example.com');
  });

  it('sends an uncaught error at once', async () => {
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('kaput'), message: 'kaput' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(events().at(-1)).toMatchObject({
      event: 'error',
      properties: { error: 'kaput', context: 'window.onerror' },
    });
  });

  it('sends with a beacon when the page is hidden, and ends the session when it goes away', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(sent.at(-1)?.via).toBe('beacon');
      expect(names()).toEqual(['page_view', 'page_visibility_change']);
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      expect(sent.at(-1)).toMatchObject({ via: 'beacon', body: [{ event: 'session_end' }] });
      // The browser reports the page hidden as it goes: that must not follow (and reopen) the end.
      document.dispatchEvent(new Event('visibilitychange'));
      expect(names().at(-1)).toBe('session_end');
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('stops listening when stopped', async () => {
    stop();
    document.body.innerHTML = '<button>Ignored</button>';
    document.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(names()).toEqual([]);
  });
});
