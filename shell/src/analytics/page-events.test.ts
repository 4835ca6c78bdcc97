import { afterEach, describe, expect, it } from 'vitest';
import { clipText, describeClick, describeError, describeSubmit, pageProperties } from './page-events.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const html = (markup: string) => {
  document.body.innerHTML = markup;
  return document.body;
};

describe('what the tracker records about the page', () => {
  it('gives the page address without query or fragment (tokens, invitation ids)', () => {
    window.history.replaceState(null, '', '/reset-password?token=secret-token#top');
    const properties = pageProperties(window);
    expect(properties.url).toBe(`${window.location.origin}/reset-password`);
    expect(properties).toMatchObject({ userAgent: window.navigator.userAgent });
    expect(properties.screenSize).toMatch(/^\d+x\d+$/);
    expect(properties.viewportSize).toMatch(/^\d+x\d+$/);
  });

  it('names the clicked button by its label, cut to 100 characters', () => {
    const body = html(
      `<button id="go" type="button"><svg></svg><span>${'Complete '.repeat(20)}</span></button>`,
    );
    const properties = describeClick(body.querySelector('svg'));
    expect(properties).toMatchObject({ element: 'button', elementId: 'go' });
    expect(String(properties?.text)).toHaveLength(100);
    expect(clipText('  two \n words  ')).toBe('two words');
    expect(
      describeClick(html('<button aria-label="Sign out"><svg></svg></button>').querySelector('svg')),
    ).toMatchObject({
      text: 'Sign out',
    });
  });

  it('never records what a field holds, a password least of all', () => {
    const body = html(`
      <input id="password" type="password" value="hunter2" />
      <textarea id="notes">my private note</textarea>
      <div contenteditable="true"><span id="inside">typed text</span></div>`);
    const password = describeClick(body.querySelector('#password'));
    expect(password).toEqual({ element: 'input', elementId: 'password', inputType: 'password' });
    expect(JSON.stringify(describeClick(body.querySelector('#notes')))).not.toContain('private');
    expect(JSON.stringify(describeClick(body.querySelector('#inside')))).not.toContain('typed');
  });

  it('keeps a link’s path on this site and only the origin elsewhere', () => {
    const body = html(`
      <a id="mine" href="/profile?tab=groups">Profile</a>
      <a id="theirs" href="https://example.com/some/page?q=1">Elsewhere</a>`);
    expect(describeClick(body.querySelector('#mine'))).toMatchObject({ href: '/profile', text: 'Profile' });
    expect(describeClick(body.querySelector('#theirs'))).toMatchObject({ href: 'https://example.com' });
  });

  it('describes a submitted form by its id and size, never its values', () => {
    const body = html(`
      <form id="sign-in" action="/api/login?next=/journey">
        <input name="email" value="ann@example.com" /><input name="password" type="password" value="hunter2" />
        <button type="submit">Sign in</button>
      </form>`);
    const properties = describeSubmit(body.querySelector('form'));
    expect(properties).toEqual({ formId: 'sign-in', fieldCount: 3, action: '/api/login' });
    expect(describeSubmit(body)).toBeNull();
  });

  it('describes an error with its context and a cut stack', () => {
    const error = new Error('boom');
    error.stack = `Error: boom\n${'    at somewhere\n'.repeat(500)}`;
    const properties = describeError(error, 'window.onerror');
    expect(properties).toMatchObject({ error: 'boom', context: 'window.onerror' });
    expect(String(properties.stack)).toHaveLength(2_000);
    expect(describeError('plain reason', 'unhandledrejection')).toEqual({
      error: 'plain reason',
      context: 'unhandledrejection',
    });
  });
});
