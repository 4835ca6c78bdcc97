import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PENDING_INVITATION_STORAGE_KEY, SESSION_QUERY_KEY } from '@listready/web-client';
import {
  currentLocation,
  drawPage,
  json,
  latestToast,
  renderAt,
  scriptApi,
  sessionUser,
  useAccountScreenCleanup,
} from '../account-test-harness.tsx';
import { AuthPage, authScreenOptions, JOINING_DESCRIPTION } from './auth-screen.tsx';
import { invitedEmailIn } from './sign-up-form.tsx';

useAccountScreenCleanup();

const input = (label: string) =>
  screen.getByLabelText(label, { selector: 'input, select' }) as HTMLInputElement;
const type = (label: string, value: string) => {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
};
const heading = () => screen.getByRole('heading', { level: 1 });
const signIn = () => {
  type('Email', ' ann@example.com ');
  type('Password', 'whatever-it-was');
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('/auth: one screen toggling sign-in and create-account', () => {
  it('opens sign-in by default, with email, a hidden password and the Forgot password link', () => {
    scriptApi({});
    renderAt('/auth', <AuthPage />);
    expect(heading().textContent).toBe('Sign in to ListReady');
    expect(input('Email').type).toBe('email');
    expect(input('Password').type).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    // The side panel lists the six steps.
    expect(screen.getByRole('complementary').querySelectorAll('li')).toHaveLength(6);
  });

  it('role=agent opens create-account with Real Estate Agent chosen; role=client preselects Home Seller', () => {
    scriptApi({});
    renderAt('/auth?role=agent', <AuthPage />);
    expect(heading().textContent).toBe('Create your ListReady account');
    const role = input('Role') as unknown as HTMLSelectElement;
    expect(role.value).toBe('agent');
    expect([...role.options].map((option) => [option.value, option.text])).toEqual([
      ['agent', 'Real Estate Agent'],
      ['client', 'Home Seller'],
    ]);
  });

  it('role=client stays on sign-in and preselects Home Seller once the user switches', () => {
    scriptApi({});
    renderAt('/auth?role=client', <AuthPage />);
    expect(heading().textContent).toBe('Sign in to ListReady');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect((input('Role') as unknown as HTMLSelectElement).value).toBe('client');
  });

  it('toggling resets both forms, hides the passwords and moves focus to the new heading', () => {
    scriptApi({});
    renderAt('/auth', <AuthPage />);
    type('Email', 'ann@example.com');
    type('Password', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input('Password').type).toBe('text');

    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(heading().textContent).toBe('Create your ListReady account');
    expect(document.activeElement).toBe(heading());
    expect(input('Email').value).toBe('');
    type('First name', 'Ann');
    type('Password', 'longenough1');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(input('Password').type).toBe('text');
    expect(input('Confirm password').type).toBe('text');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(document.activeElement).toBe(heading());
    expect(input('Email').value).toBe('');
    expect(input('Password').value).toBe('');
    expect(input('Password').type).toBe('password');

    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(input('First name').value).toBe('');
    expect(input('Password').value).toBe('');
    expect(input('Password').type).toBe('password');
    expect(input('Confirm password').type).toBe('password');
  });

  it('shows the spec messages under their fields: a 7-character password and a mismatched confirmation', async () => {
    const calls = scriptApi({});
    renderAt('/auth?role=agent', <AuthPage />);
    type('Password', '1234567');
    type('Confirm password', '12345678');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(input('Password').getAttribute('aria-invalid')).toBe('true');
    const describedBy = input('Confirm password').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe("Passwords don't match");

    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'Please enter a valid email address',
      'First name is required',
      'Last name is required',
      'Phone number is required',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('re-checks a typed confirmation when the password changes', async () => {
    scriptApi({});
    renderAt('/auth?role=agent', <AuthPage />);
    type('Password', 'longenough1');
    type('Confirm password', 'longenough1');
    type('Password', 'longenough2');
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    type('Password', 'longenough1');
    await waitFor(() => expect(screen.queryByText("Passwords don't match")).toBeNull());
  });
});

describe('/auth: after signing in', () => {
  it('resumes a pending invitation once, clearing it', async () => {
    const calls = scriptApi({ 'POST /api/login': () => json(200, sessionUser('client')) });
    window.localStorage.setItem(PENDING_INVITATION_STORAGE_KEY, 'inv 42');
    const { queryClient } = renderAt('/auth', <AuthPage />);
    signIn();
    await waitFor(() => expect(currentLocation()).toBe('/accept-invitation?id=inv%2042'));
    expect(window.localStorage.getItem(PENDING_INVITATION_STORAGE_KEY)).toBeNull();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/login',
      body: { email: 'ann@example.com', password: 'whatever-it-was' },
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(sessionUser('client'));
    expect(latestToast()).toMatchObject({
      title: 'Welcome back!',
      description: 'You have been signed in successfully.',
    });
  });

  it.each([
    ['agent', '/dashboard'],
    ['client', '/journey'],
  ] as const)('without one, sends an %s to %s', async (role, home) => {
    scriptApi({ 'POST /api/login': () => json(200, sessionUser(role)) });
    renderAt('/auth', <AuthPage />);
    signIn();
    await waitFor(() => expect(currentLocation()).toBe(home));
  });

  it('shows Sign in failed with the server message, or Login failed without one', async () => {
    let answer = json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    scriptApi({ 'POST /api/login': () => answer });
    renderAt('/auth', <AuthPage />);
    signIn();
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Sign in failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      }),
    );
    expect(currentLocation()).toBe('/auth');

    answer = new Response('', { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({ title: 'Sign in failed', description: 'Login failed' }),
    );
  });

  it('creates an account: welcome toast with the product name, then the journey', async () => {
    const calls = scriptApi({ 'POST /api/register': () => json(201, sessionUser('client')) });
    renderAt('/auth', <AuthPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    type('Email', 'ann@example.com');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Phone', '555-0100');
    type('Password', 'longenough1');
    type('Confirm password', 'longenough1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(currentLocation()).toBe('/journey'));
    expect(calls.at(-1)?.body).toEqual({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '555-0100',
      role: 'client',
      password: 'longenough1',
      confirmPassword: 'longenough1',
    });
    expect(latestToast()).toMatchObject({
      title: 'Welcome to ListReady!',
      description: 'Your account has been created successfully.',
    });
  });

  it('shows Registration failed with the server message and the field issue under its field', async () => {
    scriptApi({
      'POST /api/register': () =>
        json(400, {
          message: 'Phone number is required',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'phone', message: 'Phone number is required' }],
        }),
    });
    renderAt('/auth?role=agent', <AuthPage />);
    type('Email', 'sam@example.com');
    type('First name', 'Sam');
    type('Last name', 'Stone');
    type('Phone', '555-0100');
    type('Password', 'longenough1');
    type('Confirm password', 'longenough1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Registration failed',
        description: 'Phone number is required',
      }),
    );
    expect(document.getElementById('sign-up-phone-error')?.textContent).toBe('Phone number is required');
  });

  it('sends a visitor who is already signed in to their home', async () => {
    scriptApi({});
    renderAt('/auth', <AuthPage />, sessionUser('agent'));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});

describe("/auth?invitation=<id>: an agent's invitation to a client", () => {
  const accepted = () =>
    json(200, {
      invitationId: 'inv-9',
      type: 'agent-to-client',
      status: 'accepted',
      acceptedAt: '2030-01-01T00:00:00.000Z',
    });
  const fillSignUp = () => {
    type('Email', 'ann@example.com');
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Phone', '555-0100');
    type('Password', 'longenough1');
    type('Confirm password', 'longenough1');
  };
  const posts = (calls: { method: string; url: string; body: unknown }[]) =>
    calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }));

  it('reads the invitation: create-account as a home seller; role=agent still wins', () => {
    expect(authScreenOptions('?invitation=%20inv-9%20')).toEqual({
      mode: 'sign-up',
      role: 'client',
      invitationId: 'inv-9',
      joinCode: null,
    });
    expect(authScreenOptions('?invitation=')).toEqual({
      mode: 'sign-in',
      role: 'client',
      invitationId: null,
      joinCode: null,
    });
    expect(authScreenOptions('?role=agent&invitation=inv-9')).toMatchObject({
      mode: 'sign-up',
      role: 'agent',
    });
  });

  it('starts create-account with the address the invitation went to, from the link’s fragment', () => {
    expect(invitedEmailIn('#email=ann%2Blist%40example.com')).toBe('ann+list@example.com');
    expect(invitedEmailIn('#email=%20')).toBeNull();
    expect(invitedEmailIn('')).toBeNull();
    renderAt('/auth?invitation=inv-9#email=ann%40example.com', <AuthPage />);
    expect(input('Email').value).toBe('ann@example.com');
    // Still the person's to change.
    type('Email', 'ann.lee@example.com');
    expect(input('Email').value).toBe('ann.lee@example.com');
  });

  it('starts create-account empty without an address in the link, and ignores one without an invitation', () => {
    renderAt('/auth?invitation=inv-9', <AuthPage />);
    expect(input('Email').value).toBe('');
    cleanup();
    renderAt('/auth?role=agent#email=ann%40example.com', <AuthPage />);
    expect(input('Email').value).toBe('');
  });

  it('opens create-account with Home Seller chosen; registering accepts the invitation, then the journey', async () => {
    let answerAcceptance: (response: Response) => void = () => undefined;
    const calls = scriptApi({
      'POST /api/register': () => json(201, sessionUser('client')),
      'POST /api/accept-invitation': () => accepted(),
    });
    // Held until released, to see the screen while it waits.
    const fetchStub = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchStub(input, init);
      if (String(input) !== '/api/accept-invitation') return response;
      return new Promise<Response>((resolve) => (answerAcceptance = () => resolve(response)));
    }) as typeof fetch;

    renderAt('/auth?invitation=inv-9', <AuthPage />);
    expect(heading().textContent).toBe('Create your ListReady account');
    expect((input('Role') as unknown as HTMLSelectElement).value).toBe('client');
    fillSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Accepting your invitation')).toBeTruthy();
    expect(currentLocation()).toBe('/auth?invitation=inv-9');
    answerAcceptance(accepted());
    await waitFor(() => expect(currentLocation()).toBe('/journey'));
    expect(posts(calls)).toEqual([
      { url: '/api/register', body: expect.objectContaining({ email: 'ann@example.com', role: 'client' }) },
      { url: '/api/accept-invitation', body: { invitationId: 'inv-9' } },
    ]);
    expect(latestToast()).toMatchObject({ title: 'Welcome to ListReady!' });
  });

  it('signing in instead accepts it too', async () => {
    const calls = scriptApi({
      'POST /api/login': () => json(200, sessionUser('client')),
      'POST /api/accept-invitation': () => accepted(),
    });
    renderAt('/auth?invitation=inv-9', <AuthPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    signIn();
    await waitFor(() => expect(currentLocation()).toBe('/journey'));
    expect(posts(calls).map((call) => call.url)).toEqual(['/api/login', '/api/accept-invitation']);
  });

  it("a refused invitation is the Error toast with the server's reason; the seller still lands home, signed in", async () => {
    scriptApi({
      'POST /api/register': () => json(201, sessionUser('client')),
      'POST /api/accept-invitation': () =>
        json(410, { message: 'This invitation has expired. Ask for a new one.', code: 'INVITATION_EXPIRED' }),
    });
    const { queryClient } = renderAt('/auth?invitation=inv-9', <AuthPage />);
    fillSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(currentLocation()).toBe('/journey'));
    expect(latestToast()).toMatchObject({
      title: 'Error',
      description: 'This invitation has expired. Ask for a new one.',
      variant: 'destructive',
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(sessionUser('client'));
  });

  it('a seller already signed in accepts it on arrival, then goes home', async () => {
    const calls = scriptApi({ 'POST /api/accept-invitation': () => accepted() });
    renderAt('/auth?invitation=inv-9', <AuthPage />, sessionUser('client'));
    await waitFor(() => expect(currentLocation()).toBe('/journey'));
    expect(posts(calls)).toEqual([{ url: '/api/accept-invitation', body: { invitationId: 'inv-9' } }]);
  });
});

