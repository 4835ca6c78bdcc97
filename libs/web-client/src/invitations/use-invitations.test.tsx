import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SENT_INVITATIONS_URL } from '@listready/contracts/invitation';
import { createAppQueryClient } from '../api/query-client.ts';
import { JUST_READ_MS, useSentInvitations } from './use-invitations.ts';

function SentCount() {
  const sent = useSentInvitations();
  return <p>{sent.data ? `${sent.data.length} sent` : 'reading'}</p>;
}

/** Every GET of the invitations, answered with none. */
function countReads(): { reads: number } {
  const counted = { reads: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) === SENT_INVITATIONS_URL) counted.reads += 1;
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return counted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useSentInvitations', () => {
  it('reads again as a screen showing it opens, unless it was read moments ago', async () => {
    const counted = countReads();
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = createAppQueryClient();
    const open = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <SentCount />
        </QueryClientProvider>,
      );

    const first = open();
    await screen.findByText('0 sent');
    expect(counted.reads).toBe(1);
    first.unmount();

    // Opened again at once (as after a read started on the user's intent): the answer is shown as read.
    const second = open();
    await screen.findByText('0 sent');
    expect(counted.reads).toBe(1);
    second.unmount();

    // Opened later: read again.
    vi.setSystemTime(Date.now() + JUST_READ_MS + 1);
    open();
    await waitFor(() => expect(counted.reads).toBe(2));
  });
});
