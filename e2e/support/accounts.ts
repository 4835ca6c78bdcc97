import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { publicUserSchema, type PublicUser } from '@listready/contracts';

export interface NewAccount {
  firstName: string;
  lastName: string;
  role?: 'client' | 'agent';
  /** A fresh address from the first name when not given. */
  email?: string;
  password: string;
}

let created = 0;

/** An address no other test of this run has: the first name, the time, a counter and the process. */
export function freshEmail(name: string): string {
  created += 1;
  return `${name.toLowerCase()}.${Date.now()}.${created}.${process.pid}@example.com`;
}

/**
 * Registers through the API as the sign-up form does (phone 555-0100): the page's browser context
 * holds the new session afterwards. Answers the user as the service sent it.
 */
export async function registerAccount(page: Page, baseUrl: string, account: NewAccount): Promise<PublicUser> {
  const { password } = account;
  const response = await page.request.post(`${baseUrl}/api/register`, {
    data: {
      email: account.email ?? freshEmail(account.firstName),
      firstName: account.firstName,
      lastName: account.lastName,
      phone: '555-0100',
      password,
      confirmPassword: password,
      role: account.role ?? 'client',
    },
  });
  expect(response.status(), 'registration').toBe(201);
  return publicUserSchema.parse(await response.json());
}

/** Signs the page's context out, then in as `email`. */
export async function switchAccount(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  expect((await page.request.post(`${baseUrl}/api/logout`)).status()).toBe(200);
  expect((await page.request.post(`${baseUrl}/api/login`, { data: { email, password } })).status()).toBe(200);
}

interface MailboxMessage {
  channel: string;
  subject: string | null;
  text: string;
}

/** The reset link of the newest e-mail to `email` in the dev mailbox (the request sends it in the background). */
export async function resetLinkFor(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    const messages = (await response.json()) as MailboxMessage[];
    const link = messages
      .filter((message) => message.channel === 'email')
      .map((message) => message.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0])
      .find((found) => found !== undefined);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset e-mail for ${email} in the dev mailbox`);
}
