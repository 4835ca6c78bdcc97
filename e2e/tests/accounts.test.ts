import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { resetLinkFor } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { toast } from '../support/toast.ts';

/**
 * Accounts end to end (issue 5, Must show): the real auth service behind the gateway, the real
 * session cookie, the dev mailbox for the reset e-mail — nothing in the browser is faked.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

let accounts = 0;
/** A fresh address per account: the suite's platform is shared by every e2e file. */
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(accounts += 1)}@example.com`;

interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
}

const newAccount = (firstName: string, password = 'first-pass-1'): NewAccount => ({
  email: uniqueEmail(firstName.toLowerCase()),
  firstName,
  lastName: 'Tester',
  phone: '555-0100',
  password,
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function fillSignUp(page: Page, account: NewAccount): Promise<void> {
  await field(page, 'Email').fill(account.email);
  await field(page, 'First name').fill(account.firstName);
  await field(page, 'Last name').fill(account.lastName);
  await field(page, 'Phone').fill(account.phone);
  await field(page, 'Password').fill(account.password);
  await field(page, 'Confirm password').fill(account.password);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The browser's own view of its session: the session probe with its cookie. */
const sessionStatus = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { credentials: 'include' });
    return {
      status: response.status,
      user: ((await response.json()) as { user: Record<string, unknown> | null }).user,
    };
  });

async function registerThroughApi(account: NewAccount): Promise<void> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password, role: 'client' }),
  });
  expect(response.status).toBe(201);
}

describe('accounts against the real auth service', () => {
  it('signs up as a seller, lands on /journey greeted by first name, then signs out', async () => {
    const { page, errors } = await browser.newPage();
    const seller = newAccount('Nora');
    await page.goto(`${baseUrl}/auth`);
    await heading(page, 'Sign in to ListReady').waitFor();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await heading(page, 'Create your ListReady account').waitFor();
    expect(await field(page, 'Role').inputValue()).toBe('client');
    await fillSignUp(page, seller);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/journey');
    await page.locator('[data-remote="mfe-seller"]').getByRole('heading', { name: 'Hello Nora!' }).waitFor();
    expect(await toast(page, 'Welcome to ListReady!').innerText()).toContain(
      'Your account has been created successfully.',
    );
    const session = await sessionStatus(page);
    expect(session.status).toBe(200);
    expect(session.user).toMatchObject({ email: seller.email, firstName: 'Nora', role: 'client' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await heading(page, 'Get Your Home Ready to Sell').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await sessionStatus(page)).toEqual({ status: 200, user: null });
    // The cookie is gone for real: a fresh load of a protected page shows the landing page.
    await page.goto(`${baseUrl}/journey`);
    await heading(page, 'Get Your Home Ready to Sell').waitFor();
    expect(errors).toEqual([]);
  });

  it('signs up as an agent from /auth?role=agent and lands on /dashboard', async () => {
    const { page, errors } = await browser.newPage();
    const agent = newAccount('Sam');
    await page.goto(`${baseUrl}/auth?role=agent`);
    await heading(page, 'Create your ListReady account').waitFor();
    expect(await field(page, 'Role').inputValue()).toBe('agent');
    expect(await field(page, 'Role').locator('option').allInnerTexts()).toEqual([
      'Real Estate Agent',
      'Home Seller',
    ]);
    await fillSignUp(page, agent);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.locator('[data-remote="mfe-agent"]').getByRole('heading', { name: 'Hello Sam!' }).waitFor();
    expect((await sessionStatus(page)).user).toMatchObject({ email: agent.email, role: 'agent' });
    // Signed in, /auth sends the agent home instead of showing the forms.
    await page.goto(`${baseUrl}/auth`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.locator('[data-remote="mfe-agent"]').getByRole('heading', { name: 'Hello Sam!' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('recovers a forgotten password: request, mailbox link, reset, sign in with the new password', async () => {
    const { page, expect: expectProblems } = await browser.newPage();
    // Provoked below: the old password refused, then the used link refused.
    expectProblems(
      { method: 'POST', url: '/api/login', status: 401 },
      { method: 'POST', url: '/api/auth/password-reset-confirm', status: 400 },
    );
    const seller = newAccount('Rita', 'old-password-1');
    await registerThroughApi(seller);

    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await field(page, 'Email').fill(seller.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await heading(page, 'Check your email').waitFor();
    await toast(page, 'Reset email sent!').waitFor();
    expect(await page.getByRole('button', { name: 'Send Another Email' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Back to Sign In' }).count()).toBe(1);

    const link = await resetLinkFor(baseUrl, seller.email);
    expect(new URL(link).origin).toBe(baseUrl);
    await page.goto(link);
    await heading(page, 'Choose a new password').waitFor();
    const rules = await page.locator('main').innerText();
    expect(rules).toContain('At least 8 characters');
    expect(rules).toContain('A mix of letters and numbers is recommended');
    expect(rules).toContain('expires in 1 hour');
    await field(page, 'New password').fill('new-password-2');
    await field(page, 'Confirm new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await heading(page, 'Password reset successful').waitFor();
    await toast(page, 'Password reset successful!').waitFor();

    await page.getByRole('button', { name: 'Go to Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signIn(page, seller.email, seller.password);
    expect(await toast(page, 'Sign in failed').innerText()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/auth');

    await field(page, 'Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/journey');
    await page.getByRole('heading', { name: 'Hello Rita!' }).waitFor();
    expect(await toast(page, 'Welcome back!').innerText()).toContain('You have been signed in successfully.');

    // The link is single use.
    await page.goto(link);
    await field(page, 'New password').fill('third-password-3');
    await field(page, 'Confirm new password').fill('third-password-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Failed to reset password').waitFor();
    await heading(page, 'Choose a new password').waitFor();
  });

  it('changes the password on Edit Profile: this browser stays signed in, another device is signed out, the new one signs in', async () => {
    const { page, expect: expectProblems } = await browser.newPage({ width: 375, height: 812 });
    // Provoked below: a wrong current password.
    expectProblems({ method: 'PUT', url: '/api/auth/user/password', status: 400 });
    const seller = newAccount('Cara', 'old-password-1');
    await registerThroughApi(seller);
    await page.goto(`${baseUrl}/auth`);
    await signIn(page, seller.email, seller.password);
    await page.waitForURL((url) => url.pathname === '/journey');
    // Another device, signed in through the API with a cookie jar of its own.
    const other = await browser.newPage();
    expect(
      (
        await other.page.request.post(`${baseUrl}/api/login`, {
          data: { email: seller.email, password: seller.password },
        })
      ).status(),
    ).toBe(200);
    expect((await other.page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(200);

    await page.goto(`${baseUrl}/profile?tab=profile`);
    await heading(page, 'Edit Profile').waitFor();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password', { exact: true }).fill('new-password-2');
    await form.getByLabel('Confirm new password').fill('new-password-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not correct').waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Current password').fill(seller.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    await expect.poll(() => form.getByLabel('Current password').inputValue()).toBe('');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    expect((await sessionStatus(page)).user).toMatchObject({ email: seller.email });
    expect((await other.page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    expect(
      (
        await other.page.request.post(`${baseUrl}/api/login`, {
          data: { email: seller.email, password: seller.password },
        })
      ).status(),
    ).toBe(401);
    expect(
      (
        await other.page.request.post(`${baseUrl}/api/login`, {
          data: { email: seller.email, password: 'new-password-2' },
        })
      ).status(),
    ).toBe(200);
  });

  it('lists where the person is signed in on Edit Profile and signs another device out from there', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    const seller = newAccount('Dora');
    await registerThroughApi(seller);
    // Two other devices, each signed in through the API with a cookie jar of its own.
    const signedInElsewhere = async (userAgent: string) => {
      const device = await browser.newPage();
      const response = await device.page.request.post(`${baseUrl}/api/login`, {
        data: { email: seller.email, password: seller.password },
        headers: { 'user-agent': userAgent },
      });
      expect(response.status()).toBe(200);
      return device.page;
    };
    const phone = await signedInElsewhere(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const laptop = await signedInElsewhere(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    );
    await page.goto(`${baseUrl}/auth`);
    await signIn(page, seller.email, seller.password);
    await page.waitForURL((url) => url.pathname === '/journey');

    await page.goto(`${baseUrl}/profile?tab=profile`);
    const card = page.getByRole('list', { name: 'Where you’re signed in' });
    await card.getByText('Firefox on Windows').waitFor();
    const devices = card.getByTestId('signed-in-device');
    // With the sign-up's own session (made through the API), oldest and so last.
    expect(await devices.count()).toBe(4);
    // This browser first, marked, without a Sign out of its own.
    expect(await devices.nth(0).innerText()).toMatch(
      /^Chrome on Linux\s+This device\s+Signed in today, \d{1,2}:\d{2}( [AP]M)?\s+Active now$/,
    );
    expect(await devices.nth(0).getByRole('button').count()).toBe(0);
    expect(await devices.nth(1).innerText()).toMatch(
      /^Firefox on Windows\s+Signed in today, \d{1,2}:\d{2}( [AP]M)?\s+Last active today\s+Sign out$/,
    );
    expect(await devices.nth(2).innerText()).toContain('Safari on iPhone');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    await devices
      .nth(2)
      .getByRole('button', { name: /^Sign out Safari on iPhone/ })
      .click();
    await toast(page, 'That device was signed out.').waitFor();
    await expect.poll(() => devices.count()).toBe(3);
    expect((await phone.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    expect((await laptop.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    await toast(page, 'Signed out of 2 other devices.').waitFor();
    await page.getByText('You are not signed in anywhere else.').waitFor();
    expect((await laptop.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    expect((await sessionStatus(page)).user).toMatchObject({ email: seller.email });
  });

  it('shows the validation messages for a 7-character password and a mismatched confirmation', async () => {
    const { page, requests } = await browser.newPage();
    await page.goto(`${baseUrl}/auth?role=agent`);
    await heading(page, 'Create your ListReady account').waitFor();
    await field(page, 'Password').fill('1234567');
    await field(page, 'Confirm password').fill('12345678');
    await field(page, 'Email').focus();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(await field(page, 'Password').getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field(page, 'Confirm password').getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).innerText()).toBe("Passwords don't match");

    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    // The first invalid field takes focus, and nothing reached the server.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-up-email');
    expect(requests.filter((request) => request.url().endsWith('/api/register'))).toEqual([]);
  });

  it('applies the same password rules on the reset form', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${baseUrl}/reset-password?token=not-checked-yet`);
    await field(page, 'New password').fill('abcdefg');
    await field(page, 'Confirm new password').fill('abcdefgh');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
  });

  it('resumes a pending invitation after sign-in, once', async () => {
    const observed = await browser.newPage();
    const { page } = observed;
    const seller = newAccount('Ivy');
    await registerThroughApi(seller);
    await page.goto(`${baseUrl}/auth`);
    await page.evaluate(() => localStorage.setItem('pendingInvitationId', 'inv-123'));
    // The page accepts the resumed invitation at once; this id is made up, so the server says 404.
    observed.expect({ url: '/api/accept-invitation', status: 404, method: 'POST' });
    await signIn(page, seller.email, seller.password);
    await page.waitForURL((url) => url.pathname === '/accept-invitation');
    expect(new URL(page.url()).searchParams.get('id')).toBe('inv-123');
    expect(await page.evaluate(() => localStorage.getItem('pendingInvitationId'))).toBeNull();
    await page.locator('[data-remote="mfe-agent"]').getByText('Invitation not found').first().waitFor();
  });

  it('shows Invalid Reset Link without a token', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${baseUrl}/reset-password`);
    await heading(page, 'Invalid Reset Link').waitFor();
    await toast(page, 'Invalid reset link').waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await heading(page, 'Reset your password').waitFor();
  });

  it('loads the sign-in pages signed out with nothing refused: no eval probe, no 401 for the session (or no probe at all)', async () => {
    for (const path of ['/auth', '/auth?role=agent', '/auth?role=client', '/forgot-password']) {
      const { page, cspViolations, failedResponses, errors, requests } = await browser.newPage();
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('form').waitFor();
      // Everything the page parses has been parsed (zod decides on eval when it first parses).
      await page.waitForLoadState('networkidle');
      expect({ path, cspViolations, failedResponses, errors }).toEqual({
        path,
        cspViolations: [],
        failedResponses: [],
        errors: [],
      });
      const probe = requests.find((request) => new URL(request.url()).pathname === '/api/auth/session');
      // The prerendered forms (at their bare addresses; create-account as an agent) go only to a
      // request without a session cookie: nobody to ask about. The plain shell (`?role=client`)
      // asks, and hears "nobody" with a 200.
      const prerendered = path !== '/auth?role=client';
      expect({ path, probe: prerendered ? probe : (await probe?.response())?.status() }).toEqual({
        path,
        probe: prerendered ? undefined : 200,
      });
    }
  });

  it('fits a 375 px wide screen and has no serious accessibility violations', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    for (const path of ['/auth?role=agent', '/auth', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('form').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 375 });
      expect({ path, violations: await seriousAccessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    }
    // Leave the sign-up form (with the six steps below it) as this test's screenshot.
    await page.goto(`${baseUrl}/auth?role=agent`);
    await heading(page, 'Create your ListReady account').waitFor();
  });
});
