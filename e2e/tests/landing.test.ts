import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';

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

describe('landing page (signed out)', () => {
  it('shows the hero, the six steps, the free trial, the agents call and this year’s footer', async () => {
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
    expect(await page.locator('footer').innerText()).toContain(`© ${new Date().getFullYear()}`);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('asks who is signed in and hears "nobody" as an answer, not an error (200, no 401 logged)', async () => {
    const { page, requests, failedResponses } = await browser.newPage();
    // `/auth?role=client` is the plain shell, which asks (the prerendered pages — the landing page,
    // the sign-in form at the bare /auth, create-account as an agent — know they need not).
    await page.goto(`${baseUrl}/auth?role=client`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to ListReady' }).waitFor();
    const probes = requests.filter((request) => new URL(request.url()).pathname === '/api/auth/session');
    // One request: the page's preload is the one the session query uses.
    expect(probes).toHaveLength(1);
    const answer = await probes[0]?.response();
    expect(answer?.status()).toBe(200);
    expect(await answer?.json()).toEqual({ user: null });
    expect(requests.filter((request) => request.url().includes('/api/auth/user'))).toEqual([]);
    expect(failedResponses).toEqual([]);
  });

  it('has a favicon: the logo as SVG (hashed, immutable) and /favicon.ico, the same picture', async () => {
    const { page } = await browser.newPage();
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    const svgHref = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
    expect(svgHref).toMatch(/^\/favicon\.[0-9a-f]{8}\.svg$/);
    expect(await page.locator('link[rel="icon"][sizes="32x32"]').getAttribute('href')).toBe('/favicon.ico');

    const svg = await page.request.get(`${baseUrl}${svgHref}`);
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(svg.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const ico = await page.request.get(`${baseUrl}/favicon.ico`);
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toBe('image/vnd.microsoft.icon');
    expect(ico.headers()['cache-control']).toBe('public, max-age=86400');

    // Both drawn at 32 px by Chromium: a stale .ico (the logo changed, the .ico not redrawn) differs.
    const difference = await page.evaluate(async (svgUrl) => {
      async function pixels(url: string): Promise<Uint8ClampedArray> {
        const image = new Image(32, 32);
        image.src = url;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 32;
        canvas.height = 32;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0, 32, 32);
        return context.getImageData(0, 0, 32, 32).data;
      }
      const [fromSvg, fromIco] = await Promise.all([pixels(svgUrl), pixels('/favicon.ico')]);
      let total = 0;
      fromSvg.forEach((value, index) => {
        total += Math.abs(value - (fromIco[index] ?? 0));
      });
      return total / fromSvg.length;
    }, svgHref ?? '');
    expect(difference).toBeLessThan(4);
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
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('route rules in the browser', () => {
  it('shows the not-found page for an unknown path, with a 404', async () => {
    const observed = await browser.newPage();
    const { page } = observed;
    observed.expect({ url: `${baseUrl}/no-such-page`, status: 404, method: 'GET' });
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('There is no page at this address.');
    await page.locator('main').getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
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
    [{ width: 767, height: 1024 }, 'icon'],
    [{ width: 1280, height: 800 }, 'horizontal with tagline'],
    [{ width: 1024, height: 768 }, 'horizontal with tagline'],
    [{ width: 768, height: 1024 }, 'stacked'],
    [{ width: 900, height: 600 }, 'horizontal'],
  ])('shows the logo variant of the spec at %o: %s, in the page as served', async (viewport, expected) => {
    const { page } = await browser.newPage(viewport);
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    // One logo shown (and in the accessibility tree), by the stylesheet alone: this page runs no React.
    const shown = page.locator('header [data-logo-variant]:visible');
    expect(await shown.count()).toBe(1);
    const tagline = await shown.getByText('Get your home ready to sell').count();
    const variant = await shown.getAttribute('data-logo-variant');
    expect(tagline === 1 ? `${variant} with tagline` : variant).toBe(expected);
    // The same once the shell has the page (signed-out pages it renders itself, like /auth).
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to ListReady' }).waitFor();
    expect(await page.locator('header [data-logo-variant]:visible').getAttribute('data-logo-variant')).toBe(
      expected.replace(' with tagline', ''),
    );
  });

  it('shows the spinner while the session resolves (a session cookie came: the plain shell asks)', async () => {
    const { page } = await browser.newPage();
    // A cookie the server no longer honours: the page must ask, and shows the landing page after.
    await page.context().addCookies([{ name: 'listready_session', value: 'expired', url: baseUrl }]);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      await answered;
      await route.fulfill({ status: 200, json: { user: null } });
    });
    await page.goto(baseUrl);
    await page.getByRole('status').filter({ hasText: 'Checking your session' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    answer();
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
  });
});
