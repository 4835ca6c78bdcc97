import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { aClientProfile, aSentInvitation } from '@listready/contracts/fixtures';
import type { SentInvitation } from '@listready/contracts/invitation';
import type { ClientProfile } from '../journey/utils/journey-api.ts';
import { json, renderSignedIn, scriptApi } from '../journey/utils/journey-test-fixtures.tsx';
import { useClientProfile } from '../journey/hooks/use-journey-queries.ts';
import { ClientBanner } from './client-banner.tsx';

/** Says when the banner's read has answered (the same query, so the banner has it too). */
function ProfileRead() {
  return useClientProfile(true).data ? 'profile read' : null;
}

const scriptProfile = (agent: ClientProfile['agent']) =>
  scriptApi({ 'GET /api/clients/current/profile': () => json(200, aClientProfile({ agent })) });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ClientBanner', () => {
  it('offers to call and e-mail a linked agent', async () => {
    scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: 'pat@example.com' });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Need help?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call Pat Agent' }).getAttribute('href')).toBe('tel:555-0199');
    expect(screen.getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toBe(
      'mailto:pat@example.com',
    );
  });

  it('shows Email Agent only when the agent has an e-mail', async () => {
    scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: null });
    renderSignedIn(<ClientBanner />);
    await screen.findByText('Need help?');
    expect(screen.queryByRole('link', { name: 'Email Agent' })).toBeNull();
  });

  it('invites a seller without an agent to bring one: Invite My Agent sends a client-to-agent invitation', async () => {
    let sent: SentInvitation[] = [];
    const calls = scriptApi({
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/invitations': () => json(200, sent),
      'POST /api/invitations': () => {
        sent = [aSentInvitation({ name: 'Pat Agent', email: 'pat@example.com' })];
        return json(200, {
          invitationId: 'inv-1',
          email: { success: true, error: null },
          sms: { success: false, error: null },
        });
      },
    });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Ready to get started?')).toBeTruthy();
    const inviteButton = screen.getByRole('button', { name: 'Invite My Agent' });
    fireEvent.click(inviteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Invite Your Agent' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pat Agent' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/invitations',
      body: { name: 'Pat Agent', email: 'pat@example.com', type: 'client-to-agent' },
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Invitation sent via email!',
      description: 'No phone number was given, so no text message was sent.',
    });
    // The profile is asked again (its agent, once the invitation is accepted).
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/clients/current/profile')).toHaveLength(2),
    );
    await waitFor(() => expect(document.activeElement).toBe(inviteButton));
    // The banner now says whom the seller is waiting for; the button (and the focus on it) stays.
    expect(await screen.findByText('Invitation sent to Pat Agent')).toBeTruthy();
    expect(screen.queryByText('Ready to get started?')).toBeNull();
    expect(document.activeElement).toBe(inviteButton);
  });

  it('names the agent a seller invited while the invitation waits; once it expired, invites again', async () => {
    let sent = [aSentInvitation()];
    scriptApi({
      'GET /api/clients/current/profile': () => json(200, aClientProfile()),
      'GET /api/invitations': () => json(200, sent),
    });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Invitation sent to Al Agent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite My Agent' })).toBeTruthy();
    cleanup();

    sent = [aSentInvitation({ status: 'expired' })];
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Ready to get started?')).toBeTruthy();
    cleanup();

    // With an agent linked, the invitations are not asked for.
    const linked = scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: null });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Need help?')).toBeTruthy();
    expect(linked.map((call) => call.url)).toEqual(['/api/clients/current/profile']);
  });

  it('is not shown to agents, who never ask for the client profile', () => {
    const calls = scriptProfile(null);
    const { container } = renderSignedIn(<ClientBanner />, { role: 'agent' });
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });

  it('can be hidden, and stays hidden for that person until it has something else to say', async () => {
    scriptProfile(null);
    const first = renderSignedIn(<ClientBanner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this banner' }));
    expect(screen.queryByText('Ready to get started?')).toBeNull();
    expect(getToasts()[0]).toMatchObject({
      title: 'Banner hidden',
      description: 'Your agent is on your profile page.',
    });
    first.unmount();

    // Another page (a new mount): still hidden once the profile has come.
    const again = renderSignedIn(
      <>
        <ProfileRead />
        <ClientBanner />
      </>,
    );
    await screen.findByText('profile read');
    expect(again.container.textContent).toBe('profile read');
    again.unmount();

    // Someone else signed in on this device sees theirs.
    renderSignedIn(<ClientBanner />, { id: 'user-2' });
    expect(await screen.findByText('Ready to get started?')).toBeTruthy();
    cleanup();

    // An agent linked since: the banner has news, and shows again.
    scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: null });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Need help?')).toBeTruthy();
  });
});
