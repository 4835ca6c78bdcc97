import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';

/**
 * The API reference (`/api/docs`, rendered by the gateway from the OpenAPI and AsyncAPI documents):
 * readable on a desktop and on a 375 px phone without sideways scrolling, axe finds nothing serious,
 * nothing moves once painted, and (support/browser.ts) no console error and no CSP violation — the
 * page has no script and one same-origin stylesheet.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

describe('the API reference page', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 812 }],
  ])('reads well on %s', async (_name, viewport) => {
    const { page } = await browser.newPage(viewport);
    await watchLayoutShifts(page);
    const response = await page.goto(`${baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'ListReady API reference', level: 1 }).waitFor();
    await expect
      .poll(() => page.locator('h3', { hasText: '/api/client-tasks/{id}' }).count())
      .toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Topic task-completed' }).waitFor();
    // Nothing moved while it loaded (before any click: opening a schema moves what is below, as asked).
    const shift = await totalLayoutShift(page);
    expect(shift).toBeLessThanOrEqual(0.02);
    // The stylesheet applied (the method badges are styled), and opening a schema shows it.
    const badge = page.locator('.method.put').first();
    expect(await badge.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
    await page.locator('details summary').first().click();
    await expect.poll(() => page.locator('details[open] pre').first().isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scrolling',
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
