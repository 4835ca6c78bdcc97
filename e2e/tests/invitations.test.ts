import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { agentAccountSchema, agentClientRowsSchema, devMailboxResponseSchema } from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { registerAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * Invitations both ways (issue 13), real accounts and services, the e-mails read from the dev
 * mailbox: (a) an agent invites a client from the dashboard's Invite Client dialog; the client
 * signs up through the e-mail's /auth?invitation link, lands linked (the agent's clients list
 * them, their banner offers to call and e-mail the agent). (b) A seller invites an agent from the
 * Invite My Agent dialog; the agent opens the e-mail's /accept-invitation link signed out, signs up
 * from there, and the invitation is accepted on the way to the dashboard.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'invitation-pass-1';
let accounts = 0;

const uniqueEmail = (name: string) => {
  accounts += 1;
  return `${name}.${Date.now()}.${accounts}@example.com`;
};

async function register(page: Page, role: 'agent' | 'client', firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await registerAccount(page, baseUrl, { role, firstName, lastName, email, password });
  return email;
}

/** The link in the newest invitation e-mail to `address` (the dev mailbox, DESIGN.md §2). */
async function invitationLink(page: Page, address: string, path: RegExp): Promise<string> {
  const response = await page.request.get(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  expect(response.status()).toBe(200);
  // The newest e-mail with such a link (a sign-in from a new browser is announced to the address too).
  const emails = devMailboxResponseSchema
    .parse(await response.json())
    .filter((message) => message.channel === 'email');
  const linkIn = (text: string) =>
    text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname + new URL(url).search));
  const link = emails.map((email) => linkIn(email.text)).find((found) => found !== undefined);
  if (!link)
    throw new Error(`No invitation link in the mails to ${address}: ${emails[0]?.text ?? '(no e-mail)'}`);
  expect(new URL(link).origin).toBe(baseUrl);
  return link;
}

