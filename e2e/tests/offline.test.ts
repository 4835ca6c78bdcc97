import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { CHROMIUM_ARGS, useBrowser, type ObservedPage } from '../support/browser.ts';
import { e2eConfig } from '../support/config.ts';
import { registerAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * Installable and offline (issue 19, item 4): the manifest and service worker, the journey read
 * offline, and a completion, a reschedule, a note, a new custom task and a deleted one, made
 * offline, that reach the server once the browser is back online.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const screenshots = '/tmp/helper-pwa';

const seller = (page: Page) => page.locator('[data-remote="mfe-seller"]');
const taskRow = (page: Page, title: string) => seller(page).locator(`[data-task-title="${title}"]`);
const PENDING_TEXT = 'Saved on this device — will sync once the connection is back';

async function signUpSeller(page: Page, firstName: string): Promise<void> {
  await registerAccount(page, baseUrl, { firstName, lastName: 'Seller', password: 'offline-pass-1' });
}

async function openJourney(page: Page, firstName: string): Promise<void> {
  await page.goto(`${baseUrl}/journey`);
  await seller(page)
    .getByRole('heading', { level: 1, name: `Hello ${firstName}!` })
    .waitFor();
  await seller(page).getByText('Your Home Sale Journey').waitFor();
}

/** Waits until the page's service worker is active and controls the page. */
async function workerControls(page: Page): Promise<boolean> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(
    () => navigator.serviceWorker.controller?.scriptURL.endsWith('/service-worker.js') ?? false,
  );
}

/**
 * A new seller's journey, read once through the service worker (the first load came before it
 * controlled the page), so the worker keeps what the page reads: where every offline test starts.
 */
async function journeyKeptByWorker(page: Page, firstName: string): Promise<void> {
  await signUpSeller(page, firstName);
  await openJourney(page, firstName);
  expect(await workerControls(page)).toBe(true);
  await page.reload();
  await taskRow(page, 'Curb Appeal').waitFor();
}

/** The seller's task as the server has it, asked with the page's own session. */
async function serverTask(
  page: Page,
  title: string,
): Promise<{ title: string; status: string; dueDate: string | null; notes: string | null } | undefined> {
  const response = await page.request.get(`${baseUrl}/api/clients/current/tasks`);
  expect(response.status()).toBe(200);
  const entries = (await response.json()) as {
    clientTask: { title: string; status: string; dueDate: string | null; notes: string | null };
  }[];
  return entries.find((entry) => entry.clientTask.title === title)?.clientTask;
}

const serverStatus = async (page: Page, title: string) => (await serverTask(page, title))?.status;

