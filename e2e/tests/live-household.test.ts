import type { Page } from 'playwright-core';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { taskEntriesSchema } from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { artifactsDir } from '../support/config.ts';
import { toast } from '../support/toast.ts';

/**
 * The live household (issue 19, item 5, Must show): two browsers of one household, each its own
 * context and session. A completion in one appears in the other without a reload (usually within a
 * second; the delay is reported, not asserted: a busy 2-core CI machine took longer);
 * a note written in one shows in the other; two people writing one note at once both keep their
 * words (the later save sees the conflict and offers both). Real accounts, services and Chromium.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'live-household-1';

async function register(page: Page, firstName: string, lastName: string, url = baseUrl): Promise<void> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const response = await page.request.post(`${url}/api/register`, {
    data: {
      email,
      firstName,
      lastName,
      phone: '555-0100',
      password,
      confirmPassword: password,
      role: 'client',
    },
  });
  expect(response.status()).toBe(201);
}

const seller = (page: Page) => page.locator('[data-remote="mfe-seller"]');
const taskRow = (page: Page, title: string) => seller(page).locator(`[data-task-title="${title}"]`);
const saved = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/client-tasks/'),
  );

async function openJourney(page: Page, firstName: string, url = baseUrl): Promise<void> {
  await page.goto(`${url}/journey`);
  await seller(page)
    .getByRole('heading', { level: 1, name: `Hello ${firstName}!` })
    .waitFor();
  await taskRow(page, 'Curb Appeal').waitFor();
}

/** The page's live stream is open (its EventSource has connected through the gateway). */
async function liveStreamOpen(page: Page): Promise<void> {
  await page.waitForResponse((response) => response.url().includes('/api/clients/current/live'));
}

/**
 * Hazel's household with Milo in it, each in a browser of their own (desktop and phone), the group
 * made and joined through the API, as the screens do.
 */
async function householdOfTwo(url = baseUrl) {
  const hazel = await browser.newPage({ width: 1280, height: 900 });
  const milo = await browser.newPage({ width: 375, height: 812 });
  await register(hazel.page, 'Hazel', 'Owner', url);
  const group = await hazel.page.request.post(`${url}/api/user-groups`, { data: { name: 'The Owners' } });
  expect(group.status()).toBe(201);
  const { inviteCode } = (await group.json()) as { inviteCode: string };
  await register(milo.page, 'Milo', 'Member', url);
  expect(
    (await milo.page.request.post(`${url}/api/user-groups/join`, { data: { inviteCode } })).status(),
  ).toBe(200);
  return { hazel, milo };
}

/** Milo opens his journey and switches to Hazel's home; done once that home's live stream is open. */
async function workOnHazelsHome(milo: Page, url = baseUrl): Promise<void> {
  await openJourney(milo, 'Milo', url);
  const stream = liveStreamOpen(milo);
  await seller(milo).getByLabel('Working on').selectOption({ label: 'Hazel Owner’s home (The Owners)' });
  await stream;
}

/** Hazel removes Milo from her group, as My Groups does. */
async function removeMilo(hazel: Page, url = baseUrl): Promise<void> {
  const [group] = (await (await hazel.request.get(`${url}/api/user-groups`)).json()) as {
    id: string;
    members: { userId: string; name: string }[];
  }[];
  const miloId = group?.members.find((member) => member.name === 'Milo Member')?.userId;
  const removal = await hazel.request.delete(`${url}/api/user-groups/${group?.id}/members/${miloId}`);
  expect(removal.status()).toBe(204);
}

