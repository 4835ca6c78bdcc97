import ICAL from 'ical.js';
import pino from 'pino';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailboxMessageSchema, taskEntriesSchema } from '@listready/contracts';
import type { Database } from '@listready/db';
import { createReminderScheduler } from '@listready/journey-service';
import { createDevMailbox, devMailboxMailer, devMailboxSmsSender } from '@listready/messaging';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { startPlatformOnOwnDatabase, type RunningPlatform } from '../support/platform.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * Calendar feeds and reminders (issue 19, items 1 and 2) through a platform started as `npm start`
 * does. It runs on a PostgreSQL database of its own (DATABASE_URL), so the test can also run
 * reminder schedulers with a clock it chooses against the platform's data — the platform's own
 * scheduler runs on the real clock, for which the test's dates lie years ahead. The seller makes
 * and subscribes to the calendar address and opts into SMS on the profile screen, in Chromium.
 */

const browser = useBrowser(import.meta.filename);
let platform: RunningPlatform & { database: Database };
let database: Database;
let baseUrl = '';

// A second platform on a loaded 2-core machine: migrating and seeding a fresh database takes a while.
beforeAll(async () => {
  platform = await startPlatformOnOwnDatabase('calendar', { REMINDER_INTERVAL_MS: '1000' }, 4);
  baseUrl = platform.url;
  database = platform.database;
}, 300_000);

afterAll(async () => platform?.stop());

const password = 'calendar-pass-1';
async function signUpSeller(page: Page, firstName: string): Promise<string> {
  return (await registerAccount(page, baseUrl, { firstName, lastName: 'Seller', password })).email;
}

/** Gives the seller's first journey task a due date; answers its title. */
async function dueFirstTask(page: Page, dueDate: string): Promise<string> {
  // The journey exists once journey has applied `user-registered` (reads wait for it up to 3 s, then
  // answer 404 JOURNEY_NOT_READY).
  let answer = await page.request.get(`${baseUrl}/api/clients/current/tasks`);
  for (let attempt = 0; answer.status() === 404 && attempt < 50; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await page.request.get(`${baseUrl}/api/clients/current/tasks`);
  }
  const task = taskEntriesSchema.parse(await answer.json())[0];
  if (!task) throw new Error('The seller has no tasks');
  const response = await page.request.put(`${baseUrl}/api/client-tasks/${task.id}`, { data: { dueDate } });
  expect(response.status()).toBe(200);
  return task.taskTemplate.title;
}

const seller = (page: Page) => page.locator('[data-remote="mfe-seller"]');

async function openProfile(page: Page) {
  await watchLayoutShifts(page);
  await page.goto(`${baseUrl}/profile`);
  await seller(page).getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
  await seller(page).getByRole('heading', { name: 'Calendar and reminders' }).waitFor();
}

