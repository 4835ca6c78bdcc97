import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SHELL_SCRIPTS_ATTRIBUTE,
  VISITOR_LOADER,
  VISITOR_SCRIPT_META,
} from '@listready/contracts/visitor-pages';

/**
 * The visitor pages' inline loader (@listready/contracts/visitor-pages), run as the page runs it:
 * the visitor's script is added only once the page has painted its content.
 */

type PaintList = { getEntriesByName(name: string): unknown[] };
type ObserverCallback = (list: PaintList, observer: { disconnect(): void }) => void;

class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static instances: FakePaintObserver[] = [];
  observed: unknown;
  disconnected = false;
  private readonly callback: ObserverCallback;
  constructor(callback: ObserverCallback) {
    this.callback = callback;
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown): void {
    this.observed = options;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  /** The browser reporting paints by name. */
  report(...names: string[]): void {
    this.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this);
  }
}

describe('the visitor pages’ inline loader', () => {
  let added: HTMLScriptElement[];

  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.instances = [];
    FakePaintObserver.supportedEntryTypes = ['paint'];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const meta = document.createElement('meta');
    meta.name = VISITOR_SCRIPT_META;
    meta.content = '/visitor.0123abcd.js';
    meta.setAttribute(SHELL_SCRIPTS_ATTRIBUTE, '/main.1.js /470.2.js');
    document.head.replaceChildren(meta);
    added = [];
    // Kept, not inserted: the test DOM would try to fetch the script.
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      added.push(...(nodes as HTMLScriptElement[]));
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.replaceChildren();
  });

  const runLoader = () => new Function(VISITOR_LOADER)();

  it('adds the visitor’s script, with the shell’s scripts on its tag, only after the first contentful paint', () => {
    runLoader();
    const [observer] = FakePaintObserver.instances;
    expect(observer?.observed).toEqual({ type: 'paint', buffered: true });
    observer?.report('first-paint');
    vi.runAllTimers();
    expect(added).toEqual([]);

    observer?.report('first-paint', 'first-contentful-paint');
    expect(observer?.disconnected).toBe(true);
    // After the paint's own task, not inside it.
    expect(added).toEqual([]);
    vi.runAllTimers();
    expect(added).toHaveLength(1);
    expect(added[0]?.tagName).toBe('SCRIPT');
    expect(added[0]?.getAttribute('src')).toBe('/visitor.0123abcd.js');
    expect(added[0]?.getAttribute(SHELL_SCRIPTS_ATTRIBUTE)).toBe('/main.1.js /470.2.js');
  });

  it('waits for the load event where the browser reports no paints', () => {
    FakePaintObserver.supportedEntryTypes = ['navigation', 'resource'];
    runLoader();
    expect(FakePaintObserver.instances).toEqual([]);
    vi.runAllTimers();
    expect(added).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(added.map((script) => script.getAttribute('src'))).toEqual(['/visitor.0123abcd.js']);
  });

  it('does nothing on a page without the meta', () => {
    document.head.replaceChildren();
    runLoader();
    FakePaintObserver.instances[0]?.report('first-contentful-paint');
    vi.runAllTimers();
    expect(added).toEqual([]);
  });
});
