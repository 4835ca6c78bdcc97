import { useState } from 'react';
import { type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationKind } from '@listready/contracts/invitation';
import { getToasts } from '@listready/ui';
import { InvitationDialog } from './invitation-dialog.tsx';
import { renderWithSession } from '../testing/render-with-session.tsx';

interface Call {
  url: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `POST /api/invitations` answered by `answer` (which may wait), every call recorded. */
function scriptInvitations(answer: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return answer();
  });
  return calls;
}

function Opener({ type }: { type: InvitationKind }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <InvitationDialog type={type} open={open} onOpenChange={setOpen} />
    </>
  );
}

const renderDialog = (type: InvitationKind): QueryClient =>
  renderWithSession(<Opener type={type} />).queryClient;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const fill = (name: string, email: string, phone = '') => {
  type('Name', name);
  type('Email', email);
  type('Phone number (optional)', phone);
};
const send = () => fireEvent.click(screen.getByRole('button', { name: /Send Invitation|Sending/ }));
const latestToast = () => getToasts()[0];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvitationDialog', () => {
  it("Invite Your Agent: the schema's messages, nothing sent", async () => {
    const calls = scriptInvitations(() => json(500, {}));
    renderDialog('client-to-agent');
    await screen.findByRole('dialog', { name: 'Invite Your Agent' });
    fill('P', 'pat@', 'phone');
    send();
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Phone number must be a valid phone number')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed invitation, shows Sending..., then closes with the toast, refetching the client reads', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls = scriptInvitations(() => new Promise((resolve) => (release = resolve)));
    const queryClient = renderDialog('agent-to-client');
    queryClient.setQueryData(['/api/agents/agent-1/clients'], []);
    await screen.findByRole('dialog', { name: 'Invite Client' });
    fill(' Sam Seller ', 'sam@example.com', '555-0100');
    send();

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    send();
    expect(calls).toEqual([
      {
        url: '/api/invitations',
        body: {
          name: 'Sam Seller',
          email: 'sam@example.com',
          phoneNumber: '555-0100',
          type: 'agent-to-client',
        },
      },
    ]);

    release(
      json(200, {
        invitationId: 'inv-1',
        email: { success: true, error: null },
        sms: { success: true, error: null },
      }),
    );
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(latestToast()).toMatchObject({
      title: 'Invitation Sent',
      description: 'Client invitation has been sent via email and SMS successfully.',
    });
    expect(queryClient.getQueryState(['/api/agents/agent-1/clients'])?.isInvalidated).toBe(true);

    // Reopened, the form is empty again.
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect((await screen.findByLabelText('Name')) as HTMLInputElement).toHaveProperty('value', '');
  });

  it('a seller re-inviting the same agent: Invitation Already Sent, the dialog stays open with the values', async () => {
    scriptInvitations(() =>
      json(400, {
        message: 'An invitation has already been sent to pat@example.com',
        code: 'INVITATION_ALREADY_SENT',
      }),
    );
    renderDialog('client-to-agent');
    await screen.findByRole('dialog', { name: 'Invite Your Agent' });
    fill('Pat Agent', 'pat@example.com');
    send();
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Invitation Already Sent',
        description:
          'An invitation has already been sent to pat@example.com. You can resend it if needed by trying again.',
      }),
    );
    expect(screen.getByText('open')).toBeTruthy();
    expect(field('Email').value).toBe('pat@example.com');
    expect(screen.getByRole('button', { name: 'Send Invitation' }).hasAttribute('disabled')).toBe(false);
  });

  it("an agent's failure: Error with the server's message, its field issues under their fields", async () => {
    scriptInvitations(() =>
      json(400, {
        message: 'Phone number must be a valid phone number',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'phoneNumber', message: 'Phone number must be a valid phone number' }],
      }),
    );
    renderDialog('agent-to-client');
    await screen.findByRole('dialog', { name: 'Invite Client' });
    fill('Sam Seller', 'sam@example.com', '555-0100');
    send();
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Error',
        description: 'Phone number must be a valid phone number',
        variant: 'destructive',
      }),
    );
    expect(field('Phone number (optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
