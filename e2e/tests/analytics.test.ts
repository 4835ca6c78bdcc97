import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  analyticsRealtimeSchema,
  analyticsStatsSchema,
  invitationResponseSchema,
  sessionResponseSchema,
} from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';

/**
 * Usage analytics end to end (issue 15): a seller linked to an agent (POST /api/invitations, then
 * POST /api/accept-invitation) uses the journey in the browser — the shell's tracker records the
 * clicks, sends what it holds with a beacon when the page is hidden, and ends the session when the
 * seller signs out — and completes a task, which journey announces (task-completed) and analytics
 * records; the agent's /analytics shows both, axe clean, usable at 375 px, with no layout shift.
 * Real accounts and services, nothing faked.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'analytics-pass-1';

async function register(page: Page, role: 'agent' | 'client', firstName: string, email: string) {
  const response = await page.request.post(`${baseUrl}/api/register`, {
    data: {
      email,
      firstName,
      lastName: 'Tester',
      phone: '555-0100',
      password,
      confirmPassword: password,
      role,
    },
  });
  expect(response.status()).toBe(201);
  const session = sessionResponseSchema.parse(
    await (await page.request.get(`${baseUrl}/api/auth/session`)).json(),
  );
  if (!session.user) throw new Error('not signed in after registering');
  return session.user.id;
}

const analyticsRemote = (page: Page) => page.locator('[data-remote="mfe-analytics"]');
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('usage analytics', () => {
  it('a seller’s clicks and completed task show on their agent’s /analytics', async () => {
    const stamp = Date.now();
    const agent = await browser.newPage();
    await watchLayoutShifts(agent.page);
    await register(agent.page, 'agent', 'Ana', `ana.${stamp}@example.com`);

    // The agent invites the seller; the seller signs up with that address and accepts.
    const sellerEmail = `sol.${stamp}@example.com`;
    const invited = await agent.page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Sol Seller', email: sellerEmail, type: 'agent-to-client' },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = invitationResponseSchema.parse(await invited.json());
    const seller = await browser.newPage();
    const sellerId = await register(seller.page, 'client', 'Sol', sellerEmail);
    const accepted = await seller.page.request.post(`${baseUrl}/api/accept-invitation`, {
      data: { invitationId },
    });
    expect(accepted.status()).toBe(200);

    // The seller works the journey: a click that completes a task.
    await seller.page.goto(`${baseUrl}/journey`);
    const curbAppeal = seller.page.locator('[data-remote="mfe-seller"] [data-task-title="Curb Appeal"]');
    await curbAppeal.getByRole('button', { name: 'Mark Complete' }).click();
    await curbAppeal.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    // The seller switches to another tab: the page is hidden, and the tracker sends what it holds
    // with sendBeacon (as text, the way it does when the page goes away). The test gives the page
    // the hidden state a tab switch gives it: a headless page cannot be hidden, and leaving the page
    // instead makes the beacon the browser's best effort — in one run out of many (CI among them)
    // Chromium dropped it. That path (pagehide → session_end → sendBeacon) is covered by
    // shell/src/analytics/start-usage-tracking.test.ts.
    const beacon = seller.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/analytics') &&
        (response.request().headers()['content-type'] ?? '').startsWith('text/plain'),
    );
    await seller.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      Reflect.deleteProperty(document, 'visibilityState'); // the browser's own again
    });
    expect((await beacon).status()).toBe(202);
    // Signing out ends the session at once (session_end, sent while the page is still there).
    await seller.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click();

    // What the agent's analytics hold once the beacon and journey's event have arrived.
    const stats = async () =>
      analyticsStatsSchema.parse(
        await (await agent.page.request.get(`${baseUrl}/api/analytics/stats`)).json(),
      );
    await expect
      .poll(async () => Object.fromEntries((await stats()).topEvents.map((top) => [top.event, top.count])), {
        timeout: 20_000,
      })
      // Two clicks: Mark Complete and Logout.
      .toMatchObject({ click: 2, task_completed: 1, page_visibility_change: 1, session_end: 1 });
    const realtime = analyticsRealtimeSchema.parse(
      await (await agent.page.request.get(`${baseUrl}/api/analytics/realtime`)).json(),
    );
    expect(
      realtime.recentEvents.filter((event) => event.event === 'click').map((event) => event.userId),
    ).toEqual([sellerId, sellerId]);
    const sellerSessions = realtime.activeSessions.filter((session) => session.userId === sellerId);
    expect(sellerSessions).toHaveLength(1);
    expect(sellerSessions[0]?.endTime).not.toBeNull();
    expect(sellerSessions[0]?.userName).toBe('Sol Tester');
    expect(sellerSessions[0]?.pageViews).toBe(1);

    // The dashboard.
    await agent.page.goto(`${baseUrl}/analytics`);
    const remote = analyticsRemote(agent.page);
    await remote.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const top = remote.getByRole('list', { name: 'Top actions by count' });
    // The spec's top 8: the seller's single completion ties with several other count-1 events, so
    // it is checked in the recent events below; the most frequent ones lead the list.
    await top.getByText('Page view').waitFor();
    expect(await top.getByRole('listitem').count()).toBeLessThanOrEqual(8);
    const recent = remote.getByRole('region', { name: 'Recent events' });
    await recent.getByText('Task completed').first().waitFor();
    expect(await recent.innerText()).toContain('Sol Tester · /journey');
    expect(await remote.getByText(sellerId).count()).toBe(0);
    const sessions = remote.getByRole('region', { name: 'Active sessions' });
    // The client by the name they registered with, never by id.
    const sellerSession = sessions.getByRole('listitem').filter({ hasText: 'Sol Tester' });
    await sellerSession.waitFor();
    expect(await sellerSession.innerText()).toContain('Ended');
    // The agent's own page is a session too, still going.
    await sessions
      .getByRole('listitem')
      .filter({ hasText: 'You' })
      .getByText('Active')
      .waitFor({ timeout: 10_000 });
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);

    // Realtime asks again every 5 s; nothing on the page moved meanwhile.
    const asked = agent.page.waitForResponse((response) =>
      response.url().endsWith('/api/analytics/realtime'),
    );
    await asked;
    await agent.page.waitForTimeout(500);
    const shift = await totalLayoutShift(agent.page);
    expect(shift, 'cumulative layout shift on /analytics').toBeLessThanOrEqual(0.02);

    await agent.page.screenshot({ path: path.join(artifactsDir, 'analytics--desktop.png'), fullPage: true });
    await agent.page.setViewportSize({ width: 375, height: 800 });
    await agent.page.screenshot({ path: path.join(artifactsDir, 'analytics--375px.png') });
    expect(await horizontalOverflow(agent.page)).toBe(0);
    expect(await remote.getByRole('button', { name: 'Refresh' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);
  });

  it('a long list of sessions scrolls inside its card: the page ends with its footer, at 375 px too', async () => {
    const { page } = await browser.newPage();
    await register(page, 'agent', 'Lou', `lou.${Date.now()}@example.com`);
    // Forty sessions of the agent’s own, as forty page loads would record them (the card lists the latest 20).
    const timestamp = new Date().toISOString();
    const batch = Array.from({ length: 40 }, (_, index) => ({
      event: 'page_view',
      properties: { url: `${baseUrl}/dashboard` },
      timestamp,
      sessionId: `long-list-session-${String(index).padStart(3, '0')}`,
    }));
    expect((await page.request.post(`${baseUrl}/api/analytics`, { data: batch })).status()).toBe(202);
    /** How far the document scrolls past the app's own box (its last part is the footer). */
    const pastTheApp = () =>
      page.evaluate(
        () =>
          document.documentElement.scrollHeight -
          (document.getElementById('root')?.getBoundingClientRect().height ?? 0),
      );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/analytics`);
      const sessions = analyticsRemote(page).getByRole('region', { name: 'Active sessions' });
      await expect.poll(() => sessions.getByRole('listitem').count(), { timeout: 10_000 }).toBe(20);
      // The visually hidden labels of sessions far down the card were placed outside it, against
      // the page: 1,800 px of black below the footer at 375 px.
      expect(await pastTheApp(), `${width} px`).toBeLessThanOrEqual(1);
    }
  });

  it('Refresh asks for the stats again', async () => {
    const { page } = await browser.newPage();
    await register(page, 'agent', 'Rae', `rae.${Date.now()}@example.com`);
    await page.goto(`${baseUrl}/analytics`);
    await analyticsRemote(page).locator('dd[data-stat="Total Events"]').waitFor();
    const again = page.waitForResponse(
      (response) => response.url().endsWith('/api/analytics/stats') && response.status() === 200,
    );
    await analyticsRemote(page).getByRole('button', { name: 'Refresh' }).click();
    await again;
  });

  it('writes times in English on the reader’s clock: a German browser reads the month in English, 24 hours', async () => {
    const { page, errors } = await browser.newPage(undefined, { locale: 'de-DE' });
    await register(page, 'agent', 'Dirk', `dirk.${Date.now()}@example.com`);
    await page.goto(`${baseUrl}/analytics`);
    const start = analyticsRemote(page).getByTestId('chart-start');
    await expect.poll(() => start.textContent()).toMatch(/\d/);
    // "Dec 6, 17:00", where the browser's own locale wrote "6. Dez., 17:00".
    expect(await start.textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:00$/);
    expect(errors).toEqual([]);
  });
});
