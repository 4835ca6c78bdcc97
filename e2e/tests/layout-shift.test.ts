import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';

/**
 * Nothing moves once painted: a seller's /journey and /profile record no layout shift while the
 * shell, the seller remote and their data arrive (the loading spinner floats over the remote's
 * slot, the footer starts below the fold, the agent banner sits in the shell's fixed slot).
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

describe('layout stability', () => {
  it('a seller’s /journey and /profile shift nothing while they load', async () => {
    const { page } = await browser.newPage();
    const password = 'stable-pass-1';
    const registered = await page.request.post(`${baseUrl}/api/register`, {
      data: {
        email: `stable.${Date.now()}@example.com`,
        firstName: 'Stella',
        lastName: 'Seller',
        phone: '555-0100',
        password,
        confirmPassword: password,
        role: 'client',
      },
    });
    expect(registered.status()).toBe(201);
    // An invitation to an agent waiting: My Agent on /profile says so, drawn with the rest.
    const invited = await page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Al Agent', email: `al.${Date.now()}@example.com`, type: 'client-to-agent' },
    });
    expect(invited.status()).toBe(200);
    await watchLayoutShifts(page);
    for (const [path, ready] of [
      ['/journey', "Today's Priority"],
      ['/profile', 'You invited Al Agent'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('[data-remote="mfe-seller"]').getByText(ready).first().waitFor();
      await page.getByRole('complementary', { name: 'Your agent' }).waitFor();
      await page.waitForTimeout(500);
      const total = await totalLayoutShift(page);
      expect(total, `cumulative layout shift on ${path}`).toBeLessThanOrEqual(0.02);
    }
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 812 }],
  ])(
    'the landing page (prerendered; the shell only once a link is followed) shifts nothing on %s',
    async (_name, viewport) => {
      const { page } = await browser.newPage(viewport);
      await watchLayoutShifts(page);
      await page.goto(baseUrl);
      await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const total = await totalLayoutShift(page);
      expect(total, 'cumulative layout shift on /').toBeLessThanOrEqual(0.02);
    },
  );
});
