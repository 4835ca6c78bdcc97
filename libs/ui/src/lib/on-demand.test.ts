import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWhenIdle, IDLE_FALLBACK_MS, onDemand } from './on-demand.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchWhenIdle', () => {
  it('fetches each source once the browser says it is idle, not before, and forgets a failure', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => {
        idle = callback;
        return 7;
      }),
    );
    const screen = vi.fn(async () => 'the profile');
    const flaky = vi.fn(async () => {
      throw new Error('offline');
    });
    const profile = onDemand(screen);
    const demo = onDemand(flaky);
    fetchWhenIdle([profile, demo]);
    expect(screen).not.toHaveBeenCalled();
    idle?.();
    await vi.waitFor(() => expect(profile.get()).toBe('the profile'));
    expect(flaky).toHaveBeenCalledTimes(1);
    // The failed one is fetched anew when its screen opens.
    await expect(demo.fetch()).rejects.toThrow('offline');
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('cancels what has not started, and waits a few seconds where the browser cannot say when it is idle', () => {
    const cancel = vi.fn();
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 3),
    );
    vi.stubGlobal('cancelIdleCallback', cancel);
    fetchWhenIdle([])();
    expect(cancel).toHaveBeenCalledWith(3);

    // (Fake timers fake requestIdleCallback too, unless told not to.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(async () => 'screen');
    fetchWhenIdle([onDemand(load)]);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
