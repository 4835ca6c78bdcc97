import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  agentAccountSchema,
  agentClientRowsSchema,
  invitationResponseSchema,
  journeyResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount, switchAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * The agent dashboard (issue 14): an agent invites a client through the API, the client registers
 * and accepts, completes a task on their journey; the agent's /dashboard shows the figures and, in
 * the Clients tab, the client's row with its progress, and opens the client's journey read-only.
 * Every tab and /client-demo are axe clean, and usable at 375 px. Real accounts and services.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'dashboard-pass-1';

async function register(page: Page, role: 'agent' | 'client', firstName: string, email?: string) {
  const lastName = role === 'agent' ? 'Agent' : 'Client';
  return (await registerAccount(page, baseUrl, { role, firstName, lastName, email, password })).email;
}

const switchTo = (page: Page, email: string) => switchAccount(page, baseUrl, email, password);

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');
const sellerRemote = (page: Page) => page.locator('[data-remote="mfe-seller"]');

/** The document itself never scrolls sideways (a wide table scrolls inside its own region). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openTab(page: Page, name: string) {
  await agentRemote(page).getByRole('tab', { name }).click();
  expect(await agentRemote(page).getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

describe('the agent dashboard', () => {
  it('shows the linked client’s progress in the Clients tab, axe clean on every tab, at 375 px too', async () => {
    const { page, requests } = await browser.newPage();

    // The agent invites the client.
    const agentEmail = await register(page, 'agent', 'Avery');
    const agentId = agentAccountSchema.parse(
      await (await page.request.get(`${baseUrl}/api/agents/current`)).json(),
    ).id;
    const clientEmail = `casey.${Date.now()}@example.com`;
    const invited = await page.request.post(`${baseUrl}/api/invitations`, {
      data: {
        name: 'Casey Client',
        email: clientEmail,
        phoneNumber: '+1 555 010 0123',
        type: 'agent-to-client',
      },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = invitationResponseSchema.parse(await invited.json());
    // A second client invited who never joins: listed under the table.
    const waiting = await page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Drew Waiting', email: `drew.${Date.now()}@example.com`, type: 'agent-to-client' },
    });
    expect(waiting.status()).toBe(200);

    // The client signs up with the invited address, accepts, and completes a task on the journey.
    await page.request.post(`${baseUrl}/api/logout`);
    await register(page, 'client', 'Casey', clientEmail);
    const accepted = await page.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } });
    expect(accepted.status()).toBe(200);
    await page.goto(`${baseUrl}/journey`);
    const curbAppeal = sellerRemote(page).locator('[data-task-title="Curb Appeal"]');
    const completed = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/client-tasks/'),
    );
    await curbAppeal.getByRole('button', { name: 'Mark Complete' }).click();
    expect((await completed).status()).toBe(200);
    await toast(page, 'Task Completed!').waitFor();
    // Leave the journey before this browser's session changes hands: its refetches would be 401s.
    await page.goto('about:blank');

    // The agent: the link is applied by journey's invitation-accepted consumer, a moment later.
    await switchTo(page, agentEmail);
    await expect
      .poll(async () => {
        const response = await page.request.get(`${baseUrl}/api/agents/${agentId}/clients`);
        return agentClientRowsSchema.parse(await response.json()).map((row) => row.progressPercentage);
      })
      .toEqual([2]);

    await page.goto(`${baseUrl}/dashboard`);
    await agentRemote(page).getByRole('heading', { level: 1, name: 'Hello Avery!' }).waitFor();
    await agentRemote(page).getByText('Agent Dashboard').waitFor();
    const figures = agentRemote(page).locator('dd[data-stat]');
    await figures.first().waitFor();
    expect(await figures.allInnerTexts()).toEqual(['1', '2%', '0', '0']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await openTab(page, 'Clients');
    const row = agentRemote(page).getByRole('row').filter({ hasText: 'Casey Client' });
    await row.waitFor();
    expect(await row.getByTestId('client-progress').innerText()).toBe('2%');
    expect(
      await row.getByRole('progressbar', { name: 'Progress of Casey Client' }).getAttribute('value'),
    ).toBe('2');
    expect(await row.innerText()).toContain(clientEmail);
    expect(await row.innerText()).toContain('Initial Assessment');
    expect(await row.innerText()).toContain('Just now');
    expect(await row.getByRole('link', { name: 'Email Casey Client' }).getAttribute('href')).toBe(
      `mailto:${clientEmail}`,
    );
    expect(await row.getByRole('link', { name: 'Call Casey Client' }).getAttribute('href')).toBe(
      'tel:555-0100',
    );
    // Invited, not joined yet: Drew, not Casey (who accepted).
    const invitations = agentRemote(page).getByRole('region', { name: 'Invited, not joined yet' });
    const drew = invitations.getByRole('listitem').filter({ hasText: 'Drew Waiting' });
    await drew.waitFor();
    expect(await drew.innerText()).toContain('Waiting');
    expect(await invitations.getByRole('listitem').count()).toBe(1);
    // Sent again from its row: the send's toast.
    const resent = page.waitForResponse((response) => response.url().endsWith('/resend'));
    await drew.getByRole('button', { name: 'Send again to Drew Waiting' }).click();
    expect((await resent).status()).toBe(200);
    await toast(page, 'Invitation Sent').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'agent-dashboard-test--clients-1280.png') });

    await openTab(page, 'Branding');
    await agentRemote(page).getByRole('heading', { name: 'White-Label Branding' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The client's journey, read-only, from the row's first action. The pointer on the link starts
    // its reads (the seller remote is not here yet: the shell loads it and has it prepare the page),
    // and the journey, once open, asks for none of them again.
    await openTab(page, 'Clients');
    const journeyLink = row.getByRole('link', { name: 'View Casey Client’s journey' });
    const linkedReads = ['journey', 'tasks', 'custom-tasks'].map(
      (read) => new RegExp(`^/api/clients/current/${read}\\?clientId=[0-9a-f-]+$`),
    );
    const asked = () =>
      linkedReads.map(
        (read) =>
          requests.filter((request) => {
            const url = new URL(request.url());
            return read.test(`${url.pathname}${url.search}`);
          }).length,
      );
    expect(asked(), 'none of the client’s journey with the dashboard').toEqual([0, 0, 0]);
    // The seller remote's stylesheet comes with it: the dashboard stays as it was drawn (its sheet's
    // `p-4` once came after the dashboard's `sm:p-6` and shrank the card's header).
    const sheets = () => page.evaluate(() => document.styleSheets.length);
    const sheetsBefore = await sheets();
    const header = agentRemote(page).getByRole('heading', { name: 'Active Client Properties' });
    const headerBefore = await header.boundingBox();
    await journeyLink.hover();
    await expect.poll(asked).toEqual([1, 1, 1]);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(sheets).toBeGreaterThan(sheetsBefore);
    expect(await header.boundingBox()).toEqual(headerBefore);
    await journeyLink.click();
    await page.waitForURL(/\/journey\?clientId=/);
    await sellerRemote(page)
      .locator('[data-task-title="Curb Appeal"]')
      .getByText('Completed by Casey Client')
      .waitFor();
    expect(asked(), 'the journey asks for none of them again').toEqual([1, 1, 1]);
    // Read-only: whose journey it is, and nothing to change.
    await sellerRemote(page).getByRole('heading', { level: 1, name: 'Casey Client’s journey' }).waitFor();
    await sellerRemote(page).getByRole('region', { name: 'Home Sale Journey', exact: true }).waitFor();
    expect(
      await sellerRemote(page)
        .getByRole('button', { name: /Mark (Complete|Incomplete)|Reschedule/ })
        .count(),
    ).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const tasks = await page.request.get(`${baseUrl}/api/clients/current/tasks${new URL(page.url()).search}`);
    expect(
      taskEntriesSchema.parse(await tasks.json()).filter((entry) => entry.clientTask.status === 'completed'),
    ).toHaveLength(1);

    // At 375 px: nothing wider than the screen; the table scrolls in its own region, the Client column kept.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseUrl}/dashboard`);
    await agentRemote(page).getByRole('heading', { level: 1, name: 'Hello Avery!' }).waitFor();
    await figures.first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await openTab(page, 'Clients');
    await row.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const table = agentRemote(page).getByRole('region', { name: 'Clients table' });
    const clientCell = row.getByRole('rowheader');
    const before = await clientCell.boundingBox();
    // What is out of view is said (and shadowed at the table's right edge).
    expect(await agentRemote(page).getByTestId('clients-scroll-hint').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, 'agent-dashboard-test--clients-375-start.png') });
    await table.evaluate((element) => element.scrollBy({ left: 400 }));
    expect(await table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect((await clientCell.boundingBox())?.x).toBe(before?.x);
    expect(await row.getByRole('link', { name: 'Email Casey Client' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'agent-dashboard-test--clients-375.png') });
    // Find a client: the words typed keep their row; none matching says so, with a way back.
    const search = agentRemote(page).getByRole('searchbox', { name: 'Find a client' });
    await search.fill('casey');
    await row.waitFor();
    await agentRemote(page).getByText('1 of 1 client').waitFor();
    await search.fill('nobody by this name');
    await agentRemote(page).getByText('No client matches “nobody by this name”').waitFor();
    expect(await row.count()).toBe(0);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(artifactsDir, 'agent-dashboard-test--clients-no-match-375.png'),
    });
    await agentRemote(page).getByRole('button', { name: 'Show all clients' }).click();
    await row.waitFor();
    // Sorting by a column: the header says so, axe clean.
    await table.getByRole('button', { name: 'Progress' }).click();
    expect(await table.getByRole('columnheader', { name: 'Progress' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await openTab(page, 'Branding');
    await agentRemote(page).getByRole('heading', { name: 'White-Label Branding' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('shows a new agent the empty state and zeros, nothing moving while the figures arrive', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'agent', 'Nell');
    await watchLayoutShifts(page);
    await page.goto(`${baseUrl}/dashboard`);
    const figures = agentRemote(page).locator('dd[data-stat]');
    await figures.first().waitFor();
    expect(await figures.allInnerTexts()).toEqual(['0', '0%', '0', '0']);
    await page.waitForTimeout(500);
    const shifted = await totalLayoutShift(page);
    expect(shifted, 'cumulative layout shift on /dashboard').toBeLessThanOrEqual(0.02);

    await openTab(page, 'Clients');
    await agentRemote(page).getByText('No clients yet').waitFor();
    await agentRemote(page)
      .getByText('Get started by inviting your first client to begin their home preparation journey.')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('takes an agent to their profile from the bottom bar: the phone their clients call, their calendar, no reminder settings', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'agent', 'Pia');
    await watchLayoutShifts(page);
    await page.goto(`${baseUrl}/dashboard`);
    await agentRemote(page).locator('dd[data-stat]').first().waitFor();
    // From here: what the profile's arrival moves.
    await page.evaluate(() => {
      (window as unknown as { layoutShifts: number[] }).layoutShifts.length = 0;
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile?tab=overview`);
    await sellerRemote(page).getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await sellerRemote(page).getByRole('button', { name: 'Create calendar address' }).waitFor();
    expect(await sellerRemote(page).getByRole('heading', { level: 2, name: 'Calendar' }).isVisible()).toBe(
      true,
    );
    // Reminders go to clients and their households, not to the agent: no settings that do nothing.
    expect(await sellerRemote(page).getByRole('form', { name: 'Reminder settings' }).count()).toBe(0);
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Profile' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.waitForTimeout(300);
    expect(await totalLayoutShift(page), 'cumulative layout shift on /profile').toBeLessThanOrEqual(0.02);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(artifactsDir, 'agent-dashboard-test--profile-375.png'),
      fullPage: true,
    });

    // The number their clients' banner calls is changed here.
    await sellerRemote(page).getByRole('button', { name: 'Edit Profile' }).click();
    await sellerRemote(page).getByLabel('Phone').fill('+1 212 555 0199');
    await sellerRemote(page).getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    const account = await (await page.request.get(`${baseUrl}/api/agents/current`)).json();
    expect(account.phone).toBe('+1 212 555 0199');
    expect(errors).toEqual([]);
  });

  it('points an agent at /journey with no client named to the Clients tab, which the address keeps', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'agent', 'Ravi');
    // An agent has no journey of their own: no read of one (each was a 403), a way to their clients.
    await page.goto(`${baseUrl}/journey`);
    await sellerRemote(page).getByRole('heading', { level: 2, name: 'No client chosen' }).waitFor();
    expect(await page.title()).toBe('Client journey · ListReady');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(artifactsDir, 'agent-dashboard-test--journey-no-client-375.png'),
    });
    await sellerRemote(page).getByRole('link', { name: 'Go to Your Clients' }).click();
    await page.waitForURL(`${baseUrl}/dashboard?tab=clients`);
    const clientsTab = agentRemote(page).getByRole('tab', { name: 'Clients' });
    await agentRemote(page).getByText('No clients yet').waitFor();
    expect(await clientsTab.getAttribute('aria-selected')).toBe('true');
    // A reload opens the tab the address names; choosing another writes it there, in place.
    await page.reload();
    await agentRemote(page).getByText('No clients yet').waitFor();
    expect(await clientsTab.getAttribute('aria-selected')).toBe('true');
    await openTab(page, 'Branding');
    expect(page.url()).toBe(`${baseUrl}/dashboard?tab=branding`);
    await openTab(page, 'Dashboard');
    expect(page.url()).toBe(`${baseUrl}/dashboard`);
    await page.goBack();
    expect(page.url()).toBe(`${baseUrl}/journey`);
  });

  it('/client-demo shows the journey a new client gets, on a sample’s progress, with the agent’s own banner', async () => {
    // A new client's journey: its stages, their icons and task counts, and its tasks.
    const client = await browser.newPage();
    await register(client.page, 'client', 'Nia');
    const journey = journeyResponseSchema.parse(
      await (await client.page.request.get(`${baseUrl}/api/clients/current/journey`)).json(),
    );
    const tasks = taskEntriesSchema.parse(
      await (await client.page.request.get(`${baseUrl}/api/clients/current/tasks`)).json(),
    );

    const { page } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'agent', 'Dana');
    await page.goto(`${baseUrl}/client-demo`);
    await agentRemote(page).getByRole('heading', { level: 1, name: 'Client Demo' }).waitFor();
    const stages = agentRemote(page).getByRole('list', { name: 'Journey stages' }).getByRole('listitem');
    await stages.first().waitFor();
    const shown = await stages.evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector('.font-semibold')?.textContent,
        icon: Array.from(item.querySelector('svg')?.classList ?? []).find((name) =>
          name.startsWith('lucide-'),
        ),
        total: Number(/of (\d+) done/.exec(item.textContent ?? '')?.[1]),
      })),
    );
    // lucide-react names an icon's element after it: ClipboardCheck → lucide-clipboard-check.
    const iconClass = (icon: string | null) =>
      `lucide-${(icon ?? '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
    expect(shown).toEqual(
      journey.stages.map((stage) => ({
        name: stage.title,
        icon: iconClass(stage.icon),
        total: stage.totalTasks,
      })),
    );
    await agentRemote(page).getByText(`of ${journey.summary.totalTasks} tasks completed`).waitFor();
    // Today's Priority names one of the journey's tasks, with its priority.
    const priority = agentRemote(page).getByRole('region', { name: "Today's Priority" });
    const title = await priority.locator('p.font-medium').innerText();
    const task = tasks.find((entry) => entry.taskTemplate.title === title);
    expect(task?.stage.name).toBe('Declutter');
    expect(await priority.textContent()).toContain(task?.taskTemplate.priority);
    expect(await priority.textContent()).toContain(task?.taskTemplate.description);
    // The journey card's week names open Declutter tasks of the journey.
    const week = agentRemote(page)
      .getByRole('region', { name: 'Your Home Sale Journey' })
      .getByRole('list', { name: 'Due in the next 7 days' })
      .getByRole('listitem');
    const weekTitles = await week.evaluateAll((items) =>
      items.map((item) => item.querySelector('.truncate')?.textContent),
    );
    expect(weekTitles).toHaveLength(3);
    for (const weekTitle of weekTitles)
      expect(tasks.find((entry) => entry.taskTemplate.title === weekTitle)?.stage.name, weekTitle).toBe(
        'Declutter',
      );
    // The banner names the agent looking at the demo, with the phone their clients call.
    const call = agentRemote(page)
      .getByRole('complementary', { name: 'Your agent' })
      .getByRole('link', { name: 'Call Dana Agent' });
    expect(await call.getAttribute('href')).toBe('tel:555-0100');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(artifactsDir, 'agent-dashboard-test--client-demo-375.png'),
      fullPage: true,
    });
  });
});
