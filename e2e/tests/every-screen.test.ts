import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { registerAccount } from '../support/accounts.ts';

/**
 * Every screen the product has, opened as the visitor, seller or agent who may see it, against the
 * real services: axe finds nothing serious, and (the after-test check of support/browser.ts) the page
 * logs no error, no CSP violation and no failed request — the favicon and the session probe included.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

/** A fresh account of that role, signed in in the page's own context (its cookie). */
async function signUp(page: Page, role: 'client' | 'agent', firstName: string): Promise<void> {
  await registerAccount(page, baseUrl, { role, firstName, lastName: 'Screens', password: 'every-screen-1' });
  // A seller's journey is made a moment after the sign-up (the journey service consumes
  // user-registered); until then a screen's first reads wait for it (up to 3 s), then answer 404
  // JOURNEY_NOT_READY and are asked again. This test is about the screens, not the consumer: it
  // starts once the journey exists.
  if (role === 'client')
    await expect
      .poll(async () => (await page.request.get(`${baseUrl}/api/clients/current/journey`)).status())
      .toBe(200);
}

const SITE_TITLE = 'ListReady — Get your home ready to sell';

/** The screen, axe clean, with its own title in the tab (WCAG 2.4.2). */
async function expectAccessibleScreen(
  page: Page,
  path: string,
  heading: string,
  title: string,
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  expect({ path, violations: await seriousAccessibilityViolations(page) }).toEqual({ path, violations: [] });
  expect({ path, title: await page.title() }).toEqual({ path, title });
}

describe('every screen, as whoever may see it', () => {
  it.each([
    ['/', 'Get Your Home Ready to Sell', SITE_TITLE],
    ['/auth', 'Sign in to ListReady', 'Sign in · ListReady'],
    ['/auth?role=agent', 'Create your ListReady account', 'Sign in · ListReady'],
    ['/forgot-password', 'Reset your password', 'Forgot password · ListReady'],
    ['/reset-password?token=abc', 'Choose a new password', 'Reset password · ListReady'],
    ['/reset-password', 'Invalid Reset Link', 'Reset password · ListReady'],
    ['/auth?invitation=inv-1', 'Create your ListReady account', 'Sign in · ListReady'],
    ['/auth?join=K7QM2XPA', 'Create your ListReady account', 'Sign in · ListReady'],
    ['/accept-invitation?id=inv-1', 'Accept Invitation', 'Accept invitation · ListReady'],
    ['/accept-invitation', 'Accept Invitation', 'Accept invitation · ListReady'],
    ['/no-such-page', '404 Page Not Found', 'Page not found · ListReady'],
  ])('a visitor at %s', async (path, heading, title) => {
    const observed = await browser.newPage();
    const { page } = observed;
    // A path no route knows is a real 404, not a "soft" one.
    if (path === '/no-such-page') observed.expect({ url: `${baseUrl}${path}`, status: 404, method: 'GET' });
    await expectAccessibleScreen(page, path, heading, title);
  });

  it.each([
    ['/', 'Hello Sadie!', 'My journey · ListReady'],
    ['/journey', 'Hello Sadie!', 'My journey · ListReady'],
    ['/icons', 'Icons', 'Icons · ListReady'],
    ['/profile', 'My Profile', 'My profile · ListReady'],
    ['/dashboard', '404 Page Not Found', 'Page not found · ListReady'],
    ['/analytics', '404 Page Not Found', 'Page not found · ListReady'],
  ])('a seller at %s', async (path, heading, title) => {
    const { page } = await browser.newPage();
    await signUp(page, 'client', 'Sadie');
    await expectAccessibleScreen(page, path, heading, title);
  });

  it.each([
    ['/', 'Hello Alan!', 'Dashboard · ListReady'],
    ['/dashboard', 'Hello Alan!', 'Dashboard · ListReady'],
    ['/client-demo', 'Client Demo', 'Client demo · ListReady'],
    ['/google-setup', 'Google Mail Setup', 'Google Mail setup · ListReady'],
    ['/google-manual', 'Manual Google Setup', 'Manual Google setup · ListReady'],
    ['/analytics', 'Analytics', 'Analytics · ListReady'],
  ])('an agent at %s', async (path, heading, title) => {
    const { page } = await browser.newPage();
    await signUp(page, 'agent', 'Alan');
    await expectAccessibleScreen(page, path, heading, title);
  });
});

describe('screens inside a screen', () => {
  it('an agent on the dashboard’s Branding tab (White-Label Branding)', async () => {
    const { page } = await browser.newPage();
    await signUp(page, 'agent', 'Brandon');
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.getByRole('heading', { name: 'White-Label Branding', exact: true }).waitFor();
    await page.getByLabel('Company name').waitFor();
    await page.getByRole('heading', { name: 'Brand Preview', exact: true }).waitFor();
    expect({ violations: await seriousAccessibilityViolations(page) }).toEqual({ violations: [] });
  });

  it('a seller with Invite Your Agent open (the banner’s Invite My Agent)', async () => {
    const { page } = await browser.newPage();
    await signUp(page, 'client', 'Ivy');
    await page.goto(`${baseUrl}/journey`);
    await page.getByRole('button', { name: 'Invite My Agent' }).click();
    await page.getByRole('dialog', { name: 'Invite Your Agent' }).getByLabel('Name').waitFor();
    expect({ violations: await seriousAccessibilityViolations(page) }).toEqual({ violations: [] });
  });

  it('an agent with Invite Client open (the Clients tab)', async () => {
    const { page } = await browser.newPage();
    await signUp(page, 'agent', 'Ines');
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Invite Client' }).click();
    await page.getByRole('dialog', { name: 'Invite Client' }).getByLabel('Name').waitFor();
    expect({ violations: await seriousAccessibilityViolations(page) }).toEqual({ violations: [] });
  });

  it('a new agent with Invite Client open from the dashboard (the stalled clients card)', async () => {
    const { page } = await browser.newPage({ width: 375, height: 800 });
    await signUp(page, 'agent', 'Iona');
    await page.goto(`${baseUrl}/dashboard`);
    const stalled = page.getByRole('region', { name: 'Stalled clients' });
    await stalled.getByRole('button', { name: 'Invite Client' }).click();
    await page.getByRole('dialog', { name: 'Invite Client' }).getByLabel('Name').waitFor();
    expect({ violations: await seriousAccessibilityViolations(page) }).toEqual({ violations: [] });
  });

  it('an agent at /accept-invitation with an unknown invitation (the error state)', async () => {
    const { page, expect: expectProblem } = await browser.newPage();
    await signUp(page, 'agent', 'Ugo');
    expectProblem({ url: '/api/accept-invitation', status: 404, method: 'POST' });
    await page.goto(`${baseUrl}/accept-invitation?id=no-such-invitation`);
    await page.getByRole('alert').getByText('Invitation not found').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    expect({ violations: await seriousAccessibilityViolations(page) }).toEqual({ violations: [] });
  });
});
