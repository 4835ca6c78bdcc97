import { describe, expect, it } from 'vitest';
import {
  AGENT_SIGN_UP_QUERY,
  INVITATION_ID_QUERY,
  INVITED_SIGN_UP_QUERY,
  JOINING_SIGN_UP_QUERY,
  nginxVisitorPageMap,
  RESET_TOKEN_QUERY,
  renderShellWhileSessionLoads,
  renderSignedOutForm,
  renderSignedOutPage,
  signedInRemotesTable,
  agentRemotesTable,
  clientRemotesTable,
  signedOutPagesTable,
} from './signed-out-pages.tsx';
import { renderToString } from 'react-dom/server';
import {
  createAppQueryClient,
  invitationIdIn,
  NO_INVITATION_ID,
  SESSION_QUERY_KEY,
} from '@listready/web-client';
import { pageTitle } from '../routing/page-titles.ts';
import { ShellApp } from '../shell-app.tsx';
import { authScreenOptions, JOINING_DESCRIPTION } from '../accounts/components/auth-screen.tsx';
import { resolveRoute } from '../routing/route-rules.ts';

/** The shell as a visitor's first render draws it at `path` and `search`, signed out. */
function shellAt(path: string, search: string): string {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  return renderToString(<ShellApp queryClient={queryClient} renderedPath={path} renderedSearch={search} />);
}

