import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@listready/ui';
import { renderWithSession } from '@listready/web-client/testing';
import { InviteClientButton } from './invite-client-button.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InviteClientButton', () => {
  it('opens Invite Client, sends an agent-to-client invitation and closes with the toast', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json(200, {
        invitationId: 'inv-1',
        email: { success: true, error: null },
        sms: { success: false, error: 'SMS is not configured' },
      });
    });
    renderWithSession(<InviteClientButton />);
    // Nothing of the dialog is fetched or shown until the button is used.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Invite Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Client' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nora York' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nora@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone number (optional)'), {
      target: { value: '+1 555 010 0101' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(bodies).toEqual([
      { name: 'Nora York', email: 'nora@example.com', phoneNumber: '+15550100101', type: 'agent-to-client' },
    ]);
    expect(getToasts()[0]).toMatchObject({
      title: 'Invitation Sent',
      // A phone number was given and its text failed: the agent is told (Twilio's wording is not).
      description:
        'Client invitation has been sent via email successfully. The text message could not be sent.',
    });
  });
});
