import { Profiler, useDeferredValue } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationSettingsMessages } from '@listready/contracts/auth';
import type { CalendarFeed } from '@listready/contracts/calendar';
import { getToasts } from '@listready/ui';
import { json, renderSignedIn, scriptApi } from '../../journey/utils/journey-test-fixtures.tsx';
import { userFixture } from '../utils/profile-test-fixtures.ts';
import { CalendarRemindersCard } from './calendar-reminders-card.tsx';

const writeText = vi.fn(async (_text: string) => undefined);
const feed: CalendarFeed = {
  url: 'https://homes.example/api/calendar/abc_def.ics',
  webcalUrl: 'webcal://homes.example/api/calendar/abc_def.ics',
  createdAt: '2030-01-01T00:00:00.000Z',
};
const noFeed: CalendarFeed = { url: null, webcalUrl: null, createdAt: null };

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeText.mockClear();
});

describe('calendar address', () => {
  it('creates an address, copies it, and turns it off', async () => {
    const calls = scriptApi({
      'GET /api/calendar/feed': () => json(200, noFeed),
      'POST /api/calendar/feed': () => json(201, feed),
      'DELETE /api/calendar/feed': () => new Response(null, { status: 204 }),
    });
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    const address = await screen.findByLabelText<HTMLInputElement>('Your private calendar address');
    expect(address.value).toBe(feed.url);
    // A first address replaces none, and says so.
    expect(getToasts()[0]).toMatchObject({
      title: 'Calendar address ready',
      description: 'Subscribe to it in your calendar app to see your tasks there.',
    });
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(feed.webcalUrl);

    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(feed.url));

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/calendar/feed',
      'POST /api/calendar/feed',
      'DELETE /api/calendar/feed',
    ]);
  });
});

describe('reminder settings', () => {
  it('says when reminders come: when the person chose, 6 pm the day before until then, and no text at night', async () => {
    scriptApi({ 'GET /api/calendar/feed': () => json(200, noFeed) });
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    expect(
      await screen.findByText(
        'Each open task with a due date is reminded once, when you choose, in your time zone. A text is never sent between 9 pm and 8 am: one due then waits for the morning.',
      ),
    ).toBeTruthy();
    const when = screen.getByLabelText<HTMLSelectElement>('Remind me');
    expect([...when.options].map((option) => option.text)).toEqual([
      '8 am on the day it is due',
      '6 pm the day before',
      '8 am the day before',
      '6 pm 2 days before',
    ]);
    expect([...when.options].find((option) => option.selected)?.text).toBe('6 pm the day before');
  });

  it('saves the time the person chooses, and shows their choice when the profile opens again', async () => {
    const morning = {
      ...userFixture,
      notificationPreferences: { ...userFixture.notificationPreferences, reminderMinutes: -480 },
    };
    const calls = scriptApi({
      'GET /api/calendar/feed': () => json(200, noFeed),
      'PUT /api/auth/user/notifications': () => json(200, morning),
    });
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    fireEvent.change(screen.getByLabelText('Remind me'), { target: { value: '-480' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Reminder settings saved' }));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ reminderMinutes: -480 });

    cleanup();
    renderSignedIn(<CalendarRemindersCard user={morning} />, morning);
    const when = screen.getByLabelText<HTMLSelectElement>('Remind me');
    expect([...when.options].find((option) => option.selected)?.text).toBe('8 am on the day it is due');
  });

  it('gives an agent the address of their clients’ dates and no reminder settings: none are sent to them', async () => {
    scriptApi({ 'GET /api/calendar/feed': () => json(200, noFeed) });
    const agent = { ...userFixture, role: 'agent' as const };
    renderSignedIn(<CalendarRemindersCard user={agent} />, agent);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Calendar');
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeTruthy();
    expect(screen.getByText(/every linked client’s dated tasks/)).toBeTruthy();
    expect(
      screen.getByText(
        'Reminders of a task go to your client and to the member of their household it is assigned to; your calendar app’s alerts remind you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Reminder settings' })).toBeNull();
    cleanup();
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Calendar and reminders');
    const field = screen.getByLabelText('Mobile number (for SMS)');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "It becomes your profile's phone number too: one number per account.",
    );
  });

  it('asks for a mobile number before turning SMS on, then saves it with the zone', async () => {
    const calls = scriptApi({
      'GET /api/calendar/feed': () => json(200, noFeed),
      'PUT /api/auth/user/notifications': () =>
        json(200, {
          ...userFixture,
          phone: '+12125550100',
          notificationPreferences: { ...userFixture.notificationPreferences, sms: true },
        }),
    });
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    // The number on file (555-0100) is not an international mobile number: the field starts empty.
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number (for SMS)').value).toBe('');
    fireEvent.click(screen.getByLabelText('SMS reminders'));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    expect(await screen.findByText(notificationSettingsMessages.phoneRequiredForSms)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Mobile number (for SMS)'), {
      target: { value: '+1 212 555 0100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Reminder settings saved' }));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: true,
      sms: true,
      phone: '+12125550100',
      timezone: 'UTC',
      reminderMinutes: 360,
    });
  });

  it('lists the time zones only after its first commit, even drawn by a background render (issue 16)', async () => {
    scriptApi({ 'GET /api/calendar/feed': () => json(200, noFeed) });
    const askIntl = vi.spyOn(Intl, 'supportedValuesOf');
    // As the profile draws it: in the background render that follows the profile's data.
    function InBackgroundRender() {
      const shown = useDeferredValue(true, false);
      return shown && <CalendarRemindersCard user={userFixture} />;
    }
    const zoneOptions = () => document.querySelectorAll('#reminder-timezone option').length;
    let firstCommit: { options: number; askedIntl: number } | undefined;
    const recordCommit = () => {
      if (!firstCommit && zoneOptions() > 0) {
        firstCommit = { options: zoneOptions(), askedIntl: askIntl.mock.calls.length };
      }
    };
    renderSignedIn(
      <Profiler id="card" onRender={recordCommit}>
        <InBackgroundRender />
      </Profiler>,
      userFixture,
    );
    await waitFor(() => expect(zoneOptions()).toBeGreaterThan(100));
    expect(firstCommit).toEqual({ options: 1, askedIntl: 0 });
    expect(screen.getByLabelText<HTMLSelectElement>('Time zone').value).toBe('UTC');
    askIntl.mockRestore();
  });

  it('leaves the number on file alone when only e-mail changes', async () => {
    const calls = scriptApi({
      'GET /api/calendar/feed': () => json(200, feed),
      'PUT /api/auth/user/notifications': () => json(200, userFixture),
    });
    renderSignedIn(<CalendarRemindersCard user={userFixture} />, userFixture);
    fireEvent.click(screen.getByLabelText('E-mail reminders'));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: false,
      sms: false,
      timezone: 'UTC',
      reminderMinutes: 360,
    });
  });
});
