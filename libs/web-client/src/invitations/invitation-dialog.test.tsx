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
    // Before anything is typed, the phone field says the text needs the country code.
    const hintId = field('Phone number (optional)').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe(
      'With the country code, e.g. +1\u00a0555\u00a0123\u00a04567',
    );
    fill('P', 'pat@', '555-0100');
    send();
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    // A national number: the message takes the hint's place, and describes the field.
    const message = screen.getByText('Phone number must be in international format, e.g. +1 555 123 4567');
    expect(field('Phone number (optional)').getAttribute('aria-describedby')).toBe(message.id);
    expect(document.getElementById(hintId)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed invitation, shows Sending..., then closes with the toast, refetching the client reads', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls = scriptInvitations(() => new Promise((resolve) => (release = resolve)));
    const queryClient = renderDialog('agent-to-client');
    queryClient.setQueryData(['/api/agents/agent-1/clients'], []);
    await screen.findByRole('dialog', { name: 'Invite Client' });
    fill(' Sam Seller ', 'sam@example.com', '+1 555-010-0100');
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
          phoneNumber: '+15550100100',
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

  it('trying again after Invitation Already Sent resends the waiting invitation, as the toast says', async () => {
    const calls: Array<{ method: string; url: string }> = [];
    const waiting = {
      id: 'inv-7',
      type: 'client-to-agent',
      name: 'Pat Agent',
      email: 'Pat@Example.com',
      phoneNumber: null,
      status: 'pending',
      emailSent: true,
      smsSent: false,
      sentAt: '2030-03-01T12:00:00.000Z',
      expiresAt: '2030-03-31T12:00:00.000Z',
      acceptedAt: null,
    };
    const answers: Record<string, () => Response> = {
      'POST /api/invitations': () =>
        json(400, {
          message: 'An invitation has already been sent to pat@example.com',
          code: 'INVITATION_ALREADY_SENT',
        }),
      // An expired and an accepted one to the same address are not the one sent again.
      'GET /api/invitations': () =>
        json(200, [
          { ...waiting, id: 'inv-9', status: 'accepted', acceptedAt: '2030-02-02T12:00:00.000Z' },
          { ...waiting, id: 'inv-8', email: 'someone@example.com' },
          waiting,
        ]),
      'POST /api/invitations/inv-7/resend': () =>
        json(200, {
          invitationId: 'inv-7',
          email: { success: true, error: null },
          sms: { success: false, error: null },
        }),
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({ method: init?.method ?? 'GET', url: String(input) });
      const answer = answers[key];
      return answer ? answer() : json(500, { message: `unexpected ${key}` });
    });
    renderDialog('client-to-agent');
    await screen.findByRole('dialog', { name: 'Invite Your Agent' });
    fill('Pat Agent', 'pat@example.com');
    send();
    await waitFor(() => expect(latestToast()?.title).toBe('Invitation Already Sent'));
    expect(calls).toEqual([{ method: 'POST', url: '/api/invitations' }]);

    send();
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect(latestToast()).toMatchObject({ title: 'Invitation sent via email!' });
    expect(calls.slice(1)).toEqual([
      { method: 'GET', url: '/api/invitations' },
      { method: 'POST', url: '/api/invitations/inv-7/resend' },
    ]);
  });

  it('trying again when nothing waits there any more sends a new invitation; a refusal says why', async () => {
    const calls: string[] = [];
    let posts = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      if (key === 'GET /api/invitations') return json(200, []);
      posts += 1;
      return posts === 1
        ? json(400, {
            message: 'An invitation has already been sent to pat@example.com',
            code: 'INVITATION_ALREADY_SENT',
          })
        : json(429, {
            message: 'An invitation can be sent again 3 times a day. Try again tomorrow.',
            code: 'RATE_LIMITED',
          });
    });
    renderDialog('client-to-agent');
    await screen.findByRole('dialog', { name: 'Invite Your Agent' });
    fill('Pat Agent', 'pat@example.com');
    send();
    await waitFor(() => expect(latestToast()?.title).toBe('Invitation Already Sent'));
    send();
    await waitFor(() =>
      expect(latestToast()).toMatchObject({
        title: 'Failed to send invitation',
        description: 'An invitation can be sent again 3 times a day. Try again tomorrow.',
      }),
    );
    expect(calls).toEqual(['POST /api/invitations', 'GET /api/invitations', 'POST /api/invitations']);
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
    fill('Sam Seller', 'sam@example.com', '+1 555 010 0100');
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
