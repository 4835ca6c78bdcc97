import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { toast } from '../support/toast.ts';

/**
 * The profile screen end to end (issue 12, Must show): each tab reached from the bottom
 * navigation, personal tasks added, edited and deleted through the Custom tab, axe clean on every
 * tab, usable at 375 px. A real seller against the real services; nothing in the browser is faked.
 */

const require = createRequire(import.meta.url);
const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

let accounts = 0;

async function signUpSeller(page: Page, firstName: string): Promise<string> {
  accounts += 1;
  const email = `${firstName.toLowerCase()}.${Date.now()}.${accounts}@example.com`;
  const password = 'profile-pass-1';
  const response = await page.request.post(`${baseUrl}/api/register`, {
    data: {
      email,
      firstName,
      lastName: 'Seller',
      phone: '555-0100',
      password,
      confirmPassword: password,
      role: 'client',
    },
  });
  expect(response.status()).toBe(201);
  return email;
}

const seller = (page: Page) => page.locator('[data-remote="mfe-seller"]');
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const title = (page: Page, name: string) =>
  seller(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** A new seller signed in on `page`, their journey open and greeting them. */
async function sellerOnJourney(page: Page, firstName: string): Promise<string> {
  const email = await signUpSeller(page, firstName);
  await page.goto(`${baseUrl}/journey`);
  await seller(page)
    .getByRole('heading', { level: 1, name: `Hello ${firstName}!` })
    .waitFor();
  return email;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[] }[];
}

