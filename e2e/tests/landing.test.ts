import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const require = createRequire(import.meta.url);
const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

const SIX_STEPS = [
  'Sign Up',
  'Customize Your Checklist',
  'Invite Family & Work with Your Realtor',
  'Set Due Dates & Reminders',
  'Get to Work',
  'List the House',
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: unknown[];
}

describe('landing page (signed out)', () => {
  it('shows the hero, the six steps, the free trial, the agents call and the 2025 footer', async () => {
    const { page, errors, cspViolations } = await browser.newPage();
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    const main = page.locator('main');
    expect(await main.innerText()).toMatch(/complete home preparation platform/i);
    expect(await main.innerText()).toMatch(/6 simple steps to calmly maximize your price/i);
    const stepTitles = await main.locator('ol > li h3').allInnerTexts();
    expect(stepTitles.map((title) => title.replace(/^Step \d:\s*/, '').trim())).toEqual(SIX_STEPS);
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Start Your Free Trial' }).count()).toBe(1);
    expect(await page.getByText('Are you a real estate professional?').count()).toBe(1);
    expect(await page.locator('footer').innerText()).toContain('© 2025');
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it.each([
    ['header', 'Sign In'],
    ['main', 'Get Started'],
    ['main', 'Start Your Free Trial'],
  ])('%s link "%s" leads to /auth', async (region, name) => {
    const { page } = await browser.newPage();
    await page.goto(baseUrl);
    await page.locator(region).getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { level: 1, name: 'Sign in to ListReady' }).waitFor();
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const { page } = await browser.newPage();
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected <script>.
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run();
      return result.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.length,
      }));
    });
    const blocking = violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(blocking).toEqual([]);
  });
});

describe('route rules in the browser', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page } = await browser.newPage();
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Did you forget to add the page to the router?');
  });

  it.each(['/journey', '/dashboard', '/analytics', '/profile'])(
    'shows the landing page at %s when signed out',
    async (path) => {
      const { page, requests } = await browser.newPage();
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      // No remote is fetched for a visitor who only sees the landing page.
      expect(requests.filter((request) => request.url().includes('/remotes/'))).toEqual([]);
    },
  );

  it.each([
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=abc', 'Choose a new password'],
  ])('frames %s', async (path, heading) => {
    const { page } = await browser.newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  });
});

describe('page frame', () => {
  it.each([
    [{ width: 375, height: 812 }, 'icon'],
    [{ width: 1280, height: 800 }, 'horizontal'],
    [{ width: 768, height: 1024 }, 'stacked'],
  ])('shows the logo variant of the spec at %o: %s', async (viewport, variant) => {
    const { page } = await browser.newPage(viewport);
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    expect(await page.locator('header [data-logo-variant]').getAttribute('data-logo-variant')).toBe(variant);
    const tagline = await page.locator('header').getByText('Get your home ready to sell').count();
    expect(tagline).toBe(variant === 'horizontal' ? 1 : 0);
  });

  it('shows the spinner while the session resolves', async () => {
    const { page } = await browser.newPage();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/auth/user', async (route) => {
      await answered;
      await route.fulfill({ status: 401, json: { message: 'Unauthorized' } });
    });
    await page.goto(baseUrl);
    await page.getByRole('status').filter({ hasText: 'Checking your session' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    answer();
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
  });
});