async function expectCleanAccessibility(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/**
 * Offline, the page still opens what it does not keep (the live stream, the household's list,
 * branding…): those fail in the browser as a cut cable fails them. The app handles each (no
 * console error, checked after the test); the failed requests themselves are the point here.
 */
function allowOfflineFailures(observed: ObservedPage): void {
  observed.expect({ url: baseUrl, failure: /^net::(ERR_INTERNET_DISCONNECTED|ERR_FAILED)$/ });
}

describe('installable', () => {
  it('links a valid manifest with PNG icons, served as a manifest, and a worker served revalidated', async () => {
    const observed = await browser.newPage();
    const { page } = observed;
    await page.goto(baseUrl);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.request.get(`${baseUrl}${href}`);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(body).toMatchObject({
      name: 'ListReady',
      short_name: 'ListReady',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of body.icons) {
      const image = await page.request.get(`${baseUrl}${icon.src}`);
      expect(image.headers()['content-type']).toBe('image/png');
      const png = await image.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    // The browser reads the manifest as installable (what Chromium's install criteria read).
    const client = await page.context().newCDPSession(page);
    const parsed = (await client.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);

    const worker = await page.request.get(`${baseUrl}/service-worker.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // The not-found page links it too (both are prerendered from the shell's page).
    observed.expect({ url: `${baseUrl}/no-such-page`, status: 404, method: 'GET' });
    await page.goto(`${baseUrl}/no-such-page`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    // The shell registers the worker after load (no CSP refusal: checked after the test).
    await page.goto(`${baseUrl}/auth`);
    expect(await workerControls(page)).toBe(true);
  });
});

it("passes Chromium's own installability check at the start URL", async () => {
  // A Playwright context is an incognito-like profile, which Chromium never offers to install
  // from (it then checks nothing else): this check needs a profile of its own.
  const profile = await mkdtemp(path.join(tmpdir(), 'listready-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: e2eConfig.chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const checked = await (await context.newCDPSession(page)).send('Page.getInstallabilityErrors');
    expect(checked.installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

describe('offline', () => {
  it('reads the journey offline, keeps a completion and a reschedule made offline and syncs them once back online', async () => {
    await mkdir(screenshots, { recursive: true });
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    await journeyKeptByWorker(page, 'Olive');

    await page.context().setOffline(true);
    allowOfflineFailures(observed);
    await page.reload();
    await seller(page).getByRole('heading', { level: 1, name: 'Hello Olive!' }).waitFor();
    const row = taskRow(page, 'Curb Appeal');
    await row.getByRole('button', { name: 'Mark Complete' }).click();
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await row.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    // A reschedule of the same task, offline too: kept with the completion, shown at once.
    await row.getByRole('button', { name: 'Reschedule Curb Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Task' });
    await dialog.getByLabel('Due date').fill('2031-05-04');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('task-due-date').filter({ hasText: '2031' }).waitFor();
    await row.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(await row.getByText(PENDING_TEXT).count()).toBe(1);
    await page.screenshot({ path: path.join(screenshots, 'offline-pending.png'), fullPage: false });
    await expectCleanAccessibility(page);
    // Nothing has reached the server (asked from outside the offline browser).
    expect(await serverStatus(page, 'Curb Appeal')).toBe('pending');

    // Still offline, a reload keeps the change (IndexedDB) and still shows it as made. Whether the
    // server has it by now is not asked here: as it opens, the page sends what it kept if the
    // browser says it is online, and Chromium's offline emulation does not hold for a reloaded
    // document's first moment. In about 1 run in 8 a PUT got through then, unseen by the page's and
    // context's request events, so a Playwright route could not cut it either (it did not, in CI).
    // A device that is really offline fails that PUT and keeps the change, as above.
    await page.reload();
    await taskRow(page, 'Curb Appeal').getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await taskRow(page, 'Curb Appeal').getByTestId('task-due-date').filter({ hasText: '2031' }).waitFor();

    await page.context().setOffline(false);
    await expect.poll(() => serverStatus(page, 'Curb Appeal'), { timeout: 15_000 }).toBe('completed');
    expect((await serverTask(page, 'Curb Appeal'))?.dueDate).toBe('2031-05-04');
    await taskRow(page, 'Curb Appeal').getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor({
      state: 'detached',
    });
    await page.screenshot({ path: path.join(screenshots, 'offline-synced.png'), fullPage: false });

    await page.reload();
    await taskRow(page, 'Curb Appeal').getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(await taskRow(page, 'Curb Appeal').getByText(PENDING_TEXT).count()).toBe(0);
    await expectCleanAccessibility(page);
    expect(errors).toEqual([]);
  });

  it("two tabs: each shows what the other kept offline, and back online the two send it once and both show the server's state", async () => {
    await mkdir(screenshots, { recursive: true });
    const first = await browser.newPage({ width: 375, height: 800 });
    await journeyKeptByWorker(first.page, 'Tess');
    const second = await first.anotherTab();
    await openJourney(second.page, 'Tess');
    expect(await workerControls(second.page)).toBe(true);

    await first.page.context().setOffline(true);
    allowOfflineFailures(first);
    // Each tab completes a task offline; the other shows it as kept, without a reload.
    const kept = async (tab: Page, title: string) => {
      await taskRow(tab, title).getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
      await taskRow(tab, title).getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    };
    await taskRow(first.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).click();
    await kept(first.page, 'Curb Appeal');
    await kept(second.page, 'Curb Appeal');
    await taskRow(second.page, 'Backyard').getByRole('button', { name: 'Mark Complete' }).click();
    await kept(second.page, 'Backyard');
    await kept(first.page, 'Backyard');
    await second.page.screenshot({ path: path.join(screenshots, 'offline-two-tabs-second.png') });
    await expectCleanAccessibility(second.page);
    expect(await serverStatus(first.page, 'Curb Appeal')).toBe('pending');

    // Both tabs hear `online` at once; their rounds take turns, so each PUT goes out once.
    await first.page.context().setOffline(false);
    await expect
      .poll(
        async () => [
          await serverStatus(first.page, 'Curb Appeal'),
          await serverStatus(first.page, 'Backyard'),
        ],
        {
          timeout: 15_000,
        },
      )
      .toEqual(['completed', 'completed']);
    for (const tab of [first.page, second.page]) {
      for (const title of ['Curb Appeal', 'Backyard']) {
        await taskRow(tab, title).getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor({
          state: 'detached',
        });
        // The tab that did not send read the journey again before the kept state went.
        await taskRow(tab, title).getByRole('button', { name: 'Mark Incomplete' }).waitFor();
      }
    }
    const taskPuts = [...first.requests, ...second.requests].filter(
      (request) => request.method() === 'PUT' && request.url().includes('/api/client-tasks/'),
    );
    expect(taskPuts).toHaveLength(2);
    expect(new Set(taskPuts.map((request) => request.url())).size).toBe(2);
    await first.page.screenshot({ path: path.join(screenshots, 'offline-two-tabs-synced.png') });
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it("never answers with another person's journey: signing out clears what the worker kept", async () => {
    const observed = await browser.newPage();
    const { page } = observed;
    await journeyKeptByWorker(page, 'Pearl');
    const kept = () =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('listready-user-')));
    expect(await kept()).toHaveLength(1);
    const signedOut = await page.evaluate(
      async () => (await fetch('/api/logout', { method: 'POST' })).status,
    );
    expect(signedOut).toBe(200);
    expect(await kept()).toEqual([]);
    expect(await page.evaluate(async () => (await caches.keys()).includes('listready-session-v1'))).toBe(
      false,
    );
  });
});

/** Opens a stage of the journey that is folded (only the stage in progress opens by itself). */
async function openStage(page: Page, title: string): Promise<void> {
  const stage = seller(page).getByRole('button', { name: new RegExp(title) });
  if ((await stage.getAttribute('aria-expanded')) === 'false') await stage.click();
}

describe('a custom task made offline', () => {
  it('is added on the profile, shown on the journey in its stage, completed there, and reaches the server once, with its completion, back online', async () => {
    await mkdir(screenshots, { recursive: true });
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    await journeyKeptByWorker(page, 'Ivy');
    const navigation = page.getByRole('navigation', { name: 'Main' });

    await page.context().setOffline(true);
    allowOfflineFailures(observed);
    await navigation.getByRole('button', { name: 'Custom' }).click();
    await seller(page).getByRole('heading', { level: 1, name: 'Custom Tasks', exact: true }).waitFor();
    await seller(page).getByRole('button', { name: 'Add Your First Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Title').fill('Hang the wreath');
    await dialog.getByLabel('Stage').selectOption({ label: 'Home Staging' });
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await dialog.waitFor({ state: 'detached' });
    const kept = seller(page).locator('[data-task-title="Hang the wreath"]');
    await kept.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await expectCleanAccessibility(page);
    await page.screenshot({ path: path.join(screenshots, 'offline-custom-task-profile.png') });

    // On the journey, in its stage, with the same words; completed there, still offline.
    await navigation.getByRole('button', { name: 'Journey' }).click();
    await openStage(page, 'Home Staging');
    const row = taskRow(page, 'Hang the wreath');
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await row.getByRole('button', { name: 'Mark Complete' }).click();
    await row.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(await row.getByText(PENDING_TEXT).count()).toBe(1);
    await expectCleanAccessibility(page);
    await page.screenshot({ path: path.join(screenshots, 'offline-custom-task-journey.png') });
    const serverCustomTasks = async () => {
      const response = await page.request.get(`${baseUrl}/api/clients/current/custom-tasks`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { title: string; status: string; stageId: string | null }[]).filter(
        (task) => task.title === 'Hang the wreath',
      );
    };
    // Nothing has reached the server (asked from outside the offline browser).
    expect(await serverCustomTasks()).toEqual([]);

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await serverCustomTasks()).map((task) => task.status), { timeout: 15_000 })
      .toEqual(['completed']);
    expect((await serverCustomTasks())[0]?.stageId).not.toBeNull();
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor({ state: 'detached' });
    await page.reload();
    await openStage(page, 'Home Staging');
    await taskRow(page, 'Hang the wreath').getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(await taskRow(page, 'Hang the wreath').getByText(PENDING_TEXT).count()).toBe(0);
    expect(await serverCustomTasks()).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('a synced custom task deleted offline', () => {
  it('is gone at once, stays gone through a reload offline, and is deleted on the server once back online', async () => {
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    const customTasksUrl = `${baseUrl}/api/clients/current/custom-tasks`;
    await signUpSeller(page, 'Wren');
    // Made before the page reads the list, so every read of it (kept by the worker) has the task.
    const made = await page.request.post(customTasksUrl, { data: { title: 'Wash the windows' } });
    expect(made.status()).toBe(201);
    await openJourney(page, 'Wren');
    expect(await workerControls(page)).toBe(true);
    await page.reload();
    await taskRow(page, 'Curb Appeal').waitFor();
    /** The seller's custom tasks as the server has them, asked from outside the page's network. */
    const onServer = async () => {
      const response = await page.request.get(customTasksUrl);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { title: string }[]).map((task) => task.title);
    };
    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('button', { name: 'Custom' }).click();
    const row = seller(page).locator('[data-task-title="Wash the windows"]');
    await row.waitFor();

    await page.context().setOffline(true);
    allowOfflineFailures(observed);
    await row.getByRole('button', { name: 'Delete Wash the windows' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete task?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await seller(page).getByText('No personal tasks yet').waitFor();
    // Said once the deletion is written on this device (a reload before could abort that write).
    await toast(page, 'Saved on this device').waitFor();
    expect(await onServer()).toEqual(['Wash the windows']);
    // The kept list still has the task; the deletion kept on this device hides it after a reload.
    await page.reload();
    await seller(page).getByRole('heading', { level: 1, name: 'Custom Tasks', exact: true }).waitFor();
    await seller(page).getByText('No personal tasks yet').waitFor();
    await expectCleanAccessibility(page);
    // Chromium's offline emulation shows the page being reloaded online for a moment
    // (`navigator.onLine` true as it goes: once in CI, one run in five to ten here): its sync
    // may send the DELETE then, which the server takes, and the page is gone before the answer.
    // Back online, the new page sends it again and finds no task (404): the deletion done.
    observed.expect({ url: customTasksUrl, method: 'DELETE', status: 404 });

    await page.context().setOffline(false);
    await expect.poll(onServer, { timeout: 15_000 }).toEqual([]);
    // Said once the device has let the deletion go (a reload before would send it again).
    await page.getByText('Changes synced', { exact: true }).waitFor();
    await page.reload();
    await seller(page).getByText('No personal tasks yet').waitFor();
    expect(await seller(page).getByText('Not deleted').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('a custom task whose answer was lost', () => {
  const customTasksUrl = `${baseUrl}/api/clients/current/custom-tasks`;
  /** The seller's custom tasks of that title on the server, asked from outside the page's network. */
  const onServer = async (page: Page, title: string) => {
    const response = await page.request.get(customTasksUrl);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { id: string; title: string }[]).filter(
      (task) => task.title === title,
    );
  };
  /** Adds a task on the Custom tab whose POST reaches the server and whose answer never comes back. */
  async function addWithLostAnswer(page: Page, title: string): Promise<void> {
    await page.context().route(
      customTasksUrl,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await route.fetch(); // the server makes the task…
        return route.abort('failed'); // …and the browser never hears of it
      },
      { times: 1 },
    );
    await seller(page)
      .getByRole('button', { name: /^Add (Your First )?Task$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await dialog.waitFor({ state: 'detached' });
    await seller(page)
      .locator(`[data-task-title="${title}"]`)
      .getByRole('status')
      .filter({ hasText: PENDING_TEXT })
      .waitFor();
    expect(await onServer(page, title)).toHaveLength(1);
  }

  it('deleted on this device, it is deleted on the server too; deleted elsewhere, it is not made again', async () => {
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    // The lost answers, and the creation the server refuses for a task deleted elsewhere.
    observed.expect({ url: customTasksUrl, failure: /^net::ERR_FAILED$/ });
    observed.expect({ url: customTasksUrl, status: 409, method: 'POST' });
    await signUpSeller(page, 'Lou');
    await openJourney(page, 'Lou');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Custom' }).click();
    await seller(page).getByRole('heading', { level: 1, name: 'Custom Tasks', exact: true }).waitFor();

    // Deleted here: the server, which has it, deletes it too, and it does not come back.
    await addWithLostAnswer(page, 'Sweep the porch');
    const swept = seller(page).locator('[data-task-title="Sweep the porch"]');
    await swept.getByRole('button', { name: 'Delete Sweep the porch' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete task?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await seller(page).getByText('No personal tasks yet').waitFor();
    expect(await onServer(page, 'Sweep the porch')).toEqual([]);
    await page.reload();
    await seller(page).getByText('No personal tasks yet').waitFor();

    // Deleted elsewhere (another device) before this one sends it again: it stays deleted.
    await addWithLostAnswer(page, 'Oil the hinges');
    const [made] = await onServer(page, 'Oil the hinges');
    expect((await page.request.delete(`${customTasksUrl}/${made?.id}`)).status()).toBe(204);
    await page.reload(); // the sync sends what waits here
    await seller(page).getByText('No personal tasks yet').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.body.innerText.includes('Oil the hinges')), {
        timeout: 15_000,
      })
      .toBe(false);
    expect(await onServer(page, 'Oil the hinges')).toEqual([]);
    await page.reload();
    await seller(page).getByText('No personal tasks yet').waitFor();
    expect(await seller(page).getByText('Not synced').count()).toBe(0);
    await expectCleanAccessibility(page);
    expect(errors).toEqual([]);
  });
});

describe('a note written offline', () => {
  it('is kept on this device, said not shared yet, and reaches the server (shared) once back online', async () => {
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    await journeyKeptByWorker(page, 'Nora');
    const row = taskRow(page, 'Curb Appeal');

    await page.context().setOffline(true);
    allowOfflineFailures(observed);
    await row.getByRole('button', { name: 'Notes: Curb Appeal' }).click();
    await row.getByLabel('Notes for Curb Appeal').fill('Trim the hedge before the photos');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await row.getByText('Saved on this device, not shared yet').waitFor();
    await expectCleanAccessibility(page);
    expect((await serverTask(page, 'Curb Appeal'))?.notes).toBeNull();

    await page.context().setOffline(false);
    await expect
      .poll(async () => (await serverTask(page, 'Curb Appeal'))?.notes, { timeout: 15_000 })
      .toBe('Trim the hedge before the photos');
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor({ state: 'detached' });
    await row.getByText('Shared with group').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a request the network takes and never answers', () => {
  it('is given up after 30 s: the completion is kept on this device, and sent again 30 s later while the page stays open', async () => {
    const observed = await browser.newPage({ width: 375, height: 800 });
    const { page, errors } = observed;
    // The page's timers under the test's hand (they run at the real pace until fast-forwarded).
    await page.clock.install();
    await signUpSeller(page, 'Hattie');
    await openJourney(page, 'Hattie');
    // The completion's PUT is taken and never answered (the context's route sees the worker's too).
    const held: string[] = [];
    const tasks = `${baseUrl}/api/client-tasks/**`;
    await page.context().route(tasks, (route) => {
      if (route.request().method() === 'PUT') held.push(route.request().url());
      else return route.continue();
    });
    // Given up by the page, the held request fails in the browser: that is the point here.
    observed.expect({ url: `${baseUrl}/api/client-tasks/`, failure: /^net::ERR_ABORTED$/ });
    const row = taskRow(page, 'Curb Appeal');
    await row.getByRole('button', { name: 'Mark Complete' }).click();
    await expect.poll(() => held.length).toBe(1);
    await page.clock.fastForward(29_000);
    expect(await row.getByText(PENDING_TEXT).count()).toBe(0);
    await page.clock.fastForward(1_000);
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor();
    await row.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'no-answer-kept.png'), fullPage: false });
    expect(await serverStatus(page, 'Curb Appeal')).toBe('pending');

    // The network answers again: 30 s later the page sends what it kept, once, without a reload.
    await page.context().unroute(tasks);
    await page.clock.fastForward(30_000);
    await expect.poll(() => serverStatus(page, 'Curb Appeal'), { timeout: 15_000 }).toBe('completed');
    await row.getByRole('status').filter({ hasText: PENDING_TEXT }).waitFor({ state: 'detached' });
    await toast(page, 'Changes synced').waitFor();
    await row.getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(held).toHaveLength(1);
    await page.reload();
    await taskRow(page, 'Curb Appeal').getByRole('button', { name: 'Mark Incomplete' }).waitFor();
    expect(await taskRow(page, 'Curb Appeal').getByText(PENDING_TEXT).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