describe('a live household', () => {
  it('a completion and a note in one browser appear in the other without a reload (the delay reported); a note written by two keeps both', async () => {
    const { hazel, milo } = await householdOfTwo();
    const hazelStream = liveStreamOpen(hazel.page);
    await openJourney(hazel.page, 'Hazel');
    await hazelStream;
    await workOnHazelsHome(milo.page);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).waitFor();

    // Milo completes a task: Hazel's open screen shows it, no reload (the delay is reported: timings
    // are the benches' to judge, and a busy 2-core machine can take more than the second it usually is).
    const completed = saved(milo.page);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).click();
    expect((await completed).status()).toBe(200);
    const answeredAt = Date.now();
    await taskRow(hazel.page, 'Curb Appeal')
      .getByText('Completed by Milo Member')
      .waitFor({ timeout: 5_000 });
    const shownAfterMs = Date.now() - answeredAt;
    console.warn(
      `live household: a completion shown in the other browser ${shownAfterMs} ms after it was saved`,
    );

    // Hazel has Kitchen's notes open, writing nothing: Milo's note appears in them.
    await taskRow(hazel.page, 'Kitchen').getByRole('button', { name: 'Notes: Kitchen' }).click();
    const hazelNotes = taskRow(hazel.page, 'Kitchen').getByLabel('Notes for Kitchen');
    await taskRow(milo.page, 'Kitchen').getByRole('button', { name: 'Notes: Kitchen' }).click();
    const miloNotes = taskRow(milo.page, 'Kitchen').getByLabel('Notes for Kitchen');
    await miloNotes.fill('Cabinet doors: Milo');
    const noted = saved(milo.page);
    await taskRow(milo.page, 'Kitchen').getByRole('button', { name: 'Save' }).click();
    expect((await noted).status()).toBe(200);
    await expect.poll(() => hazelNotes.inputValue(), { timeout: 2_000 }).toBe('Cabinet doors: Milo');

    // Both write at once. Milo saves first; Hazel's screen shows his words beside hers.
    await hazelNotes.fill('Cabinet doors: Milo. Paint: grey');
    await miloNotes.fill('Cabinet doors: Milo, Saturday');
    const first = saved(milo.page);
    await taskRow(milo.page, 'Kitchen').getByRole('button', { name: 'Save' }).click();
    expect((await first).status()).toBe(200);
    const conflict = taskRow(hazel.page, 'Kitchen').getByTestId('notes-conflict');
    await conflict.waitFor({ timeout: 2_000 });
    expect(await conflict.getByTestId('their-notes').innerText()).toBe('Cabinet doors: Milo, Saturday');
    expect(await hazelNotes.inputValue()).toBe('Cabinet doors: Milo. Paint: grey');
    expect(await seriousAccessibilityViolations(hazel.page)).toEqual([]);

    // She keeps both and saves; Milo, writing nothing now, sees the result.
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    const both = 'Cabinet doors: Milo. Paint: grey\nCabinet doors: Milo, Saturday';
    expect(await hazelNotes.inputValue()).toBe(both);
    const merged = saved(hazel.page);
    await taskRow(hazel.page, 'Kitchen').getByRole('button', { name: 'Save' }).click();
    expect((await merged).status()).toBe(200);
    await expect.poll(() => miloNotes.inputValue(), { timeout: 2_000 }).toBe(both);

    // A save that raced past the live update is refused (409) and offers both too.
    const tasks = (await (await hazel.page.request.get(`${baseUrl}/api/clients/current/tasks`)).json()) as {
      id: string;
      clientTask: { title: string };
    }[];
    const kitchen = tasks.find((entry) => entry.clientTask.title === 'Kitchen');
    const raced = await milo.page.request.put(`${baseUrl}/api/client-tasks/${kitchen?.id ?? 'missing'}`, {
      data: { notes: 'Overwrite', baseNotes: 'Cabinet doors: Milo' },
    });
    expect(raced.status()).toBe(409);
    expect(
      ((await raced.json()) as { current: { clientTask: { notes: string } } }).current.clientTask.notes,
    ).toBe(both);

    expect(hazel.errors).toEqual([]);
    expect(milo.errors).toEqual([]);
    expect(hazel.cspViolations).toEqual([]);
  });
});

