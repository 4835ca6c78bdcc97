import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPublicUser } from '@listready/contracts/fixtures';
import { getToasts } from '@listready/ui';
import {
  NO_INVITATION_ID_HINT,
  PENDING_INVITATION_STORAGE_KEY,
  type SessionUser,
} from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';
import { ACCEPTED_REDIRECT_DELAY_MS, AcceptInvitationScreen } from './accept-invitation-screen.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const accepted = (invitationId: string) =>
  json(200, {
    invitationId,
    type: 'client-to-agent',
    status: 'accepted',
    acceptedAt: '2030-01-01T00:00:00.000Z',
  });

/** Every call recorded; `POST /api/accept-invitation` answered by the next of `answers`. */
function scriptAcceptance(...answers: (() => Response)[]): { url: string; body: unknown }[] {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/session') return new Promise<Response>(() => undefined); // never resolves
    const answer = answers.shift();
    return answer ? answer() : json(500, { message: 'not scripted' });
  });
  return calls;
}

const agent = aPublicUser({ id: 'user-agent', role: 'agent', firstName: 'Alan' });
const seller = aPublicUser({ id: 'user-seller', role: 'client', firstName: 'Sadie' });

/** The screen at `url`; `session` undefined leaves the session probe in flight. */
function renderAt(url: string, session?: SessionUser | null) {
  window.history.replaceState(null, '', url);
  renderWithSession(<AcceptInvitationScreen />, session);
}

const location = () => `${window.location.pathname}${window.location.search}`;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const latestToast = () => getToasts()[0];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('/accept-invitation', () => {
  it("without an id: 'No invitation ID found in URL', nothing asked, Go to Home", () => {
    const calls = scriptAcceptance();
    renderAt('/accept-invitation?id=%20', agent);
    expect(screen.getByRole('alert').textContent).toBe('No invitation ID found in URL');
    // …and what to do about it: the link again, or a new invitation.
    expect(screen.getByText(NO_INVITATION_ID_HINT)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(location()).toBe('/');
  });

  it('waits for the session before doing anything', () => {
    const calls = scriptAcceptance();
    renderAt('/accept-invitation?id=inv-1');
    expect(heading()).toBe('Accept Invitation');
    expect(screen.getByRole('status').textContent).toBe('Checking your session');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/session']);
  });

  it('signed out: remembers the invitation, and offers to sign in (/auth) or create an agent account (/auth?role=agent)', () => {
    const calls = scriptAcceptance();
    renderAt('/accept-invitation?id=inv-7', null);
    expect(heading()).toBe('Accept Invitation');
    expect(window.localStorage.getItem(PENDING_INVITATION_STORAGE_KEY)).toBe('inv-7');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In to Accept Invitation' }));
    expect(location()).toBe('/auth');
    cleanup();
    renderAt('/accept-invitation?id=inv-7', null);
    fireEvent.click(screen.getByRole('button', { name: 'Create an Agent Account' }));
    expect(location()).toBe('/auth?role=agent');
    expect(calls).toEqual([]);
  });

  it('signed in: accepts at once, says Invitation Accepted! with the toast, and goes to /dashboard after 3 s', async () => {
    // Fake timers that still follow the clock, so the requests and React Query's own timers run.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = scriptAcceptance(() => accepted('inv-1'));
    renderAt('/accept-invitation?id=inv-1', agent);
    await screen.findByRole('heading', { level: 1, name: 'Invitation Accepted!' });
    expect(calls).toEqual([{ url: '/api/accept-invitation', body: { invitationId: 'inv-1' } }]);
    expect(latestToast()).toMatchObject({
      title: 'Invitation Accepted!',
      description: 'You are now linked to your client. Welcome to your agent dashboard!',
    });

    act(() => vi.advanceTimersByTime(ACCEPTED_REDIRECT_DELAY_MS - 500));
    expect(location()).toBe('/accept-invitation?id=inv-1');
    act(() => vi.advanceTimersByTime(500));
    expect(location()).toBe('/dashboard?tab=clients');
  });

  it('Go to Dashboard goes at once', async () => {
    scriptAcceptance(() => accepted('inv-1'));
    renderAt('/accept-invitation?id=inv-1', agent);
    fireEvent.click(await screen.findByRole('button', { name: 'Go to Dashboard' }));
    expect(location()).toBe('/dashboard?tab=clients');
  });

  it("a failure shows the server's message with the Error toast; Try Again asks again", async () => {
    const calls = scriptAcceptance(
      () =>
        json(410, { message: 'This invitation has expired. Ask for a new one.', code: 'INVITATION_EXPIRED' }),
      () => accepted('inv-1'),
    );
    renderAt('/accept-invitation?id=inv-1', agent);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask for a new one.',
    );
    expect(latestToast()).toMatchObject({
      title: 'Error',
      description: 'This invitation has expired. Ask for a new one.',
      variant: 'destructive',
    });
    expect(screen.getByRole('button', { name: 'Go to Home' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 1, name: 'Invitation Accepted!' });
    expect(calls).toHaveLength(2);
  });

  it("without the server's reason: 'Failed to accept invitation. Please try again.'", async () => {
    scriptAcceptance(() => new Response('', { status: 502 }));
    renderAt('/accept-invitation?id=inv-1', agent);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to accept invitation. Please try again.',
    );
  });

  it("a home seller accepting an agent's invitation here is told they are linked to their agent and goes to /journey", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = scriptAcceptance(() =>
      json(200, {
        invitationId: 'inv-2',
        type: 'agent-to-client',
        status: 'accepted',
        acceptedAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    renderAt('/accept-invitation?id=inv-2', seller);
    await screen.findByRole('heading', { level: 1, name: 'Invitation Accepted!' });
    expect(screen.getByRole('status').textContent).toBe(
      'You are now linked to your agent. Taking you to your journey…',
    );
    expect(calls).toEqual([{ url: '/api/accept-invitation', body: { invitationId: 'inv-2' } }]);
    expect(latestToast()).toMatchObject({
      title: 'Invitation Accepted!',
      description: 'You are now linked to your agent. They can follow your journey from their dashboard.',
    });
    expect(screen.queryByRole('button', { name: 'Go to Dashboard' })).toBeNull();
    act(() => vi.advanceTimersByTime(ACCEPTED_REDIRECT_DELAY_MS));
    // Not the agent's dashboard, which is no page for a seller (it was: a 404 after "linked to your client").
    expect(location()).toBe('/journey');
  });

  it('Go to My Journey takes a seller home at once', async () => {
    scriptAcceptance(() => accepted('inv-2'));
    renderAt('/accept-invitation?id=inv-2', seller);
    fireEvent.click(await screen.findByRole('button', { name: 'Go to My Journey' }));
    expect(location()).toBe('/journey');
  });

  it("a seller (wrong role) sees the server's 403 message, not a crash", async () => {
    scriptAcceptance(() => json(403, { message: 'Only an agent account can accept this invitation' }));
    renderAt('/accept-invitation?id=inv-1', seller);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only an agent account can accept this invitation',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});
