import type { Locator, Page } from 'playwright-core';

/**
 * The toast on screen whose text contains `title`: an item of the toaster's "Notifications" region.
 *
 * Not `getByRole('status')`: that finds Radix's screen-reader announcement, a hidden copy of the
 * text that is removed one second after the toast appears, so a check made later (a slow machine,
 * or a few steps after the click) failed although the toast was still up for its 5 s.
 * `includeHidden`: a modal dialog hides the rest of the page from the accessibility tree
 * (`aria-hidden`), the toaster too, while its toasts stay on screen above it (and are announced).
 * Waiting still means "visible", as a user sees it.
 */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}