describe("the agent's dashboard, live", () => {
  it("a client's completion changes the agent's open dashboard within a second", async () => {
    const agentPage = await browser.newPage({ width: 1280, height: 900 });
    const clientPage = await browser.newPage({ width: 375, height: 812 });
    const stamp = `${Date.now()}.${Math.random().toString(36).slice(2)}`;
    const clientEmail = `olive.${stamp}@example.com`;
    const agentRegistered = await agentPage.page.request.post(`${baseUrl}/api/register`, {
      data: {
        email: `ivy.${stamp}@example.com`,
        firstName: 'Ivy',
        lastName: 'Agent',
        phone: '555-0100',
        password,
        confirmPassword: password,
        role: 'agent',
      },
    });
    expect(agentRegistered.status()).toBe(201);
    const invited = await agentPage.page.request.post(`${baseUrl}/api/invitations`, {
      data: {
        name: 'Olive Seller',
        email: clientEmail,
        phoneNumber: '+1 555 010 0123',
        type: 'agent-to-client',
      },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = (await invited.json()) as { invitationId: string };

    // The client accepts and lets Garage go five days overdue: the dashboard flags her.
    const clientRegistered = await clientPage.page.request.post(`${baseUrl}/api/register`, {
      data: {
        email: clientEmail,
        firstName: 'Olive',
        lastName: 'Seller',
        phone: '555-0100',
        password,
        confirmPassword: password,
        role: 'client',
      },
    });
    expect(clientRegistered.status()).toBe(201);
    expect(
      (
        await clientPage.page.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } })
      ).status(),
    ).toBe(200);
    const tasksUrl = `${baseUrl}/api/clients/current/tasks`;
    await expect.poll(async () => (await clientPage.page.request.get(tasksUrl)).status()).toBe(200);
    const entries = (await (await clientPage.page.request.get(tasksUrl)).json()) as {
      id: string;
      clientTask: { title: string };
    }[];
    const garage = entries.find((entry) => entry.clientTask.title === 'Garage')?.id ?? 'missing';
    const overdueOn = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await clientPage.page.request.put(`${baseUrl}/api/client-tasks/${garage}`, {
          data: { dueDate: overdueOn },
        })
      ).status(),
    ).toBe(200);

    const liveOpen = agentPage.page.waitForResponse((response) =>
      /\/api\/agents\/[^/]+\/live$/.test(response.url()),
    );
    await agentPage.page.goto(`${baseUrl}/dashboard`);
    const stalled = agentPage.page
      .locator('[data-remote="mfe-agent"]')
      .getByRole('list', { name: 'Stalled clients' })
      .getByRole('listitem')
      .filter({ hasText: 'Olive Seller' });
    await expect.poll(() => stalled.count(), { timeout: 15_000 }).toBe(1);
    await liveOpen;

    // She completes it: the agent's open dashboard no longer flags her, without a reload.
    expect(
      (
        await clientPage.page.request.put(`${baseUrl}/api/client-tasks/${garage}`, {
          data: { status: 'completed' },
        })
      ).status(),
    ).toBe(200);
    const answeredAt = Date.now();
    await expect.poll(() => stalled.count(), { timeout: 1_000, interval: 50 }).toBe(0);
    console.warn(
      `live household: the agent's dashboard changed ${Date.now() - answeredAt} ms after the completion`,
    );
    expect(agentPage.errors).toEqual([]);
  });
});

