import type { Page } from 'playwright-core';

/**
 * Layout shift as Chromium reports it (the `layout-shift` performance entries, CLS's parts): start
 * watching before the page loads, read the sum when the screen has settled. Every screen test holds
 * it at ≤ 0.02.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the shifts since the page loaded (watchLayoutShifts must have been called first). */
export function totalLayoutShift(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}
