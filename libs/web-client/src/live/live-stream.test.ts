import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream } from './live-stream.ts';

/** Just enough of EventSource to play its states: CONNECTING 0, OPEN 1, CLOSED 2. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answered 200: the stream is open. */
  answer() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** A drop EventSource retries by itself (CONNECTING), or a refusal it gives up on (CLOSED). */
  fail(state: 0 | 2) {
    this.readyState = state;
    this.dispatchEvent(new Event('error'));
  }
}

describe('openLiveStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('leaves a drop to EventSource, which reconnects by itself with the last event id', () => {
    const reopened = vi.fn();
    const close = openLiveStream('/api/clients/current/live', () => undefined, reopened);
    const [first] = FakeEventSource.opened;
    first?.answer();
    first?.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(120_000);
    first?.answer();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(reopened).not.toHaveBeenCalled();
    close();
  });

  it('opens a new stream after a refusal EventSource gives up on (a 503), and the screen reads again once it is open', () => {
    const reopened = vi.fn();
    const listen = vi.fn();
    const close = openLiveStream('/api/clients/current/live', listen, reopened);
    FakeEventSource.opened[0]?.answer();
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Refused again: the next try waits twice as long.
    FakeEventSource.opened[1]?.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeEventSource.opened[2];
    expect(third?.url).toBe('/api/clients/current/live');
    expect(listen).toHaveBeenCalledTimes(3);
    expect(reopened).not.toHaveBeenCalled();
    third?.answer();
    third?.answer();
    expect(reopened).toHaveBeenCalledOnce();
    close();
    expect(third?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens nothing more once closed', () => {
    const close = openLiveStream(
      '/live',
      () => undefined,
      () => undefined,
    );
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    close();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
