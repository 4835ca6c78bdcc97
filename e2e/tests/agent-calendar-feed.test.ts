import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  agentAccountSchema,
  agentClientRowsSchema,
  invitationResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * The agent's calendar feed (issue 19, item 1) on the dashboard: an agent whose invited client has a
 * dated task makes the private address on the Dashboard tab, a calendar app fetches it without a
 * cookie and finds the client's task (led by the client's name); turning calendar alerts off takes
 * the alarms out; turning the address off makes it 404. At 375 px, axe clean, nothing shifting.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'agent-calendar-1';

async function register(
  page: Page,
  role: 'agent' | 'client',
  firstName: string,
  lastName: string,
  email: string,
) {
  await registerAccount(page, baseUrl, { role, firstName, lastName, email, password });
}

/** The feed as a calendar app reads it: no cookie, parsed by ical.js. */
async function calendarAt(url: string) {
  const response = await fetch(url);
  if (response.status !== 200) return { status: response.status, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return {
    status: response.status,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      summary: new ICAL.Event(vevent).summary,
      day: new ICAL.Event(vevent).startDate.toString(),
      alarm: vevent.getFirstSubcomponent('valarm') !== null,
    })),
  };
}

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');

describe("the agent's calendar feed", () => {
  it('gets the address of every client’s dated tasks, which a calendar app reads; alerts off, then revoked', async () => {
    const stamp = `${Date.now()}`;
    const agentEmail = `feed.agent.${stamp}@example.com`;
    const clientEmail = `feed.client.${stamp}@example.com`;
    const setup = (await browser.newPage()).page;

    // The agent invites the client, who signs up, accepts and dates a task.
    await register(setup, 'agent', 'Fern', 'Agent', agentEmail);
    const agentId = agentAccountSchema.parse(
      await (await setup.request.get(`${baseUrl}/api/agents/current`)).json(),
    ).id;
    const invited = await setup.request.post(`${baseUrl}/api/invitations`, {
      data: {
        name: 'Cleo Client',
        email: clientEmail,
        phoneNumber: '+1 555 010 0123',
        type: 'agent-to-client',
      },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = invitationResponseSchema.parse(await invited.json());
    await setup.request.post(`${baseUrl}/api/logout`);
    await register(setup, 'client', 'Cleo', 'Client', clientEmail);
    expect(
      (await setup.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } })).status(),
    ).toBe(200);
    // The journey exists once journey has applied `user-registered`.
    await expect
      .poll(async () => (await setup.request.get(`${baseUrl}/api/clients/current/tasks`)).status())
      .toBe(200);
    const [task] = taskEntriesSchema.parse(
      await (await setup.request.get(`${baseUrl}/api/clients/current/tasks`)).json(),
    );
    if (!task) throw new Error('The client has no tasks');
    expect(
      (
        await setup.request.put(`${baseUrl}/api/client-tasks/${task.id}`, { data: { dueDate: '2031-04-20' } })
      ).status(),
    ).toBe(200);

    // The agent, once journey has linked the client (the invitation-accepted consumer).
    await setup.request.post(`${baseUrl}/api/logout`);
    expect(
      (await setup.request.post(`${baseUrl}/api/login`, { data: { email: agentEmail, password } })).status(),
    ).toBe(200);
    await expect
      .poll(async () =>
        agentClientRowsSchema
          .parse(await (await setup.request.get(`${baseUrl}/api/agents/${agentId}/clients`)).json())
          .map((row) => row.user.email),
      )
      .toEqual([clientEmail]);
    const cookies = await setup.context().cookies();

    const { page } = await browser.newPage({ width: 375, height: 812 });
    await page.context().addCookies(cookies);
    await watchLayoutShifts(page);
    await page.goto(`${baseUrl}/dashboard`);
    const card = agentRemote(page).locator('section[aria-labelledby="calendar-address-heading"]');
    await card.getByRole('heading', { level: 2, name: 'Calendar feed' }).waitFor();
    await card.getByRole('button', { name: 'Create calendar address' }).waitFor();
    await agentRemote(page).locator('dd[data-stat]').first().waitFor();
    await page.waitForTimeout(500);
    const shift = await totalLayoutShift(page);
    expect(shift, 'cumulative layout shift on /dashboard').toBeLessThanOrEqual(0.02);

    await card.getByRole('button', { name: 'Create calendar address' }).click();
    await toast(page, 'Calendar address ready').waitFor();
    const address = card.getByLabel('Your private calendar address');
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/api/calendar/[0-9a-f-]{36}_[A-Za-z0-9_-]{22}\\.ics$`));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await card.screenshot({ path: '/tmp/helper-calendar/agent-calendar-card-375.png' });

    // A calendar app: no cookie; the client's dated task, titled with the client's name, rings.
    const feed = await calendarAt(url);
    expect(feed.status).toBe(200);
    expect(feed.events).toEqual([
      { summary: `Cleo Client: ${task.taskTemplate.title}`, day: '2031-04-20', alarm: true },
    ]);

    // Calendar alerts off (the calendar preference): the dates stay, the alarms go.
    await card.getByRole('checkbox', { name: /Calendar alerts/ }).uncheck();
    await toast(page, 'Calendar alerts off').waitFor();
    expect((await calendarAt(url)).events.map((event) => event.alarm)).toEqual([false]);

    // Turned off: the old address answers 404.
    await card.getByRole('button', { name: 'Turn off' }).click();
    await toast(page, 'Calendar address turned off').waitFor();
    await card.getByRole('button', { name: 'Create calendar address' }).waitFor();
    expect((await calendarAt(url)).status).toBe(404);
    await page.screenshot({ path: '/tmp/helper-calendar/agent-dashboard-375.png', fullPage: true });
  });
});