const mailbox = async (page: Page, to: string) =>
  devMailboxMessageSchema
    .array()
    .parse(await (await page.request.get(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json());

describe('calendar feeds and reminders through the running platform', () => {
  it('subscribes to the calendar address made on the profile screen and parses it with a calendar library', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    await signUpSeller(page, 'Cal');
    const title = await dueFirstTask(page, '2031-03-14');
    await openProfile(page);

    // Nothing moved while the profile and the calendar card loaded (before anyone clicked).
    await seller(page).getByRole('button', { name: 'Create calendar address' }).waitFor();
    await page.waitForTimeout(500);
    const shift = await totalLayoutShift(page);
    expect(shift, 'cumulative layout shift on /profile').toBeLessThanOrEqual(0.02);

    await seller(page).getByRole('button', { name: 'Create calendar address' }).click();
    await toast(page, 'Calendar address ready').waitFor();
    const address = seller(page).getByLabel('Your private calendar address');
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/api/calendar/[0-9a-f-]{36}_[A-Za-z0-9_-]{22}\\.ics$`));
    expect(await seller(page).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      url.replace(/^http:/, 'webcal:'),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    // A calendar app fetches it with no cookie.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.summary, event.startDate.toString()])).toEqual([
      [title, '2031-03-14'],
    ]);
    expect(events[0]?.startDate.isDate).toBe(true);
    expect(
      String(
        calendar
          .getAllSubcomponents('vevent')[0]
          ?.getFirstSubcomponent('valarm')
          ?.getFirstPropertyValue('trigger'),
      ),
    ).toBe('-PT6H');

    // A new address revokes the old one.
    await seller(page).getByRole('button', { name: 'New address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
  });

  it('reminds once at 6 pm the evening before in the seller’s zone, by e-mail and the SMS they opted into, with two schedulers racing', async () => {
    const { page } = await browser.newPage();
    const email = await signUpSeller(page, 'Rem');
    const title = await dueFirstTask(page, '2031-06-15');
    await openProfile(page);
    const reminders = seller(page).getByRole('form', { name: 'Reminder settings' });
    await reminders.getByLabel('SMS reminders').check();
    await reminders.getByLabel('Mobile number (for SMS)').fill('+81 90 1234 5678');
    await reminders.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await reminders.getByRole('button', { name: 'Save reminder settings' }).click();
    await toast(page, 'Reminder settings saved').waitFor();

    // Two replicas' schedulers on the platform's database, their clock set by the test.
    let now = new Date('2031-06-14T08:59:00Z'); // 17:59 in Tokyo
    const messages = createDevMailbox(database);
    const scheduler = () =>
      createReminderScheduler({
        db: database.db,
        clock: () => now,
        mailer: devMailboxMailer(messages),
        sms: devMailboxSmsSender(messages),
        logger: pino({ level: 'silent' }),
        intervalMs: 0,
      });
    const [first, second] = [scheduler(), scheduler()];
    await Promise.all([first.tick(), second.tick()]);
    expect(await mailbox(page, email)).toEqual([]);

    now = new Date('2031-06-14T09:00:00Z'); // 18:00 in Tokyo
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    now = new Date('2031-06-14T09:30:00Z');
    await Promise.all([first.tick(), second.tick()]);

    const mail = await mailbox(page, email);
    expect(mail.map((message) => [message.channel, message.subject])).toEqual([
      ['email', `Reminder: ${title} is due tomorrow, Sunday, June 15`],
    ]);
    const sms = await mailbox(page, '+819012345678');
    expect(sms.map((message) => message.text)).toEqual([
      `ListReady reminder: “${title}” is due tomorrow, Sunday, June 15. Reply DONE, SNOOZE or a number of days.`,
    ]);
  });

  it('reminds at the time the seller chose, kept across a reload: 8 am on the due day', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    const email = await signUpSeller(page, 'Early');
    const title = await dueFirstTask(page, '2031-07-20');
    await openProfile(page);
    const reminders = seller(page).getByRole('form', { name: 'Reminder settings' });
    const when = reminders.getByLabel('Remind me');
    expect(await when.inputValue()).toBe('360');
    await when.selectOption({ label: '8 am on the day it is due' });
    await reminders.getByRole('button', { name: 'Save reminder settings' }).click();
    await toast(page, 'Reminder settings saved').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The choice is the account's: a reload shows it.
    await openProfile(page);
    expect(
      await seller(page)
        .getByRole('form', { name: 'Reminder settings' })
        .getByLabel('Remind me')
        .inputValue(),
    ).toBe('-480');

    // The seller's zone is New York (EDT in July, UTC−4): 6 pm the day before would be 22:00 UTC.
    let now = new Date('2031-07-19T22:00:00Z');
    const scheduler = createReminderScheduler({
      db: database.db,
      clock: () => now,
      mailer: devMailboxMailer(createDevMailbox(database)),
      sms: devMailboxSmsSender(createDevMailbox(database)),
      logger: pino({ level: 'silent' }),
      intervalMs: 0,
    });
    await scheduler.tick();
    now = new Date('2031-07-20T11:59:00Z');
    await scheduler.tick();
    expect(await mailbox(page, email)).toEqual([]);
    now = new Date('2031-07-20T12:00:00Z'); // 8 am in New York
    await scheduler.tick();
    expect((await mailbox(page, email)).map((message) => message.subject)).toEqual([
      `Reminder: ${title} is due today`,
    ]);
  });
});
