import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_LIMITS } from '@listready/contracts/analytics-limits';
import type { UsageEvent } from '@listready/contracts/analytics';
import { ANALYTICS_URL, createUsageTracker, toBatches, type TrackerDependencies } from './usage-tracker.ts';
import { USAGE_SESSION_STORAGE_KEY } from '@listready/web-client/usage-event';

const PAGE = {
  url: 'http://listready.test/journey',
  userAgent: 'Chromium',
  screenSize: '1920x1080',
  viewportSize: '1280x800',
};

/** A fake browser: fetch and sendBeacon record what they send; timers are vitest's fake ones. */
function fakeBrowser(options: { storage?: Map<string, string> } = {}) {
  const sent: { body: UsageEvent[]; via: 'fetch' | 'beacon'; contentType?: string }[] = [];
  const stored = options.storage ?? new Map<string, string>();
  let ids = 0;
  let eventIds = 0;
  const answer = { status: 202 };
  let failing: 'network' | null = null;
  let beaconAccepts = true;
  /** Answers whose bodies the tracker has not read to the end. */
  let unread = 0;
  const deps: TrackerDependencies = {
    fetch: vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(ANALYTICS_URL);
      if (failing === 'network') throw new TypeError('Failed to fetch');
      sent.push({
        body: JSON.parse(String(init.body)) as UsageEvent[],
        via: 'fetch',
        contentType: (init.headers as Record<string, string>)['Content-Type'],
      });
      unread += 1;
      const body = answer.status < 300 ? '{"accepted":1}' : '{"error":"unavailable"}';
      return {
        ok: answer.status < 300,
        status: answer.status,
        text: async () => {
          unread -= 1;
          return body;
        },
      };
    }),
    sendBeacon: vi.fn((url: string, data: string) => {
      expect(url).toBe(ANALYTICS_URL);
      expect(typeof data).toBe('string');
      if (!beaconAccepts) return false;
      sent.push({ body: JSON.parse(data) as UsageEvent[], via: 'beacon' });
      return true;
    }),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    now: () => new Date(),
    page: () => PAGE,
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    randomId: () => `session-${String(++ids).padStart(4, '0')}`,
    eventId: () => `00000000-0000-4000-8000-${String(++eventIds).padStart(12, '0')}`,
    warn: vi.fn(),
  };
  return {
    deps,
    sent,
    stored,
    /** Events sent so far, in order. */
    events: () => sent.flatMap((request) => request.body),
    unread: () => unread,
    answerWith(status: number) {
      answer.status = status;
      failing = null;
    },
    failNetwork() {
      failing = 'network';
    },
    refuseBeacons() {
      beaconAccepts = false;
    },
  };
}