describe("/auth?join=<code>: a group's invite link", () => {
  it('opens create-account as a home seller, saying what comes after; role=agent still wins', () => {
    expect(authScreenOptions('?join=%20abcd2345%20')).toEqual({
      mode: 'sign-up',
      role: 'client',
      invitationId: null,
      joinCode: 'ABCD2345',
    });
    expect(authScreenOptions('?join=')).toMatchObject({ mode: 'sign-in', joinCode: null });
    expect(authScreenOptions('?role=agent&join=ABCD2345')).toMatchObject({ role: 'agent' });
    renderAt('/auth?join=ABCD2345', <AuthPage />);
    expect(heading().textContent).toBe('Create your ListReady account');
    expect(screen.getByText(JOINING_DESCRIPTION)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.getByText(JOINING_DESCRIPTION)).toBeTruthy();
  });

  it('signing in goes on to My Groups with the code (joining is the person’s to press there)', async () => {
    const calls = scriptApi({ 'POST /api/login': () => json(200, sessionUser('client')) });
    renderAt('/auth?join=ABCD2345', <AuthPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    signIn();
    await waitFor(() => expect(currentLocation()).toBe('/profile?join=ABCD2345'));
    expect(calls.map((call) => call.url)).toEqual(['/api/login']);
  });

  it('someone already signed in goes straight on to My Groups with the code', async () => {
    scriptApi({});
    renderAt('/auth?join=ABCD2345', <AuthPage />, sessionUser('client'));
    await waitFor(() => expect(currentLocation()).toBe('/profile?join=ABCD2345'));
  });
});

describe('/auth as the build draws it, hydrated once the scripts come', () => {
  it('keeps what was typed before, enables Sign In only once hydrated, and signs in with what was typed', async () => {
    const calls = scriptApi({ 'POST /api/login': () => json(200, sessionUser('client')) });
    const drawn = drawPage(<AuthPage />, { drawnFor: '', opened: '/auth' });
    const { container } = drawn;
    const email = container.querySelector<HTMLInputElement>('input[type="email"]');
    const password = container.querySelector<HTMLInputElement>('input[type="password"]');
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!email || !password || !submit) throw new Error('the drawn form has no email, password or submit');
    // The visitor types into the HTML as drawn; the buttons do nothing yet, and say so.
    email.value = 'ann@example.com';
    password.value = 'typed-before-the-scripts';
    const buttons = () => [...container.querySelectorAll('button')];
    expect(
      buttons().map((button) => [button.textContent || button.getAttribute('aria-label'), button.disabled]),
    ).toEqual([
      ['Show password', true],
      ['Sign In', true],
      ['Create an account', true],
    ]);

    const recoverableErrors = await drawn.hydrate();
    try {
      // Hydrated, not drawn again: the same elements, the typed values, no mismatch.
      expect(recoverableErrors).toEqual([]);
      expect(container.querySelector('input[type="email"]')).toBe(email);
      expect(email.value).toBe('ann@example.com');
      expect(password.value).toBe('typed-before-the-scripts');
      expect(buttons().every((button) => !button.disabled)).toBe(true);
      fireEvent.click(submit);
      await waitFor(() => expect(currentLocation()).toBe('/journey'));
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/api/login',
          body: { email: 'ann@example.com', password: 'typed-before-the-scripts' },
        },
      ]);
    } finally {
      drawn.remove();
    }
  });
});