describe('a live stream refused', () => {
  it('a stream EventSource gives up on (a 503) is opened again, and changes show after it', async () => {
    const { page, expect: expectProblem } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'Rhea', 'Owner');
    // The first stream is refused as a shedding service or gateway refuses it; EventSource takes
    // any answer but 200 as final.
    expectProblem({ url: '/api/clients/current/live', status: 503 });
    let refused = 0;
    await page.route('**/api/clients/current/live*', async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Service is busy', code: 'SERVICE_UNAVAILABLE' }),
        });
        return;
      }
      await route.continue();
    });
    const opened = page.waitForResponse(
      (response) => response.url().includes('/api/clients/current/live') && response.status() === 200,
      { timeout: 15_000 },
    );
    await openJourney(page, 'Rhea');
    await opened;
    expect(refused).toBe(1);

    const tasks = (await (await page.request.get(`${baseUrl}/api/clients/current/tasks`)).json()) as {
      id: string;
      clientTask: { title: string };
    }[];
    const curbAppeal = tasks.find((entry) => entry.clientTask.title === 'Curb Appeal')?.id ?? 'missing';
    expect(
      (
        await page.request.put(`${baseUrl}/api/client-tasks/${curbAppeal}`, { data: { status: 'completed' } })
      ).status(),
    ).toBe(200);
    await taskRow(page, 'Curb Appeal')
      .getByRole('button', { name: 'Mark Incomplete' })
      .waitFor({ timeout: 2_000 });
  });
});

describe('a live stream that drops', () => {
  // Streams here end every 3 s, as a drop would end them (or a gateway restarting); the browser
  // reconnects after the 1 s the stream asks for.
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform({ LIVE_STREAM_MAX_MS: '3000' });
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('reconnects with the last event id and shows what changed while it was away', async () => {
    const url = platform.url;
    const { page, errors } = await browser.newPage({ width: 1280, height: 900 });
    await register(page, 'Ivy', 'Owner', url);
    const isLive = (request: Request) => request.url().includes('/api/clients/current/live');

    const firstStream = page.waitForRequest(isLive);
    await page.goto(`${url}/journey`);
    await taskRow(page, 'Curb Appeal').waitFor();
    await firstStream;
    // The journey is there (sign-up's event applied): its task ids.
    const tasks = (await (await page.request.get(`${url}/api/clients/current/tasks`)).json()) as {
      id: string;
      clientTask: { title: string };
    }[];
    const idOf = (title: string) => tasks.find((entry) => entry.clientTask.title === title)?.id ?? 'missing';

    // A change made elsewhere (here through the API) shows while the stream is open.
    expect(
      (
        await page.request.put(`${url}/api/client-tasks/${idOf('Curb Appeal')}`, {
          data: { status: 'completed' },
        })
      ).status(),
    ).toBe(200);
    await taskRow(page, 'Curb Appeal')
      .getByRole('button', { name: 'Mark Incomplete' })
      .waitFor({ timeout: 2_000 });

    // The stream ends, as a drop ends it; before the browser is back (1 s later), Kitchen is completed.
    await page.waitForEvent('requestfinished', { predicate: isLive, timeout: 10_000 });
    let reconnected = false;
    const reconnection = page.waitForRequest(isLive, { timeout: 10_000 }).then((request) => {
      reconnected = true;
      return request;
    });
    expect(
      (
        await page.request.put(`${url}/api/client-tasks/${idOf('Kitchen')}`, {
          data: { status: 'completed' },
        })
      ).status(),
    ).toBe(200);
    expect(reconnected, 'the change was made while the browser was away').toBe(false);
    const lastEventId = (await (await reconnection).allHeaders())['last-event-id'];

    // It came back with the id of the last event it had, and the change made meanwhile shows.
    expect(lastEventId).toMatch(/^[0-9a-f-]{36}$/);
    const since = (await (
      await page.request.get(`${url}/api/clients/current/live?after=${lastEventId}`)
    ).json()) as {
      events: { taskId: string }[];
    };
    expect(since.events.map((event) => event.taskId)).toContain(idOf('Kitchen'));
    await taskRow(page, 'Kitchen')
      .getByRole('button', { name: 'Mark Incomplete' })
      .waitFor({ timeout: 3_000 });
    expect(errors).toEqual([]);
  });
});