describe('the visitor’s prerendered pages', () => {
  it('names, for each path the route rules know, what a visitor gets there', () => {
    const table = signedOutPagesTable();
    expect(table.otherwise).toBe('not-found.html');
    expect(table.pages['/']).toBe('landing.html');
    // Protected pages show the landing page to a visitor (without a redirect).
    for (const path of ['/journey', '/profile', '/dashboard', '/analytics'])
      expect(table.pages[path]).toBe('landing.html');
    // Pages every visitor may use are the plain shell's (forms, tokens in the query string)…
    for (const path of ['/auth', '/forgot-password', '/reset-password', '/accept-invitation'])
      expect(table.pages[path]).toBe('index.html');
    // …but for the forms prerendered at their bare addresses (a query may change the view)…
    expect(table.withoutQuery).toEqual({
      '/auth': 'auth.html',
      '/forgot-password': 'forgot-password.html',
      '/reset-password': 'reset-password.html',
      '/accept-invitation': 'accept-invitation-no-id.html',
    });
    // …and for a query of the shape each was drawn for: create-account as an agent or as an invited
    // client, the reset form for a link with a token (whatever the id or token, whatever else is there).
    expect(table.withQuery).toEqual([
      { query: AGENT_SIGN_UP_QUERY, pages: { '/auth': 'agent-sign-up.html' } },
      { query: INVITED_SIGN_UP_QUERY, pages: { '/auth': 'invited-sign-up.html' } },
      { query: JOINING_SIGN_UP_QUERY, pages: { '/auth': 'joining-sign-up.html' } },
      { query: RESET_TOKEN_QUERY, pages: { '/reset-password': 'reset-password-form.html' } },
      { query: INVITATION_ID_QUERY, pages: { '/accept-invitation': 'accept-invitation.html' } },
    ]);
    const holdsToken = (query: string) => new RegExp(RESET_TOKEN_QUERY).test(query);
    for (const query of [
      'token=a-B_9',
      'utm_source=mail&token=x',
      'token=xyz&utm_source=mail',
      'a=1&mytoken=2&token=x',
    ])
      expect(holdsToken(query), query).toBe(true);
    // No token, an empty one, one that would trim to nothing, or another parameter's name ending in it.
    // (A second token after an empty first: the screen reads the first.)
    for (const query of [
      '',
      'token=',
      'token=&x=1',
      'token=%20',
      'token=+',
      'mytoken=abc',
      'tokens=abc',
      'token=&token=abc',
    ])
      expect(holdsToken(query), query).toBe(false);
  });

  it('sends the invitation’s sign-in page for exactly the queries with an id the screen reads', () => {
    const holdsId = (query: string) => new RegExp(INVITATION_ID_QUERY).test(query);
    for (const query of [
      'id=3f1c2b9e-4a5d',
      'utm_source=mail&id=x',
      'id=x&utm_source=mail',
      'a=1&myid=2&id=x',
    ])
      expect({ query, held: holdsId(query) }).toEqual({ query, held: invitationIdIn(`?${query}`) !== '' });
    // None, an empty one, one that trims to nothing, another parameter's name ending in it, a first
    // empty one (the screen reads the first): the plain shell, which shows the same as the screen does.
    for (const query of [
      '',
      'id=',
      'id=%20',
      'id=+',
      'invitationId=abc',
      'myid=abc',
      'ids=abc',
      'id=&id=abc',
    ])
      expect(holdsId(query), query).toBe(false);
  });

  it('sends create-account’s pages for exactly the queries whose screen is theirs', () => {
    const agent = new RegExp(AGENT_SIGN_UP_QUERY);
    const invited = new RegExp(INVITED_SIGN_UP_QUERY);
    const joining = new RegExp(JOINING_SIGN_UP_QUERY);
    const queries = [
      'role=agent',
      'utm_source=x&role=agent',
      'role=agent&invitation=abc',
      'invitation=abc&role=agent',
      'role=agents',
      'role=agent2',
      'role=Agent',
      'myrole=agent',
      'role=client&role=agent',
      'role=agent&role=client',
      'role=',
      'role=client',
      'invitation=3f2a-b',
      'utm_source=mail&invitation=abc',
      'invitation=abc&role=client',
      'role=client&invitation=abc',
      'invitation=',
      'invitation=%20',
      'invitation=&invitation=abc',
      'myinvitation=abc',
      'invitations=abc',
      // A group's invite link, alone or beside what the other pages are drawn for.
      'join=K7QM2XPA',
      'join=k7qm2xpa',
      'utm_source=sms&join=K7QM2XPA',
      'join=K7QM2XPA&role=client',
      'role=agent&join=K7QM2XPA',
      'join=K7QM2XPA&role=agent',
      'invitation=abc&join=K7QM2XPA',
      'join=K7QM2XPA&invitation=abc',
      'join=',
      'join=%20',
      'join=&join=K7QM2XPA',
      'myjoin=K7QM2XPA',
      'joins=K7QM2XPA',
      'role=agent&join=',
      'invitation=abc&join=%20',
      '',
      'x=1',
    ];
    for (const query of queries) {
      const { mode, role, invitationId, joinCode } = authScreenOptions(`?${query}`);
      // The screen reads a first invitation or code that trims to something as one; the page takes
      // one that begins with an id's or a code's character (`invitation=%20` is the plain shell, not
      // a mismatch). An address that both joins a group and is an agent's sign-up or invitation
      // (which the screen draws with the joining text) is the plain shell too, as is one with an
      // empty `join=` beside them: no page is drawn for those mixes.
      const signUp = mode === 'sign-up';
      const matched = {
        agent: agent.test(query),
        invited: invited.test(query),
        joining: joining.test(query),
      };
      const mixed = /(?:^|&)join=/.test(query) && (role === 'agent' || /(?:^|&)invitation=/.test(query));
      expect({ query, ...matched }).toEqual({
        query,
        agent: signUp && role === 'agent' && !mixed,
        invited: signUp && role === 'client' && invitationId !== null && !mixed,
        joining: signUp && role === 'client' && joinCode !== null && !mixed,
      });
    }
  });

  it('never sends a visitor a create-account page drawn for another screen', () => {
    // Each query the screen draws differently from every prerendered create-account page.
    const pages = [AGENT_SIGN_UP_QUERY, INVITED_SIGN_UP_QUERY, JOINING_SIGN_UP_QUERY].map(
      (pattern) => new RegExp(pattern),
    );
    for (const query of ['role=agent&join=K7QM2XPA', 'invitation=abc&join=K7QM2XPA', 'role=agent&join=+K7'])
      expect({ query, pages: pages.filter((page) => page.test(query)).length }).toEqual({ query, pages: 0 });
  });

  it('writes the same table as an nginx map for the static image (deploy/static/shell.nginx.conf)', () => {
    const map = nginxVisitorPageMap({
      pages: { '/': 'landing.html', '/journey': 'landing.html', '/auth': 'index.html' },
      otherwise: 'not-found.html',
      withoutQuery: { '/auth': 'auth.html' },
      withQuery: [
        { query: '(^|&)token=[a-z]', pages: { '/reset': 'reset-form.html' } },
        { query: '^role=agent$', pages: { '/auth': 'agent.html' } },
      ],
    });
    const block = (name: string) =>
      new RegExp(`map ${name.replace(/\$/g, '\\$')} \\{\\n([^}]*)\\}`).exec(map)?.[1]?.split('\n');
    // By path, whatever the query.
    expect(block('$uri $listready_visitor_path_page')).toEqual([
      '  default /not-found.html;',
      '  / /landing.html;',
      '  "~^/journey/*$" /landing.html;',
      '  "~^/auth/*$" /index.html;',
      '',
    ]);
    // Without a query string, the prerendered form where there is one.
    expect(block('$uri $listready_visitor_bare_page')).toEqual([
      '  default $listready_visitor_path_page;',
      '  "~^/auth/*$" /auth.html;',
      '',
    ]);
    // With a query: each rule in turn, its query matching and its path named, or the next rule.
    expect(block('$args $listready_visitor_page')).toEqual([
      '  "" $listready_visitor_bare_page;',
      '  default $listready_visitor_query_page_0;',
      '',
    ]);
    expect(block('$args $listready_visitor_query_page_0')).toEqual([
      '  "~(^|&)token=[a-z]" $listready_visitor_query_path_0;',
      '  default $listready_visitor_query_page_1;',
      '',
    ]);
    expect(block('$uri $listready_visitor_query_path_0')).toEqual([
      '  default $listready_visitor_query_page_1;',
      '  "~^/reset/*$" /reset-form.html;',
      '',
    ]);
    expect(block('$args $listready_visitor_query_page_1')).toEqual([
      '  "~^role=agent$" $listready_visitor_query_path_1;',
      '  default $listready_visitor_path_page;',
      '',
    ]);
    expect(block('$uri $listready_visitor_query_path_1')).toEqual([
      '  default $listready_visitor_path_page;',
      '  "~^/auth/*$" /agent.html;',
      '',
    ]);
    const none = { pages: {}, otherwise: 'y.html', withoutQuery: {}, withQuery: [] };
    expect(() => nginxVisitorPageMap({ ...none, pages: { '/a b': 'x.html' } })).toThrow();
    expect(() => nginxVisitorPageMap({ ...none, withoutQuery: { '/a b': 'x.html' } })).toThrow();
    expect(() =>
      nginxVisitorPageMap({ ...none, withQuery: [{ query: 'a', pages: { '/a b': 'x.html' } }] }),
    ).toThrow();
    // A pattern nginx would read otherwise (a quote, a brace, a space) is refused, not written.
    for (const query of ['a"b', 'a{2}', 'a b', 'a;b', 'a\\"'])
      expect(() => nginxVisitorPageMap({ ...none, withQuery: [{ query, pages: {} }] }), query).toThrow();
  });

  it('names the pages one remote renders for every signed-in user (the server preloads it with them)', () => {
    // The invitation page among them: a visitor's is the shell's own (nothing of a remote to preload).
    expect(signedInRemotesTable()).toEqual({
      '/accept-invitation': 'mfe-agent',
      '/journey': 'mfe-seller',
      '/profile': 'mfe-seller',
      '/icons': 'mfe-seller',
    });
  });

  it("names the pages one remote renders for an agent only, / their dashboard among them (the server preloads it for an agent's session)", () => {
    expect(agentRemotesTable()).toEqual({
      '/': 'mfe-agent',
      '/dashboard': 'mfe-agent',
      '/client-demo': 'mfe-agent',
      '/google-setup': 'mfe-agent',
      '/google-manual': 'mfe-agent',
      '/analytics': 'mfe-analytics',
    });
  });

  it("names the page one remote renders for a home seller only: /, their journey (the server preloads it for a seller's session)", () => {
    expect(clientRemotesTable()).toEqual({ '/': 'mfe-seller' });
  });

  it('renders the landing page with its tagline, six steps and calls to action as real links', () => {
    const { markup, renderedPath } = renderSignedOutPage('landing');
    expect(renderedPath).toBe('/');
    const page = document.createElement('div');
    page.innerHTML = markup;
    expect(page.querySelector('h1')?.textContent).toBe('Get Your Home Ready to Sell');
    expect(page.textContent).toContain('The complete home preparation platform');
    expect(page.querySelectorAll('main ol > li')).toHaveLength(6);
    const links = [...page.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Sign In', '/auth'],
        ['Get Started ', '/auth'],
        ['Start Your Free Trial', '/auth'],
        ['Join as an Agent', '/auth?role=agent'],
      ]),
    );
    // Signed out, known: no spinner waiting for a session.
    expect(page.querySelector('[role="status"]')).toBeNull();
  });

  it('renders the not-found page inside the same frame', () => {
    const page = document.createElement('div');
    const notFound = renderSignedOutPage('not-found');
    page.innerHTML = notFound.markup;
    expect(page.querySelector('h1')?.textContent).toBe('404 Page Not Found');
    // What happened in a visitor's words, and the way home (a plain link: it works without JavaScript).
    expect(page.querySelector('main p')?.textContent).toBe(
      'There is no page at this address. The link may be out of date, or the address mistyped.',
    );
    expect(page.querySelector('main a[href="/"]')?.textContent).toBe('Go to the home page');
    // Its own title in the page's head: the page is not hydrated until a link is followed.
    expect(notFound.title).toBe('Page not found · ListReady');
    expect(renderSignedOutPage('landing').title).toBe('ListReady — Get your home ready to sell');
    expect(page.querySelector('header a[href="/auth"]')).not.toBeNull();
    // This year's copyright, not the spec's 2025 (the build's year; the clock's when not built).
    expect(page.querySelector('footer')?.textContent).toContain(
      `© ${new Date().getFullYear()} ListReady. All rights reserved.`,
    );
  });

  it('renders the sign-in form at /auth with its code loaded: fields, links, and a submit button that waits for the scripts', async () => {
    const signIn = await renderSignedOutForm('sign-in');
    expect(signIn.renderedPath).toBe('/auth');
    const page = document.createElement('div');
    page.innerHTML = signIn.markup;
    expect(page.querySelector('main h1')?.textContent).toBe('Sign in to ListReady');
    const form = page.querySelector('form[aria-label="Sign in"]');
    // Submitted by the browser itself, it would never put the password in an address.
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('input[type="password"]')).not.toBeNull();
    // Disabled until the scripts take the form over (and Enter does not submit it either).
    const submit = form?.querySelector('button[type="submit"]');
    expect(submit?.textContent).toBe('Sign In');
    expect(submit?.hasAttribute('disabled')).toBe(true);
    expect(page.querySelector('a[href="/forgot-password"]')).not.toBeNull();
    // No spinner: not the session (known: signed out), not the form's code (rendered with it).
    expect(page.querySelector('[role="status"]')).toBeNull();
    expect(page.querySelector('[data-testid="screen-code-loading"]')).toBeNull();
    expect(signIn.title).toBe(pageTitle('/auth', resolveRoute('/auth', { status: 'signed-out' })));
    expect(signIn.accountScreens).toBe(true);
  });

  it('renders the reset request form at /forgot-password the same way', async () => {
    const forgot = await renderSignedOutForm('forgot-password');
    expect(forgot.renderedPath).toBe('/forgot-password');
    const page = document.createElement('div');
    page.innerHTML = forgot.markup;
    const form = page.querySelector('form[aria-label="Request a password reset link"]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(page.querySelector('main a[href="/auth"]')).not.toBeNull();
  });

  it('renders /reset-password with a token as the new-password form, the same markup whatever the token', async () => {
    const reset = await renderSignedOutForm('reset-password');
    expect(reset.renderedPath).toBe('/reset-password');
    const page = document.createElement('div');
    page.innerHTML = reset.markup;
    expect(page.querySelector('main h1')?.textContent).toBe('Choose a new password');
    const form = page.querySelector('form[aria-label="Choose a new password"]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(
      [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.type, input.autocomplete]),
    ).toEqual([
      ['password', 'new-password'],
      ['password', 'new-password'],
    ]);
    expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(page.querySelector('main a[href="/forgot-password"]')).not.toBeNull();
    expect(page.querySelector('[role="status"]')).toBeNull();
    // The token is nowhere in the page: one file serves every link, and the browser hydrates it with
    // the query it was opened at.
    expect(reset.markup).not.toContain('prerendered');
    expect(shellAt('/reset-password', '?token=Other-token_1')).toBe(reset.markup);
  });

  it.each([
    ['agent-sign-up', 'agent', ['?role=agent', '?utm_source=x&role=agent&invitation=other']],
    ['invited-sign-up', 'client', ['?invitation=prerendered', '?invitation=5b1e-other&role=client']],
    ['joining-sign-up', 'client', ['?join=PRERENDERED', '?utm_source=sms&join=k7qm2xpa']],
  ] as const)(
    'renders %s as create-account with the role its query chooses, the same markup for every such query',
    async (form, role, [rendered, other]) => {
      const signUp = await renderSignedOutForm(form);
      expect(signUp.renderedPath).toBe('/auth');
      const page = document.createElement('div');
      page.innerHTML = signUp.markup;
      expect(page.querySelector('main h1')?.textContent).toBe('Create your ListReady account');
      const created = page.querySelector('form[aria-label="Create account"]');
      expect(created?.getAttribute('method')).toBe('post');
      expect(created?.querySelector<HTMLSelectElement>('select')?.value).toBe(role);
      expect(created?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
      expect(page.querySelector('[role="status"]')).toBeNull();
      expect(signUp.markup.toLowerCase()).not.toContain('prerendered');
      // Only a group's invite link says what comes after the account (the code is not in the page).
      expect(signUp.markup.includes(JOINING_DESCRIPTION)).toBe(form === 'joining-sign-up');
      expect(shellAt('/auth', rendered)).toBe(signUp.markup);
      expect(shellAt('/auth', other)).toBe(signUp.markup);
    },
  );

  it('renders /reset-password without a query as the invalid-link view, its way on a real link', async () => {
    const invalid = await renderSignedOutForm('reset-link-invalid');
    expect(invalid.renderedPath).toBe('/reset-password');
    const page = document.createElement('div');
    page.innerHTML = invalid.markup;
    expect(page.querySelector('main h1')?.textContent).toBe('Invalid Reset Link');
    expect(page.querySelector('main form')).toBeNull();
    expect(page.querySelector('main a[href="/forgot-password"]')?.textContent).toBe('Request New Reset Link');
    expect(invalid.title).toBe(
      pageTitle('/reset-password', resolveRoute('/reset-password', { status: 'signed-out' })),
    );
  });

  it('renders /accept-invitation with an id as the sign-in view, the same markup whatever the id, and without one as the missing-id view', async () => {
    const toAccept = await renderSignedOutForm('invitation-to-accept');
    expect(toAccept.renderedPath).toBe('/accept-invitation');
    const page = document.createElement('div');
    page.innerHTML = toAccept.markup;
    expect(page.querySelector('main h1')?.textContent).toBe('Accept Invitation');
    const buttons = [...page.querySelectorAll('main button')];
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Sign In to Accept Invitation',
      'Create an Agent Account',
    ]);
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(page.querySelector('[role="status"]')).toBeNull();
    expect(toAccept.markup).not.toContain('prerendered');
    expect(shellAt('/accept-invitation', '?id=3f1c-other&utm_source=mail')).toBe(toAccept.markup);
    expect(toAccept.title).toBe('Accept invitation · ListReady');
    // Its code is the shell's: neither drawn with nor hydrated after the account screens' code,
    // which the page therefore does not preload (the account forms do).
    expect(toAccept.accountScreens).toBe(false);

    const missing = await renderSignedOutForm('invitation-missing');
    page.innerHTML = missing.markup;
    expect(page.querySelector('main h1')?.textContent).toBe('Accept Invitation');
    expect(page.querySelector('main [role="alert"]')?.textContent).toBe(NO_INVITATION_ID);
    // A link, so it works before the scripts (the sign-in button above waits for them).
    expect(page.querySelector('main a[href="/"]')?.textContent).toBe('Go to Home');
    expect(shellAt('/accept-invitation', '?invitationId=abc')).toBe(missing.markup);
  });

  it('renders the plain shell’s frame as it stands while the session is asked: nobody’s page yet', () => {
    const page = document.createElement('div');
    page.innerHTML = renderShellWhileSessionLoads();
    // Whose logo is not known yet (a seller's agent may brand the page): a blank in its place.
    expect(page.querySelector('header a[href="/"] [data-logo-pending]')).not.toBeNull();
    expect(page.querySelector('header [data-logo-variant]')).toBeNull();
    expect(page.querySelector('main [role="status"]')?.textContent).toBe('Checking your session');
    // In words on screen, not only for screen readers: the page's first contentful paint.
    expect(page.querySelector('main [role="status"] .sr-only')).toBeNull();
    expect(page.querySelector('footer')).not.toBeNull();
    // Neither a visitor's nor a signed-in user's: no Sign In, no landing, no navigation.
    expect(page.querySelector('a[href="/auth"]')).toBeNull();
    expect(page.textContent).not.toContain('Get Your Home Ready to Sell');
    expect(page.querySelector('nav')).toBeNull();
  });
});