/** How many invitation e-mails reached `address` (the dev mailbox): those with an invitation's link. */
async function emailsTo(page: Page, address: string): Promise<number> {
  const response = await page.request.get(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  return devMailboxResponseSchema
    .parse(await response.json())
    .filter(
      (message) =>
        message.channel === 'email' && /\/(accept-invitation\?id|auth\?invitation)=/.test(message.text),
    ).length;
}

async function clientEmailsOfAgent(page: Page, agentId: string): Promise<string[]> {
  const response = await page.request.get(`${baseUrl}/api/agents/${agentId}/clients`);
  expect(response.status()).toBe(200);
  return agentClientRowsSchema.parse(await response.json()).map((row) => row.user.email);
}

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');

async function fillSignUp(page: Page, email: string, firstName: string, lastName: string) {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Phone').fill('555-0142');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

describe('invitations', () => {
  it('an agent invites a client from Invite Client; the client signs up through the e-mail and is linked', async () => {
    const agent = await browser.newPage();
    await register(agent.page, 'agent', 'Iris', 'Agent');
    const agentId = agentAccountSchema.parse(
      await (await agent.page.request.get(`${baseUrl}/api/agents/current`)).json(),
    ).id;

    // Invite Client, from the dashboard's Clients tab.
    await agent.page.goto(`${baseUrl}/dashboard`);
    await agentRemote(agent.page).getByRole('tab', { name: 'Clients' }).click();
    await agentRemote(agent.page).getByRole('button', { name: 'Invite Client' }).click();
    const dialog = agent.page.getByRole('dialog', { name: 'Invite Client' });
    await dialog.getByLabel('Name').waitFor();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await dialog.getByText('Name must be at least 2 characters').waitFor();
    await dialog.getByText('Invalid email address').waitFor();
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);

    const clientEmail = uniqueEmail('cleo');
    await dialog.getByLabel('Name').fill('Cleo Client');
    await dialog.getByLabel('Email').fill(clientEmail);
    // The field says what the text needs; a national number is refused before anything is sent.
    const phone = dialog.getByLabel('Phone number (optional)');
    expect(
      await phone.getAttribute('aria-describedby').then((id) => agent.page.locator(`#${id}`).textContent()),
    ).toBe('With the country code, e.g. +1\u00a0555\u00a0123\u00a04567');
    await phone.fill('555-0177');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await dialog.getByText('Phone number must be in international format, e.g. +1 555 123 4567').waitFor();
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    await phone.fill('+1 (555) 010-0177');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    // Both channels land in the dev mailbox, which counts as delivered; the text went to the number
    // in E.164, as Twilio takes it.
    await toast(agent.page, 'Client invitation has been sent via email and SMS successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const texts = await agent.page.request.get(
      `${baseUrl}/api/dev/mailbox?to=${encodeURIComponent('+15550100177')}`,
    );
    expect(((await texts.json()) as Array<{ channel: string }>).map((message) => message.channel)).toEqual([
      'sms',
    ]);
    expect(
      await agentRemote(agent.page)
        .getByRole('button', { name: 'Invite Client' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    // No client has joined yet: the empty table points to the invitation listed under it.
    await agentRemote(agent.page)
      .getByRole('region', { name: 'Active Client Properties' })
      .getByText('No client has joined yet')
      .waitFor();
    await agentRemote(agent.page)
      .getByRole('region', { name: 'Invited, not joined yet' })
      .getByText('Cleo Client')
      .waitFor();
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);
    await agent.page.screenshot({
      path: path.join(artifactsDir, 'invitations-test--invited-no-client.png'),
      fullPage: true,
    });

    // The client opens the e-mail's link signed out: create-account, as a home seller.
    const link = await invitationLink(agent.page, clientEmail, /^\/auth\?invitation=/);
    const client = await browser.newPage({ width: 375, height: 812 });
    await client.page.goto(link);
    await client.page.getByRole('heading', { level: 1, name: 'Create your ListReady account' }).waitFor();
    expect(await client.page.getByLabel('Role').inputValue()).toBe('client');
    // The form starts with the address the invitation went to (the link's fragment).
    expect(new URL(link).hash).toBe(`#email=${clientEmail.replace('@', '%40')}`);
    await expect.poll(() => client.page.getByLabel('Email').inputValue()).toBe(clientEmail);
    await fillSignUp(client.page, clientEmail, 'Cleo', 'Client');
    await client.page.waitForURL(`${baseUrl}/journey`);
    await client.page.getByRole('heading', { level: 1, name: 'Hello Cleo!' }).waitFor();

    // Linked: the agent's clients list them (journey applies the acceptance a moment later)…
    await expect.poll(() => clientEmailsOfAgent(agent.page, agentId)).toEqual([clientEmail]);

    // …and the client's banner offers to call and e-mail the agent.
    const banner = client.page.getByRole('complementary', { name: 'Your agent' });
    await expect
      .poll(async () => {
        await client.page.reload();
        await banner.waitFor();
        return banner.getByText('Need help?').count();
      })
      .toBe(1);
    expect(await banner.getByRole('link', { name: 'Call Iris Agent' }).getAttribute('href')).toBe(
      'tel:555-0100',
    );
    expect(await banner.getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toMatch(
      /^mailto:iris\./,
    );
  });

  it('a seller invites an agent from Invite My Agent; the agent signs up from the e-mail and accepts', async () => {
    const seller = await browser.newPage({ width: 375, height: 812 });
    const sellerEmail = await register(seller.page, 'client', 'Sadie', 'Seller');
    await seller.page.goto(`${baseUrl}/journey`);
    const banner = seller.page.getByRole('complementary', { name: 'Your agent' });
    await banner.getByText('Ready to get started?').waitFor();
    await banner.getByRole('button', { name: 'Invite My Agent' }).click();
    const dialog = seller.page.getByRole('dialog', { name: 'Invite Your Agent' });
    await dialog.getByLabel('Name').waitFor();
    expect(await seriousAccessibilityViolations(seller.page)).toEqual([]);

    const agentEmail = uniqueEmail('otto');
    await dialog.getByLabel('Name').fill('Otto Agent');
    await dialog.getByLabel('Email').fill(agentEmail);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(seller.page, 'Invitation sent via email!')
      .filter({ hasText: 'No phone number was given, so no text message was sent.' })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The banner no longer reads as if nobody was invited.
    await banner.getByText('Invitation sent to Otto Agent').waitFor();

    // The same invitation again: the server refuses it, the spec's toast says so.
    await banner.getByRole('button', { name: 'Invite My Agent' }).click();
    await dialog.getByLabel('Name').fill('Otto Agent');
    await dialog.getByLabel('Email').fill(agentEmail);
    seller.expect({ url: '/api/invitations', status: 400, method: 'POST' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(seller.page, 'Invitation Already Sent').waitFor();
    const firstLink = await invitationLink(seller.page, agentEmail, /^\/accept-invitation\?id=/);
    // Trying again, as the toast says, sends the waiting invitation again: a second e-mail, same link.
    const resent = seller.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /^\/api\/invitations\/[^/]+\/resend$/.test(new URL(response.url()).pathname),
    );
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    expect((await resent).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => emailsTo(seller.page, agentEmail)).toBe(2);

    // "You can resend it": the profile's My Agent card says whom they invited, and sends it again.
    await seller.page.goto(`${baseUrl}/profile`);
    const myAgent = seller.page.getByRole('region', { name: 'My Agent' });
    await myAgent.getByText(`You invited Otto Agent (${agentEmail})`).waitFor();
    expect(await seriousAccessibilityViolations(seller.page)).toEqual([]);
    await myAgent.getByRole('button', { name: 'Send again to Otto Agent' }).click();
    await toast(seller.page, 'Invitation sent via email!').waitFor();

    // The agent opens the e-mail's link, signed out.
    const link = await invitationLink(seller.page, agentEmail, /^\/accept-invitation\?id=/);
    expect(link).toBe(firstLink);
    const agent = await browser.newPage({ width: 375, height: 812 });
    await agent.page.goto(link);
    // The shell's own page for a visitor (prerendered): the agent remote is for an account.
    await agent.page.getByRole('heading', { level: 1, name: 'Accept Invitation' }).waitFor();
    expect(await agentRemote(agent.page).count()).toBe(0);
    await agent.page.getByRole('button', { name: 'Sign In to Accept Invitation' }).waitFor();
    const createAccount = agent.page.getByRole('button', { name: 'Create an Agent Account' });
    await createAccount.waitFor();
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);
    await createAccount.click();

    // /auth?role=agent: create-account as an agent; the invitation is picked up again afterwards.
    await agent.page.waitForURL(`${baseUrl}/auth?role=agent`);
    expect(await agent.page.getByLabel('Role').inputValue()).toBe('agent');
    await fillSignUp(agent.page, agentEmail, 'Otto', 'Agent');
    await agentRemote(agent.page).getByRole('heading', { level: 1, name: 'Invitation Accepted!' }).waitFor();
    expect(new URL(agent.page.url()).pathname).toBe('/accept-invitation');
    // The long sign-up form left the page scrolled; the new page starts at its top.
    expect(await agent.page.evaluate(() => window.scrollY)).toBe(0);
    await toast(agent.page, 'You are now linked to your client. Welcome to your agent dashboard!').waitFor();
    expect(await seriousAccessibilityViolations(agent.page)).toEqual([]);

    // Three seconds later: the dashboard, on its Clients tab.
    await agent.page.waitForURL(`${baseUrl}/dashboard?tab=clients`, { timeout: 10_000 });
    await agentRemote(agent.page).getByRole('heading', { level: 1, name: 'Hello Otto!' }).waitFor();
    expect(
      await agentRemote(agent.page).getByRole('tab', { name: 'Clients' }).getAttribute('aria-selected'),
    ).toBe('true');
    const agentId = agentAccountSchema.parse(
      await (await agent.page.request.get(`${baseUrl}/api/agents/current`)).json(),
    ).id;
    await expect.poll(() => clientEmailsOfAgent(agent.page, agentId)).toEqual([sellerEmail]);
  });

  it('a seller opening an agent’s acceptance page sees the refusal, and Try Again asks again', async () => {
    const inviter = await browser.newPage();
    await register(inviter.page, 'client', 'Sam', 'Seller');
    const invited = await inviter.page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Ann Agent', email: uniqueEmail('ann'), type: 'client-to-agent' },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = (await invited.json()) as { invitationId: string };

    const other = await browser.newPage({ width: 375, height: 812 });
    await register(other.page, 'client', 'Sol', 'Seller');
    other.expect({ url: '/api/accept-invitation', status: 403, method: 'POST' });
    await other.page.goto(`${baseUrl}/accept-invitation?id=${encodeURIComponent(invitationId)}`);
    const alert = agentRemote(other.page).getByRole('alert');
    await alert.getByText('Only an agent account can accept this invitation').waitFor();
    expect(await seriousAccessibilityViolations(other.page)).toEqual([]);
    const attempts = () =>
      other.requests.filter((request) => request.url().endsWith('/api/accept-invitation')).length;
    expect(attempts()).toBe(1);
    await agentRemote(other.page).getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(attempts).toBe(2);
    await agentRemote(other.page).getByRole('button', { name: 'Go to Home' }).click();
    await other.page.waitForURL(`${baseUrl}/`);
  });
});