describe('/auth?invitation=… as the build draws it, hydrated with the link’s own invitation', () => {
  it('keeps what was typed before the scripts, registers a home seller and accepts the invitation of the address opened', async () => {
    const calls = scriptApi({
      'POST /api/register': () => json(201, sessionUser('client')),
      'POST /api/accept-invitation': () =>
        json(200, {
          invitationId: 'inv-mailed',
          type: 'agent-to-client',
          status: 'accepted',
          acceptedAt: '2030-01-01T00:00:00.000Z',
        }),
    });
    // One page for every invitation: drawn for another id than the one opened.
    const drawn = drawPage(<AuthPage />, {
      drawnFor: '?invitation=prerendered',
      opened: '/auth?invitation=inv-mailed',
    });
    const { container } = drawn;
    const field = (id: string) => {
      const element = container.querySelector<HTMLInputElement>(`#${id}`);
      if (!element) throw new Error(`the drawn form has no #${id}`);
      return element;
    };
    const typed = {
      'sign-up-email': 'ann@example.com',
      'sign-up-first-name': 'Ann',
      'sign-up-last-name': 'Lee',
      'sign-up-phone': '555-0100',
      'sign-up-password': 'longenough1',
      'sign-up-confirm-password': 'longenough1',
    };
    for (const [id, value] of Object.entries(typed)) field(id).value = value;
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(submit?.disabled).toBe(true);

    const recoverableErrors = await drawn.hydrate();
    try {
      expect(recoverableErrors).toEqual([]);
      expect(container.querySelector('#sign-up-email')).toBe(field('sign-up-email'));
      expect(Object.fromEntries(Object.keys(typed).map((id) => [id, field(id).value]))).toEqual(typed);
      expect(container.querySelector<HTMLSelectElement>('select')?.value).toBe('client');
      expect(submit?.disabled).toBe(false);
      if (submit) fireEvent.click(submit);
      await waitFor(() => expect(currentLocation()).toBe('/journey'));
      expect(calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }))).toEqual([
        {
          url: '/api/register',
          body: expect.objectContaining({ email: 'ann@example.com', firstName: 'Ann', role: 'client' }),
        },
        { url: '/api/accept-invitation', body: { invitationId: 'inv-mailed' } },
      ]);
    } finally {
      drawn.remove();
    }
  });

  it('fills in the invited address once hydrated, unless something was typed before the scripts', async () => {
    for (const typedBefore of ['', 'typed@example.com']) {
      scriptApi({});
      const drawn = drawPage(<AuthPage />, {
        drawnFor: '?invitation=prerendered',
        opened: '/auth?invitation=inv-mailed#email=ann%40example.com',
      });
      try {
        const email = drawn.container.querySelector<HTMLInputElement>('#sign-up-email');
        if (!email) throw new Error('the drawn form has no e-mail field');
        expect(email.value).toBe('');
        email.value = typedBefore;
        expect(await drawn.hydrate()).toEqual([]);
        expect(email.value).toBe(typedBefore || 'ann@example.com');
      } finally {
        drawn.remove();
      }
    }
  });
});
