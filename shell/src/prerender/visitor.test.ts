import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from '@listready/contracts/analytics';
import { inAppDestination, startVisitorPage, type VisitorPage } from './visitor.ts';

/** The visitor's script on a real (happy-dom) page, with the network faked. */
describe('the visitor’s page script', () => {
  let sent: UsageEvent[][];
  let page: VisitorPage | undefined;
  let replace: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    // happy-dom loads no script: each handover's entry fails, and the page would go the ordinary way.
    replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
    sent = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)) as UsageEvent[]);
      return new Response(null, { status: 202 });
    });
    document.head.innerHTML = '';
    document.body.innerHTML = `
      <header><a href="/auth">Sign In</a></header>
      <main>
        <a href="#main">Skip</a>
        <a href="/auth">Get Started</a>
        <a href="https://elsewhere.example/">Elsewhere</a>
        <a href="/auth" target="_blank">New tab</a>
        <a href="/api/docs">API</a>
        <span id="plain">Text</span>
      </main>`;
  });
  afterEach(() => {
    page?.stop();
    page = undefined;
    vi.restoreAllMocks();
  });

  const link = (name: string) =>
    [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === name) as HTMLAnchorElement;
  const click = (target: Element, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    target.dispatchEvent(event);
    return event;
  };

  it('takes a plain click on a link of this site to the shell, and leaves every other click to the browser', () => {
    const at = (target: Element, init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
      Object.defineProperty(event, 'target', { value: target });
      return inAppDestination(event, window.location)?.pathname ?? null;
    };
    expect(at(link('Get Started'))).toBe('/auth');
    expect(at(link('Get Started').appendChild(document.createElement('svg')))).toBe('/auth');
    expect(at(link('Get Started'), { ctrlKey: true })).toBeNull();
    expect(at(link('Get Started'), { metaKey: true })).toBeNull();
    expect(at(link('Get Started'), { shiftKey: true })).toBeNull();
    expect(at(link('Get Started'), { button: 1 })).toBeNull();
    expect(at(link('Elsewhere'))).toBeNull();
    expect(at(link('New tab'))).toBeNull();
    expect(at(link('API'))).toBeNull();
    expect(at(link('Skip'))).toBeNull();
    expect(at(document.getElementById('plain') as Element)).toBeNull();
  });

  it('records the visit, then on a link hands the document to the shell: history, entry script, the click sent', async () => {
    page = startVisitorPage(window, ['/main.00000000.js', '/470.00000000.js']);
    const event = click(link('Get Started'));
    expect(event.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/auth');
    const scripts = [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
    expect(scripts).toEqual(['/main.00000000.js']);
    await vi.waitFor(() => expect(sent.flat().map((item) => item.event)).toContain('click'));
    const events = sent.flat();
    expect(events.map((item) => item.event)).toEqual(['page_view', 'click']);
    expect(events[1]?.properties).toMatchObject({ text: 'Get Started', href: '/auth' });
    // The shell's tracker goes on with this session.
    expect(new Set(events.map((item) => item.sessionId))).toEqual(
      new Set([sessionStorage.getItem('listready.analytics.sessionId')]),
    );
    // Handed over once: the shell owns the document now.
    const again = click(link('Sign In'));
    expect(again.defaultPrevented).toBe(false);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('warms the shell’s scripts once when a link is pointed at or focused, not before', () => {
    page = startVisitorPage(window, ['/main.00000000.js', '/470.00000000.js']);
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((item) =>
        item.getAttribute('href'),
      );
    document.getElementById('plain')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preloads()).toEqual([]);
    link('Get Started').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('Sign In').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(preloads()).toEqual(['/main.00000000.js', '/470.00000000.js']);
  });

  it('goes the ordinary way when the shell cannot be loaded (offline, a deploy in between)', () => {
    page = startVisitorPage(window, ['/main.00000000.js']);
    click(link('Get Started'));
    const script = document.head.querySelector('script');
    script?.dispatchEvent(new Event('error'));
    expect(replace).toHaveBeenCalledWith(new URL('/auth', window.location.href).href);
  });
});
