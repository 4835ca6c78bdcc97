import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '@listready/contracts/calendar';
import type { PublicUser } from '@listready/contracts/auth';
import { aPublicUser } from '@listready/contracts/fixtures';
import { getToasts } from '@listready/ui';
import { SESSION_QUERY_KEY } from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const agent = aPublicUser({
  role: 'agent',
  notificationPreferences: { email: true, push: true, sms: false, calendar: true, reminderMinutes: 360 },
});
const feed: CalendarFeed = {
  url: 'https://homes.example/api/calendar/abc_def.ics',
  webcalUrl: 'webcal://homes.example/api/calendar/abc_def.ics',
  createdAt: '2030-01-01T00:00:00.000Z',
};
const noFeed: CalendarFeed = { url: null, webcalUrl: null, createdAt: null };
const writeText = vi.fn(async (_text: string) => undefined);
let calls: { call: string; body: unknown }[] = [];

function serve(answers: Record<string, () => Response>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answers[call]?.() ?? json(404, { message: 'not scripted' });
    }),
  );
}

const renderCard = () => renderWithSession(<CalendarFeedCard />, agent).queryClient;

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeText.mockClear();
});

describe("the agent's calendar feed card", () => {
  it('makes the address of every client’s dated tasks, copies it, replaces it and turns it off', async () => {
    const replaced = { ...feed, url: 'https://homes.example/api/calendar/new_one.ics' };
    let posts = 0;
    serve({
      'GET /api/calendar/feed': () => json(200, noFeed),
      'POST /api/calendar/feed': () => json(201, (posts += 1) === 1 ? feed : replaced),
      'DELETE /api/calendar/feed': () => new Response(null, { status: 204 }),
    });
    renderCard();
    expect(screen.getByRole('heading', { level: 2, name: 'Calendar feed' })).toBeTruthy();
    expect(await screen.findByText(/every linked client’s dated tasks/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create calendar address' }));
    const address = await screen.findByLabelText<HTMLInputElement>('Your private calendar address');
    expect(address.value).toBe(feed.url);
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(feed.webcalUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(feed.url));

    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Your private calendar address').value).toBe(
        replaced.url,
      ),
    );
    // Replacing one says the earlier address stopped working (a first one does not).
    expect(getToasts()[0]).toMatchObject({
      title: 'Calendar address ready',
      description: 'The earlier address no longer works: subscribe again with this one.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeTruthy();
    expect(calls.map(({ call }) => call)).toEqual([
      'GET /api/calendar/feed',
      'POST /api/calendar/feed',
      'POST /api/calendar/feed',
      'DELETE /api/calendar/feed',
    ]);
  });

  it('turns calendar alerts off (the calendar preference) and shows it saved', async () => {
    serve({
      'GET /api/calendar/feed': () => json(200, feed),
      'PUT /api/auth/user/notifications': () =>
        json(200, {
          ...agent,
          notificationPreferences: { ...agent.notificationPreferences, calendar: false },
        }),
    });
    const queryClient = renderCard();
    const alerts = await screen.findByRole<HTMLInputElement>('checkbox', { name: /Calendar alerts/ });
    expect(alerts.checked).toBe(true);
    fireEvent.click(alerts);
    await waitFor(() => expect(getToasts().map((shown) => shown.title)).toContain('Calendar alerts off'));
    expect(alerts.checked).toBe(false);
    expect(calls.at(-1)).toEqual({ call: 'PUT /api/auth/user/notifications', body: { calendar: false } });
    expect(queryClient.getQueryData<PublicUser>(SESSION_QUERY_KEY)?.notificationPreferences.calendar).toBe(
      false,
    );
  });
});