describe('a household live across a gateway restart', () => {
  // A platform of its own: its gateway is stopped and started again (the services stay up), as a
  // deploy of the gateway alone would do to the open screens.
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform();
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('both browsers reconnect by themselves with the last event id; a completion in one shows in the other (the delay reported)', async () => {
    const url = platform.url;
    const { hazel, milo } = await householdOfTwo(url);
    const isLive = (request: Request) => request.url().includes('/api/clients/current/live');
    const hazelStream = hazel.page.waitForRequest(isLive);
    await openJourney(hazel.page, 'Hazel', url);
    await hazelStream;
    await workOnHazelsHome(milo.page, url);

    // A first completion, live: both screens now hold its event id.
    const completed = saved(milo.page);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).click();
    expect((await completed).status()).toBe(200);
    await taskRow(hazel.page, 'Curb Appeal')
      .getByText('Completed by Milo Member')
      .waitFor({ timeout: 2_000 });
    // Milo's toast is up, so the toaster's script (fetched with the first toast) is in: what is
    // tested below is the live streams across the restart, not a script fetched while it is down.
    await toast(milo.page, 'Task Completed!').waitFor();

    // The gateway restarts. Each browser's EventSource comes back by itself, through the new
    // gateway, with the id of the last event it had.
    const reconnected = (page: Page) =>
      page.waitForResponse((response) => isLive(response.request()) && response.status() === 200, {
        timeout: 30_000,
      });
    // While the gateway is down a reconnection attempt finds nothing listening; EventSource tries again.
    for (const observed of [hazel, milo]) {
      observed.expect({ url: '/api/clients/current/live', failure: /^net::ERR_CONNECTION_REFUSED$/ });
    }
    const hazelBack = reconnected(hazel.page);
    const miloBack = reconnected(milo.page);
    const restartedAt = Date.now();
    await platform.restartGateway();
    const [hazelResponse, miloResponse] = await Promise.all([hazelBack, miloBack]);
    const reconnectedAt = Date.now();
    const hazelLastId = (await hazelResponse.request().allHeaders())['last-event-id'];
    expect(hazelLastId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await miloResponse.request().allHeaders())['last-event-id']).toBe(hazelLastId);

    // Milo completes Kitchen: Hazel's screen shows it, no reload (the delay since the save is reported).
    const second = saved(milo.page);
    await taskRow(milo.page, 'Kitchen').getByRole('button', { name: 'Mark Complete' }).click();
    expect((await second).status()).toBe(200);
    const answeredAt = Date.now();
    await taskRow(hazel.page, 'Kitchen').getByText('Completed by Milo Member').waitFor({ timeout: 5_000 });
    const shownAfterMs = Date.now() - answeredAt;
    console.warn(
      `live household after a gateway restart: streams back ${reconnectedAt - restartedAt} ms after the restart began; a completion shown in the other browser ${shownAfterMs} ms after it was saved`,
    );
    expect(hazel.errors).toEqual([]);
    expect(milo.errors).toEqual([]);
  });
});