async function seriousAccessibilityViolations(page: Page) {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected <script>.
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the profile screen against the real services', () => {
  it('reaches each tab from the bottom navigation, axe clean, within 375 px', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    const email = await sellerOnJourney(page, 'Piper');

    // Overview is the default tab of /profile.
    await page.goto(`${baseUrl}/profile`);
    await title(page, 'My Profile');
    await seller(page).getByText(email).waitFor();
    await seller(page).getByText("You haven't joined any groups yet.").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({
      path: path.join(artifactsDir, 'profile-test--overview-375.png'),
      fullPage: true,
    });

    // From elsewhere: session storage, then /profile on that tab.
    await navigation(page).getByRole('button', { name: 'Journey' }).click();
    await page.waitForURL((url) => url.pathname === '/journey');
    await navigation(page).getByRole('button', { name: 'Groups' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await title(page, 'My Groups');
    await seller(page).getByText('No groups yet.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('profileActiveTab'))).toBe('groups');
    expect(await navigation(page).getByRole('button', { name: 'Groups' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--groups-375.png'), fullPage: true });

    // Already on /profile: the tab switches in place, a new history entry (and the spec’s broadcast).
    await navigation(page).getByRole('button', { name: 'Custom' }).click();
    await title(page, 'Custom Tasks');
    await seller(page).getByText('No personal tasks yet').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--tasks-375.png'), fullPage: true });

    await navigation(page).getByRole('button', { name: 'Profile' }).click();
    await title(page, 'Edit Profile');
    expect(await seller(page).getByLabel('First name').inputValue()).toBe('Piper');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--edit-375.png'), fullPage: true });

    await seller(page).getByLabel('Last name').fill('Profiled');
    // The number shown on the overview is changed here too.
    await seller(page).getByLabel('Phone').fill('(212) 555-0142');
    await seller(page).getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();
    await page.reload();
    await title(page, 'Edit Profile');
    expect(await seller(page).getByLabel('Last name').inputValue()).toBe('Profiled');
    expect(await seller(page).getByLabel('Phone').inputValue()).toBe('(212) 555-0142');
    expect(errors).toEqual([]);
  });

  it('steps back through the tabs as a phone’s Back does, and opens the tab its address names', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    await sellerOnJourney(page, 'Bram');
    const address = () => `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
    const current = (name: string) =>
      expect
        .poll(() => navigation(page).getByRole('button', { name }).getAttribute('aria-current'))
        .toBe('page');

    await navigation(page).getByRole('button', { name: 'Groups' }).click();
    await title(page, 'My Groups');
    expect(address()).toBe('/profile?tab=groups');
    await navigation(page).getByRole('button', { name: 'Custom' }).click();
    await title(page, 'Custom Tasks');
    expect(address()).toBe('/profile?tab=tasks');

    // Back: the tab before, then the journey; Forward: the tab again. The bar follows each.
    await page.goBack();
    await title(page, 'My Groups');
    await current('Groups');
    await page.goBack();
    await seller(page).getByRole('heading', { level: 1, name: 'Hello Bram!' }).waitFor();
    await current('Journey');
    await page.goForward();
    await title(page, 'My Groups');
    await current('Groups');

    // The overview's Edit Profile, then Back: the overview, not the journey.
    await navigation(page).getByRole('button', { name: 'Profile' }).click();
    await title(page, 'Edit Profile');
    await seller(page).getByRole('button', { name: 'Cancel' }).click();
    await title(page, 'My Profile');
    expect(address()).toBe('/profile?tab=overview');
    await seller(page).getByRole('button', { name: 'Edit Profile' }).click();
    await title(page, 'Edit Profile');
    await page.goBack();
    await title(page, 'My Profile');
    // Cancel steps back rather than forward: no closed form waits behind Back.
    await seller(page).getByRole('button', { name: 'Edit Profile' }).click();
    await title(page, 'Edit Profile');
    await seller(page).getByRole('button', { name: 'Cancel' }).click();
    await title(page, 'My Profile');
    await page.goBack();
    await title(page, 'My Groups');

    // A reload, a bookmark or a link opens the tab the address names.
    await page.goto(`${baseUrl}/profile?tab=tasks`);
    await title(page, 'Custom Tasks');
    await current('Custom');
    expect(await page.title()).toBe('Custom tasks · ListReady');
    expect(errors).toEqual([]);
  });

  it('on a phone, a toast gives way to the dialog opened after it: its title and close button are not covered', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    await sellerOnJourney(page, 'Maren');
    // A toast at the top of the screen (5 s), then straight on to Custom and Add Task.
    await page.getByRole('button', { name: 'Hide this banner' }).click();
    await toast(page, 'Banner hidden').waitFor();
    const shownAt = Date.now();
    await navigation(page).getByRole('button', { name: 'Custom' }).click();
    await seller(page).getByRole('button', { name: 'Add Your First Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.waitFor();
    // The dialog opened while the toast had time left (it would go by itself at 5 s)…
    expect(Date.now() - shownAt).toBeLessThan(4_000);
    // …and the toast went as the dialog came, not when its time was up.
    await toast(page, 'Banner hidden').waitFor({ state: 'detached', timeout: 1_000 });
    // What a finger on the dialog's close button and title reaches: the dialog's own.
    const reached = await dialog.evaluate((element) => {
      const at = (target: Element | null) => {
        const box = target?.getBoundingClientRect();
        return box ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null;
      };
      const close = element.querySelector('button[aria-label="Close"]');
      const title = element.querySelector('h2');
      return [close?.contains(at(close)) ?? false, title?.contains(at(title)) ?? false];
    });
    expect(reached).toEqual([true, true]);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--dialog-after-toast-375.png') });
    expect(errors).toEqual([]);
  });

  it('starts the profile’s reads from the journey as the pointer reaches Profile, and reads them once', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    await sellerOnJourney(page, 'Hollis');
    // The banner has read the seller's invitations already (no agent yet: was one invited?).
    await page
      .getByRole('complementary', { name: 'Your agent' })
      .getByText('Ready to get started?')
      .waitFor();
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/user-groups', '/api/invitations'].includes(pathname)) reads.push(pathname);
    });
    // The pointer over the button, before any press: the groups' read starts (the invitations are
    // here), the journey still shown.
    await navigation(page).getByRole('button', { name: 'Profile' }).hover();
    await expect.poll(() => [...reads]).toEqual(['/api/user-groups']);
    expect(new URL(page.url()).pathname).toBe('/journey');

    await navigation(page).getByRole('button', { name: 'Profile' }).click();
    await title(page, 'Edit Profile');
    expect(await seller(page).getByLabel('First name').inputValue()).toBe('Hollis');
    // The groups once; the invitations at most once more (a screen showing them reads them again
    // as it opens, unless they were read in the last 5 s).
    expect(reads.filter((read) => read === '/api/user-groups')).toHaveLength(1);
    expect(reads.filter((read) => read === '/api/invitations').length).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it('starts the journey’s reads from the profile as the pointer reaches Journey, and reads them once', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    await signUpSeller(page, 'Jessamy');
    // Opened at /profile, as from a bookmark: the journey has not been read.
    await page.goto(`${baseUrl}/profile`);
    await title(page, 'My Profile');
    const journeyReads = ['/api/clients/current/journey', '/api/clients/current/tasks'];
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (journeyReads.includes(pathname)) reads.push(pathname);
    });

    await navigation(page).getByRole('button', { name: 'Journey' }).hover();
    await expect.poll(() => [...reads].sort()).toEqual(journeyReads);
    expect(new URL(page.url()).pathname).toBe('/profile');

    await navigation(page).getByRole('button', { name: 'Journey' }).click();
    await seller(page).getByRole('heading', { level: 1, name: 'Hello Jessamy!' }).waitFor();
    await page.locator('[data-testid="task-row"]').first().waitFor();
    expect(reads.sort()).toEqual(journeyReads);
    expect(errors).toEqual([]);
  });

  it('adds, edits and deletes a personal task through the Custom tab', async () => {
    const { page, errors } = await browser.newPage();
    await sellerOnJourney(page, 'Tess');
    await navigation(page).getByRole('button', { name: 'Custom' }).click();
    await title(page, 'Custom Tasks');

    await seller(page).getByRole('button', { name: 'Add Your First Task' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Task' });
    // On a phone with its keyboard up (375 × 560) the dialog scrolls, its buttons kept in view.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 560 });
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const inView = (name: string) =>
      dialog.getByRole('button', { name }).evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.bottom <= window.innerHeight && button.contains(hit);
      });
    expect([await inView('Cancel'), await inView('Add Task')]).toEqual([true, true]);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--add-task-375x560.png') });
    if (size) await page.setViewportSize(size);
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill('Book the window cleaner');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Due date').fill('2031-04-05');
    await dialog.getByLabel('Assigned to').fill('Grandma');
    await dialog.getByLabel('Stage').selectOption({ label: 'Declutter' });
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await toast(page, 'Task created successfully').waitFor();
    const task = seller(page).locator('[data-task-title="Book the window cleaner"]');
    await task.waitFor();
    await task.getByText('Assigned to Grandma').waitFor();
    await task.getByText('Declutter').waitFor();
    expect(await task.getByText('high').getAttribute('data-variant')).toBe('destructive');
    expect(await task.innerText()).toContain('2031');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await task.getByRole('button', { name: 'Edit Book the window cleaner' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Task' });
    await dialog.getByLabel('Title').fill('Book the gutter cleaner');
    await dialog.getByLabel('Priority').selectOption('low');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Task updated successfully').waitFor();
    const edited = seller(page).locator('[data-task-title="Book the gutter cleaner"]');
    await edited.waitFor();
    expect(await edited.getByText('low').getAttribute('data-variant')).toBe('secondary');

    // Kept on the server.
    await page.reload();
    await title(page, 'Custom Tasks');
    await edited.waitFor();

    await edited.getByRole('button', { name: 'Delete Book the gutter cleaner' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete task?' });
    await confirm
      .getByText('Are you sure you want to delete "Book the gutter cleaner"? This action cannot be undone.')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'profile-test--delete-confirmation.png') });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Task deleted successfully').waitFor();
    await seller(page).getByText('No personal tasks yet').waitFor();
    await page.reload();
    await seller(page).getByText('No personal tasks yet').waitFor();
    expect(errors).toEqual([]);
  });

  it('works in a browser that keeps no storage: the tabs, their titles and the journey', async () => {
    const { page, errors } = await browser.newPage({ width: 375, height: 812 });
    // Storage turned off as Firefox (dom.storage.enabled) or a WebView without DOM storage have
    // it: both areas are null. The session cookie still works.
    await page.addInitScript(() => {
      for (const area of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, area, { configurable: true, get: () => null });
    });
    await sellerOnJourney(page, 'Nova');
    expect(await page.evaluate(() => window.sessionStorage)).toBeNull();

    await navigation(page).getByRole('button', { name: 'Groups' }).click();
    await title(page, 'My Groups');
    await expect.poll(() => page.title()).toBe('My groups · ListReady');
    expect(await navigation(page).getByRole('button', { name: 'Groups' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await navigation(page).getByRole('button', { name: 'Custom' }).click();
    await title(page, 'Custom Tasks');
    await expect.poll(() => page.title()).toBe('Custom tasks · ListReady');
    await navigation(page).getByRole('button', { name: 'Journey' }).click();
    await seller(page).getByRole('heading', { level: 1, name: 'Hello Nova!' }).waitFor();
    await navigation(page).getByRole('button', { name: 'Profile' }).click();
    await title(page, 'Edit Profile');
    expect(await seller(page).getByLabel('First name').inputValue()).toBe('Nova');
    expect(errors).toEqual([]);
  });
});
