import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount } from '../support/accounts.ts';

/**
 * The operator's Google mail setup end to end (issue 13): /google-setup and /google-manual as an
 * agent at 375 px (axe clean, nothing shifting, copy buttons), on the embedded defaults (no Google
 * client: the screen says why there is no link) and on a platform with a Google client, where the
 * 'Authorise with Google' link goes to Google's consent page — played here by Playwright routing,
 * the only fake — and Google's access_denied return lands on the callback page (CSP clean, axe
 * clean). The code exchange itself is tested against a fake token endpoint in services/invitation.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const MOBILE = { width: 375, height: 812 };
const GOOGLE_CONSENT = 'https://accounts.google.com/o/oauth2/v2/auth';

/** A fresh agent, signed in in the page's own context (its cookie). */
async function signUpAgent(page: Page, base: string): Promise<void> {
  await registerAccount(page, base, {
    role: 'agent',
    firstName: 'Gina',
    lastName: 'Agent',
    password: 'google-setup-1',
  });
}

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await watchLayoutShifts(page);
  return () => totalLayoutShift(page);
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect({ where, violations: await seriousAccessibilityViolations(page) }).toEqual({
    where,
    violations: [],
  });
  expect(await horizontalOverflow(page), `horizontal overflow at 375 px on ${where}`).toBe(0);
}

describe('Google mail setup on the embedded defaults (no Google client)', () => {
  it('shows the redirect address to copy and why there is no link, then the manual steps', async () => {
    const { page } = await browser.newPage(MOBILE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpAgent(page, baseUrl);
    const layoutShift = await recordLayoutShifts(page);

    await page.goto(`${baseUrl}/google-setup`);
    const remote = agentRemote(page);
    await remote.getByRole('heading', { level: 1, name: 'Google Mail Setup' }).waitFor();
    const redirect = `${baseUrl}/api/google-oauth-callback`;
    await remote.getByText(redirect, { exact: true }).waitFor();
    const alert = remote.getByRole('alert');
    await alert.getByText('Failed to generate auth URL').waitFor();
    await alert.getByText(/set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/).waitFor();
    expect(await remote.getByRole('link', { name: 'Authorise with Google' }).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await layoutShift(), 'cumulative layout shift on /google-setup').toBeLessThanOrEqual(0.02);
    await expectAccessible(page, '/google-setup');

    // The button's name says Copied! for 2 s, then Copy again.
    await remote.getByRole('button', { name: 'Copy redirect address' }).click();
    await remote.getByRole('button', { name: 'Copied! redirect address' }).waitFor();
    expect(await clipboard(page)).toBe(redirect);
    await remote.getByRole('button', { name: 'Copy redirect address' }).waitFor({ timeout: 4_000 });

    // In-app to the manual steps.
    await remote.getByRole('link', { name: 'Manual setup' }).click();
    await remote.getByRole('heading', { level: 1, name: 'Manual Google Setup' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/google-manual');
    expect(await remote.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Step 1. Copy the redirect address',
      'Step 2. Get a refresh token from the OAuth Playground',
      'Step 3. Paste the token',
    ]);
    await remote.getByText(redirect, { exact: true }).waitFor();
    expect(
      await remote
        .getByRole('link', { name: 'Open the OAuth Playground (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('https://developers.google.com/oauthplayground');
    const show = remote.getByRole('button', { name: 'Show the Secret Setting' });
    expect(await show.isDisabled()).toBe(true);
    await remote.getByLabel('Refresh token').fill('1//0e2e-refresh-token');
    expect(await show.isDisabled()).toBe(false);
    await show.click();
    await remote.getByText('GOOGLE_REFRESH_TOKEN=1//0e2e-refresh-token', { exact: true }).waitFor();
    await remote.getByRole('button', { name: 'Copy GOOGLE_REFRESH_TOKEN setting' }).click();
    expect(await clipboard(page)).toBe('GOOGLE_REFRESH_TOKEN=1//0e2e-refresh-token');
    await expectAccessible(page, '/google-manual');
  });

  it('the callback refuses a signed-out visitor with a page of its own, CSP and axe clean', async () => {
    const observed = await browser.newPage(MOBILE);
    const { page } = observed;
    observed.expect({ url: '/api/google-oauth-callback', status: 401 });
    const response = await page.goto(`${baseUrl}/api/google-oauth-callback?code=abc&state=xyz`);
    expect(response?.status()).toBe(401);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { level: 1, name: 'Sign In to Finish' }).waitFor();
    await expectAccessible(page, 'the signed-out callback page');
  });
});

describe('Google mail setup with a Google client configured', () => {
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform({
      GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it("links to Google's consent page, and Google's access_denied lands on a clear page", async () => {
    const observed = await browser.newPage(MOBILE);
    const { page } = observed;
    await signUpAgent(page, platform.url);
    await page.goto(`${platform.url}/google-setup`);
    const remote = agentRemote(page);
    const link = remote.getByRole('link', { name: 'Authorise with Google' });
    await link.waitFor();
    await expectAccessible(page, '/google-setup with a Google client');

    const authUrl = new URL(String(await link.getAttribute('href')));
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(GOOGLE_CONSENT);
    const redirect = `${platform.url}/api/google-oauth-callback`;
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      client_id: 'e2e-client.apps.googleusercontent.com',
      redirect_uri: redirect,
      scope: 'https://www.googleapis.com/auth/gmail.send',
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    const state = authUrl.searchParams.get('state');
    expect(state).toMatch(/^v1\./);

    // Google's consent page, declined: Google sends the browser back with error=access_denied.
    await page.route(`${GOOGLE_CONSENT}**`, (route) => {
      const back = new URL(redirect);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', new URL(route.request().url()).searchParams.get('state') ?? '');
      return route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    observed.expect({ url: '/api/google-oauth-callback', status: 400 });
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    expect(new URL(page.url()).searchParams.get('state')).toBe(state);
    await expectAccessible(page, 'the access_denied callback page');

    // Its way back leads to the setup screen again.
    await page.getByRole('link', { name: 'Back to Google Mail Setup' }).click();
    await agentRemote(page).getByRole('heading', { level: 1, name: 'Google Mail Setup' }).waitFor();
  });
});
