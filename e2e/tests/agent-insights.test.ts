import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  agentAccountSchema,
  agentInsightsSchema,
  invitationResponseSchema,
  taskEntriesSchema,
} from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount } from '../support/accounts.ts';

/**
 * Readiness insights (issue 19, item 3): a client who let a task go overdue is flagged on their
 * agent's dashboard, with the reason, their forecast list-ready date and the homes per stage — real
 * accounts, the invitation accepted, the task dated through the API. Axe clean, usable at 375 px,
 * nothing moving while the insights arrive (each card has its height from the start).
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'insights-pass-1';
const DAY_MS = 86_400_000;

async function register(page: Page, role: 'agent' | 'client', firstName: string, email: string) {
  const lastName = role === 'agent' ? 'Agent' : 'Seller';
  await registerAccount(page, baseUrl, { role, firstName, lastName, email, password });
}

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('readiness insights on the agent dashboard', () => {
  it('flags a client with an overdue task, with the reason, the forecast and the pipeline', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    const stamp = Date.now();
    const agentEmail = `ivy.${stamp}@example.com`;
    const clientEmail = `olive.${stamp}@example.com`;

    await register(page, 'agent', 'Ivy', agentEmail);
    const agentId = agentAccountSchema.parse(
      await (await page.request.get(`${baseUrl}/api/agents/current`)).json(),
    ).id;
    const invited = await page.request.post(`${baseUrl}/api/invitations`, {
      data: {
        name: 'Olive Seller',
        email: clientEmail,
        phoneNumber: '+1 555 010 0123',
        type: 'agent-to-client',
      },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = invitationResponseSchema.parse(await invited.json());

    // The client: accepts, completes one task, and lets another go five days overdue.
    await page.request.post(`${baseUrl}/api/logout`);
    await register(page, 'client', 'Olive', clientEmail);
    expect(
      (await page.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } })).status(),
    ).toBe(200);
    // The journey rows come with journey's user-registered consumer, a moment after sign-up.
    const tasksUrl = `${baseUrl}/api/clients/current/tasks`;
    await expect.poll(async () => (await page.request.get(tasksUrl)).status()).toBe(200);
    const entries = taskEntriesSchema.parse(await (await page.request.get(tasksUrl)).json());
    const task = (title: string) => {
      const entry = entries.find((item) => item.taskTemplate.title === title);
      if (!entry) throw new Error(`no task ${title}`);
      return entry;
    };
    const overdueOn = new Date(Date.now() - 5 * DAY_MS).toISOString().slice(0, 10);
    for (const [title, payload] of [
      ['Curb Appeal', { status: 'completed' }],
      ['Garage', { dueDate: overdueOn }],
    ] as const) {
      const response = await page.request.put(`${baseUrl}/api/client-tasks/${task(title).id}`, {
        data: payload,
      });
      expect(response.status()).toBe(200);
    }

    // The agent: the link arrives with journey's invitation-accepted consumer, a moment later.
    expect((await page.request.post(`${baseUrl}/api/logout`)).status()).toBe(200);
    expect(
      (await page.request.post(`${baseUrl}/api/login`, { data: { email: agentEmail, password } })).status(),
    ).toBe(200);
    await expect
      .poll(async () => {
        const response = await page.request.get(`${baseUrl}/api/agents/${agentId}/insights`);
        return agentInsightsSchema.parse(await response.json()).clients.map((client) => client.firstName);
      })
      .toEqual(['Olive']);

    await watchLayoutShifts(page);
    await page.goto(`${baseUrl}/dashboard`);
    const stalled = agentRemote(page).getByRole('list', { name: 'Stalled clients' });
    const olive = stalled.getByRole('listitem').filter({ hasText: 'Olive Seller' }).first();
    await olive.waitFor();
    const dueLabel = new Date(`${overdueOn}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(await olive.locator('[data-reason]').allInnerTexts()).toEqual([
      `1 overdue task, oldest due ${dueLabel}`,
    ]);
    expect(await olive.getByRole('link', { name: 'Olive Seller' }).getAttribute('href')).toMatch(
      /^\/journey\?clientId=/,
    );

    // One completion today: a date at that pace; the home is at Initial Assessment.
    const forecasts = agentRemote(page).getByRole('table', { name: /Forecast list-ready date/ });
    const row = forecasts.getByRole('row').filter({ hasText: 'Olive Seller' });
    expect(await row.locator('[data-forecast]').getAttribute('data-forecast')).toBe('projected');
    expect(await row.innerText()).toContain('Initial Assessment');
    expect(await row.innerText()).toMatch(/\d+ tasks before listing, at 1 a week/);
    const pipeline = agentRemote(page).getByRole('table', { name: 'Homes by stage, in journey order' });
    expect(
      await pipeline.locator('[data-pipeline-stage="initial-assessment"] [data-homes]').innerText(),
    ).toBe('1');
    expect(await pipeline.locator('[data-pipeline-stage="finished"] [data-homes]').innerText()).toBe('0');

    await page.waitForTimeout(500);
    const shifted = await totalLayoutShift(page);
    expect(shifted, 'cumulative layout shift on /dashboard with insights').toBeLessThanOrEqual(0.02);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'agent-insights-test--375.png'), fullPage: true });
    // The forecast is sideways on a phone: said, and the client's name stays while it scrolls.
    const forecastCard = agentRemote(page).getByRole('region', { name: 'Forecast list-ready dates' });
    const hint = agentRemote(page).getByText('Scroll the table sideways for stage and forecast.');
    expect(await hint.isVisible()).toBe(true);
    const name = row.getByRole('rowheader');
    const before = await name.boundingBox();
    await forecastCard.evaluate((element) => element.scrollBy({ left: 400 }));
    expect(await forecastCard.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect((await name.boundingBox())?.x).toBe(before?.x);
    expect(await row.locator('[data-forecast]').isVisible()).toBe(true);
    await forecastCard.screenshot({ path: path.join(artifactsDir, 'agent-insights-test--forecast-375.png') });

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await hint.isVisible()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'agent-insights-test--1280.png'), fullPage: true });
  });
});