describe('custom tasks, live', () => {
  it('a custom task the seller creates, renames and deletes shows, changes and goes on a member’s open screen without a reload', async () => {
    const { hazel, milo } = await householdOfTwo();
    await expect
      .poll(async () => (await hazel.page.request.get(`${baseUrl}/api/clients/current/tasks`)).status())
      .toBe(200);
    await workOnHazelsHome(milo.page);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).waitFor();

    // Hazel, on another device, adds a custom task: it appears on Milo's open journey.
    const customTasksUrl = `${baseUrl}/api/clients/current/custom-tasks`;
    const created = await hazel.page.request.post(customTasksUrl, {
      data: { title: 'Book the skip', dueDate: '2031-05-02' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const createdAt = Date.now();
    await taskRow(milo.page, 'Book the skip').waitFor({ timeout: 2_000 });
    console.warn(
      `live household: a new custom task shown in the other browser ${Date.now() - createdAt} ms later`,
    );
    expect(await taskRow(milo.page, 'Book the skip').getByTestId('task-due-date').innerText()).toContain(
      '2031',
    );

    // She renames it, then deletes it: Milo's screen follows each change.
    expect(
      (
        await hazel.page.request.put(`${customTasksUrl}/${id}`, { data: { title: 'Book the big skip' } })
      ).status(),
    ).toBe(200);
    await taskRow(milo.page, 'Book the big skip').waitFor({ timeout: 2_000 });
    expect(await taskRow(milo.page, 'Book the skip').count()).toBe(0);
    expect((await hazel.page.request.delete(`${customTasksUrl}/${id}`)).status()).toBe(204);
    await taskRow(milo.page, 'Book the big skip').waitFor({ state: 'detached', timeout: 2_000 });
    expect(milo.errors).toEqual([]);
    expect(milo.cspViolations).toEqual([]);
  });

  it('a member removed while on the household’s journey is told it is no longer open to them, without a reload', async () => {
    const { hazel, milo } = await householdOfTwo();
    const tasksUrl = `${baseUrl}/api/clients/current/tasks`;
    await expect.poll(async () => (await hazel.page.request.get(tasksUrl)).status()).toBe(200);
    await workOnHazelsHome(milo.page);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).waitFor();

    // Hazel removes Milo (as My Groups does), then works on: Milo's open screen hears of it. His
    // reads of her journey, and his stream's reconnection, are refused from then on.
    milo.expect({
      url: /\/api\/clients\/current\/(journey|tasks|custom-tasks|live)\?clientId=/,
      status: 404,
      method: 'GET',
    });
    await removeMilo(hazel.page);
    const entries = taskEntriesSchema.parse(await (await hazel.page.request.get(tasksUrl)).json());
    const curbAppeal = entries.find((entry) => entry.taskTemplate.title === 'Curb Appeal')?.id;
    const completed = await hazel.page.request.put(`${baseUrl}/api/client-tasks/${curbAppeal}`, {
      data: { status: 'completed' },
    });
    expect(completed.status()).toBe(200);

    await seller(milo.page)
      .getByRole('heading', { name: 'This journey is not open to you' })
      .waitFor({ timeout: 5_000 });
    expect(await taskRow(milo.page, 'Curb Appeal').count()).toBe(0);
    // Nor does the picker offer her home: his own is the one journey left, so it is gone.
    expect(await seller(milo.page).getByLabel('Working on').count()).toBe(0);
    expect(await seriousAccessibilityViolations(milo.page)).toEqual([]);
    await milo.page.screenshot({ path: `${artifactsDir}/live-household-test--removed-375.png` });
    await seller(milo.page).getByRole('link', { name: 'Go to My Journey' }).click();
    await seller(milo.page).getByRole('heading', { level: 1, name: 'Hello Milo!' }).waitFor();
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).waitFor();
    expect(milo.errors).toEqual([]);
    expect(milo.cspViolations).toEqual([]);
  });

  it('a member removed while on their own journey is not offered that household once they go to choose', async () => {
    const { hazel, milo } = await householdOfTwo();
    await openJourney(milo.page, 'Milo');
    const picker = seller(milo.page).getByLabel('Working on');
    expect(await picker.locator('option').allInnerTexts()).toEqual([
      'My home',
      'Hazel Owner’s home (The Owners)',
    ]);

    // Hazel removes Milo while he is on his own journey: nothing on his screen hears of it.
    await removeMilo(hazel.page);
    expect(await picker.locator('option').count()).toBe(2);

    // He goes to choose: the list is read again, and with his own the one journey left, no picker.
    const households = milo.page.waitForResponse((response) =>
      response.url().endsWith('/api/clients/current/households'),
    );
    await picker.focus();
    expect((await households).status()).toBe(200);
    await expect.poll(() => picker.count()).toBe(0);
    await taskRow(milo.page, 'Curb Appeal').getByRole('button', { name: 'Mark Complete' }).waitFor();
    expect(milo.errors).toEqual([]);
  });
});