/** Lets the tracker's pending sends settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('usage tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-05-01T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends its queue every 30 s, and nothing when nothing happened', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.start();
    tracker.track('page_view');
    tracker.track('click', { text: 'Get Started' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs - 1);
    expect(browser.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.sent).toHaveLength(1);
    expect(browser.sent[0]?.contentType).toBe('application/json');
    expect(browser.events()).toEqual([
      {
        event: 'page_view',
        properties: PAGE,
        timestamp: '2030-05-01T12:00:00.000Z',
        userId: null,
        sessionId: 'session-0001',
        eventId: '00000000-0000-4000-8000-000000000001',
      },
      {
        event: 'click',
        properties: { ...PAGE, text: 'Get Started' },
        timestamp: '2030-05-01T12:00:00.000Z',
        userId: null,
        sessionId: 'session-0001',
        eventId: '00000000-0000-4000-8000-000000000002',
      },
    ]);
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs * 3);
    expect(browser.sent).toHaveLength(1);
    tracker.stop();
    tracker.track('click');
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs * 2);
    expect(browser.sent).toHaveLength(1);
  });

  it.each([
    ['task_completed', {}],
    ['stage_completed', {}],
    ['user_registered', {}],
    ['error', { error: 'boom', context: 'test' }],
    ['task_action', { action: 'completed', taskId: 't1' }],
    ['stage_action', { action: 'completed', stageId: 's1' }],
    ['user_flow', { flowStep: 'user_registered' }],
  ])('sends %s at once, with what was queued before it', async (event, properties) => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.start();
    tracker.track('click');
    tracker.track(event, properties);
    await settle();
    expect(browser.events().map((sent) => sent.event)).toEqual(['click', event]);
  });

  it('keeps ordinary actions for the next batch', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.track('task_action', { action: 'opened', taskId: 't1' });
    tracker.track('note_action', { action: 'saved', taskId: 't1', noteLength: 12 });
    await settle();
    expect(browser.sent).toEqual([]);
    expect(tracker.queued()).toHaveLength(2);
  });

  it('tags events with the user after sign-in and records app_initialized with the role at once', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.track('page_view');
    tracker.setUser({ id: 'user-1', role: 'agent' });
    tracker.setUser({ id: 'user-1', role: 'agent' }); // the same user again: nothing new
    await settle();
    expect(browser.events().map(({ event, userId, properties }) => [event, userId, properties.role])).toEqual(
      [
        ['page_view', null, undefined],
        ['app_initialized', 'user-1', 'agent'],
      ],
    );
  });

  it('ends the session at sign-out, sent at once, and starts a new one', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.setUser({ id: 'user-1', role: 'client' });
    tracker.setUser(null);
    tracker.track('page_view');
    await settle();
    expect(browser.events().map(({ event, userId, sessionId }) => [event, userId, sessionId])).toEqual([
      ['app_initialized', 'user-1', 'session-0001'],
      ['session_end', 'user-1', 'session-0001'],
    ]);
    expect(tracker.sessionId).toBe('session-0002');
    expect(browser.stored.get(USAGE_SESSION_STORAGE_KEY)).toBe('session-0002');
    expect(tracker.queued()).toMatchObject([{ event: 'page_view', userId: null, sessionId: 'session-0002' }]);
  });

  it('ends the session on demand, resolving once the end is sent, and only while someone is signed in', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    await tracker.endSession('signed-out'); // a visitor: nothing to end
    expect(browser.sent).toEqual([]);
    tracker.setUser({ id: 'user-1', role: 'client' });
    await settle();
    tracker.track('click', { text: 'Logout' });
    const ended = tracker.endSession('signed-out');
    // Already a visitor's session: the session query's sign-out that follows ends nothing more.
    expect(tracker.sessionId).toBe('session-0002');
    tracker.setUser(null);
    await ended;
    expect(browser.sent.at(-1)?.via).toBe('fetch');
    expect(browser.events().map(({ event, userId, sessionId }) => [event, userId, sessionId])).toEqual([
      ['app_initialized', 'user-1', 'session-0001'],
      ['click', 'user-1', 'session-0001'],
      ['session_end', 'user-1', 'session-0001'],
    ]);
    expect(browser.events().at(-1)?.properties.reason).toBe('signed-out');
  });

  it('continues the tab’s session after a reload', () => {
    const storage = new Map([[USAGE_SESSION_STORAGE_KEY, 'kept-from-before-reload']]);
    expect(createUsageTracker(fakeBrowser({ storage }).deps).sessionId).toBe('kept-from-before-reload');
  });

  it('puts a batch that failed back in the queue, logs it, and sends it with the next batch', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.start();
    browser.failNetwork();
    tracker.track('page_view');
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs);
    expect(browser.deps.warn).toHaveBeenCalledWith(
      'Usage events not sent; kept for retry',
      expect.any(TypeError),
    );
    expect(tracker.queued().map((event) => event.event)).toEqual(['page_view']);

    browser.answerWith(503);
    tracker.track('click');
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs);
    expect(tracker.queued().map((event) => event.event)).toEqual(['page_view', 'click']);

    browser.answerWith(202);
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIMITS.batchIntervalMs);
    expect(browser.sent.at(-1)?.body.map((event) => event.event)).toEqual(['page_view', 'click']);
    expect(tracker.queued()).toEqual([]);
    // Sent again as they were: the service records an event id once, so a batch whose answer was
    // lost (the 503 may come after the insert) is not counted twice.
    const ids = (attempt: number) => browser.sent.at(attempt)?.body.map((event) => event.eventId);
    expect(ids(-1)).toEqual(ids(-2));
    expect(new Set(ids(-1)).size).toBe(2);
  });

  it('drops a batch the server refuses for what it is (400, 413): it would be refused again', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    browser.answerWith(400);
    tracker.track('click');
    await tracker.flush();
    expect(tracker.queued()).toEqual([]);
    expect(browser.deps.warn).toHaveBeenCalledWith('Usage events refused (HTTP 400); dropped');
  });

  it('keeps at most the newest 500 events while the server is away', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    browser.failNetwork();
    for (let index = 0; index < 600; index += 1) tracker.track('click', { n: index });
    await tracker.flush();
    const queued = tracker.queued();
    expect(queued).toHaveLength(ANALYTICS_LIMITS.maxQueuedEvents);
    expect(queued[0]?.properties.n).toBe(100);
    expect(queued.at(-1)?.properties.n).toBe(599);
  });

  it('sends at most 100 events and under 64 KB a request', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    for (let index = 0; index < 250; index += 1) tracker.track('click', { n: index });
    await tracker.flush();
    expect(browser.sent.map((request) => request.body.length)).toEqual([100, 100, 50]);

    const click = (properties: Record<string, unknown>): UsageEvent => ({
      event: 'click',
      properties,
      timestamp: '2030-05-01T12:00:00.000Z',
      userId: null,
      sessionId: 'session-0001',
    });
    const bulky = Array.from({ length: 40 }, (_, n) => click({ text: 'x'.repeat(3_000), n }));
    const { batches, tooLarge } = toBatches([...bulky, click({ text: 'x'.repeat(70_000) })]);
    expect(tooLarge).toHaveLength(1);
    for (const batch of batches) {
      expect(new TextEncoder().encode(JSON.stringify(batch)).byteLength).toBeLessThan(
        ANALYTICS_LIMITS.maxBatchBytes,
      );
    }
    expect(batches.flat().map((event) => event.properties.n)).toEqual(
      bulky.map((event) => event.properties.n),
    );
  });

  it('reads every answer to its end, accepted or not (Chromium counts a fetch unread as unfinished)', async () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.track('page_view');
    await tracker.flush();
    browser.answerWith(503);
    tracker.track('click');
    await tracker.flush();
    expect(browser.deps.fetch).toHaveBeenCalledTimes(2);
    expect(browser.unread()).toBe(0);
  });

  it('sends with sendBeacon as text when the page goes away, keeping what the browser refused', () => {
    const browser = fakeBrowser();
    const tracker = createUsageTracker(browser.deps);
    tracker.track('page_view');
    tracker.flushWithBeacon();
    expect(browser.sent).toMatchObject([{ via: 'beacon', body: [{ event: 'page_view' }] }]);
    expect(browser.deps.fetch).not.toHaveBeenCalled();

    browser.refuseBeacons();
    tracker.track('click');
    tracker.flushWithBeacon();
    expect(tracker.queued().map((event) => event.event)).toEqual(['click']);
  });
});
