import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { currentBrandingSchema, invitationResponseSchema } from '@listready/contracts';
import { seriousAccessibilityViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { artifactsDir } from '../support/config.ts';
import { totalLayoutShift, watchLayoutShifts } from '../support/layout-shift.ts';
import { registerAccount, switchAccount } from '../support/accounts.ts';
import { toast } from '../support/toast.ts';

/**
 * White-label branding end to end (issue 14): an agent uploads a real logo and sets the header
 * colour in the Branding tab; a client the agent invited (and who accepted) reloads their journey
 * and sees that logo, the company name and that colour. Real accounts, services and Chromium.
 */

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);
const password = 'branding-pass-1';

async function register(page: Page, role: 'agent' | 'client', firstName: string, email?: string) {
  return (await registerAccount(page, baseUrl, { role, firstName, lastName: 'Branding', email, password }))
    .email;
}

const switchTo = (page: Page, email: string) => switchAccount(page, baseUrl, email, password);

/**
 * A PNG drawn by the browser itself (a real image, as a logo file would be): 200x80 blocks of
 * colour, or with `noise` 1000x700 random pixels, about 2.8 MB (a photo-sized logo).
 */
async function drawnLogo(page: Page, { noise = false } = {}): Promise<Buffer> {
  const dataUrl = await page.evaluate((noise) => {
    const [width, height] = noise ? [1000, 700] : [200, 80];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    if (noise) {
      const pixels = context.createImageData(width, height);
      for (let offset = 0; offset < pixels.data.length; offset += 65_536)
        crypto.getRandomValues(pixels.data.subarray(offset, offset + 65_536));
      for (let alpha = 3; alpha < pixels.data.length; alpha += 4) pixels.data[alpha] = 255;
      context.putImageData(pixels, 0, 0);
    } else {
      context.fillStyle = '#f59e0b';
      context.fillRect(0, 0, 200, 80);
      context.fillStyle = '#0f172a';
      context.fillRect(20, 20, 160, 40);
    }
    return canvas.toDataURL('image/png');
  }, noise);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

const agentRemote = (page: Page) => page.locator('[data-remote="mfe-agent"]');

const HEADER_COLOUR = '#1E3A8A';
const HEADER_RGB = 'rgb(30, 58, 138)';

describe('white-label branding', () => {
  it('the agent uploads a logo and sets the header colour; the linked client reloads and wears them', async () => {
    const { page } = await browser.newPage();

    // The agent's Branding tab.
    const agentEmail = await register(page, 'agent', 'Bianca');
    await page.goto(`${baseUrl}/dashboard`);
    await agentRemote(page).getByRole('heading', { level: 1, name: 'Hello Bianca!' }).waitFor();
    await agentRemote(page).getByRole('tab', { name: 'Branding' }).click();
    await agentRemote(page).getByRole('heading', { name: 'White-Label Branding' }).waitFor();
    const companyName = agentRemote(page).getByLabel('Company name');
    await companyName.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Refused in the browser before sending: a text file.
    const chooseFile = async (files: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await agentRemote(page)
        .getByRole('button', { name: 'Brokerage logo Click to upload or drag and drop' })
        .click();
      await (await chooser).setFiles(files);
    };
    await chooseFile({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
    await toast(page, 'Invalid File').waitFor();

    const logoUploaded = () =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/branding/logos') && response.request().method() === 'POST',
      );
    // A photo-sized logo, within the form's 5 MB (the gateway refused anything over 1 MB).
    const large = await drawnLogo(page, { noise: true });
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const largeUploaded = logoUploaded();
    await chooseFile({ name: 'office-photo.png', mimeType: 'image/png', buffer: large });
    expect((await largeUploaded).status()).toBe(201);
    await agentRemote(page).getByAltText('Brokerage logo preview').waitFor();

    // A real logo, uploaded at once and shown in its reserved box and in the preview.
    const logo = await drawnLogo(page);
    const uploaded = logoUploaded();
    await chooseFile({ name: 'brokerage.png', mimeType: 'image/png', buffer: logo });
    const upload = await uploaded;
    expect(upload.status()).toBe(201);
    const { url: logoUrl } = (await upload.json()) as { url: string };
    expect(logoUrl).toMatch(/^\/api\/branding\/logos\/[0-9a-f]{64}\.png$/);
    // The preview now shows it, in place of the large one.
    const preview = agentRemote(page).locator(`img[alt="Brokerage logo preview"][src="${logoUrl}"]`);
    await preview.waitFor();
    // Its width once the browser has the picture (the element is there before the file has arrived).
    expect(
      await preview.evaluate(async (image) => {
        await (image as HTMLImageElement).decode();
        return (image as HTMLImageElement).naturalWidth;
      }),
    ).toBe(200);

    await companyName.fill('Bayview Realty');
    await agentRemote(page).getByLabel('Header background color', { exact: true }).fill(HEADER_COLOUR);
    await agentRemote(page).getByText('You have unsaved changes').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'branding-test--panel.png'), fullPage: true });

    await agentRemote(page).getByRole('button', { name: 'Save Branding' }).click();
    await toast(page, '✅ Branding Saved!').waitFor();
    await agentRemote(page).getByText('You have unsaved changes').waitFor({ state: 'detached' });
    // The agent's own frame follows at once (current branding refetched after the save).
    await page.getByRole('link', { name: 'Bayview Realty' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The agent invites a client.
    const clientEmail = `casey.${Date.now()}@example.com`;
    const invited = await page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Casey Client', email: clientEmail, type: 'agent-to-client' },
    });
    expect(invited.status()).toBe(200);
    const { invitationId } = invitationResponseSchema.parse(await invited.json());

    // The client signs up: no agent yet, so the product's own look.
    expect((await page.request.post(`${baseUrl}/api/logout`)).status()).toBe(200);
    await register(page, 'client', 'Casey', clientEmail);
    await page.goto(`${baseUrl}/journey`);
    await page
      .locator('[data-remote="mfe-seller"]')
      .getByRole('heading', { level: 1, name: 'Hello Casey!' })
      .waitFor();
    const header = page.getByRole('banner');
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(0, 0, 0)',
    );

    // The client accepts; journey links them to the agent a moment later.
    expect(
      (await page.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } })).status(),
    ).toBe(200);
    await expect
      .poll(
        async () =>
          currentBrandingSchema.parse(
            await (await page.request.get(`${baseUrl}/api/branding/current`)).json(),
          ).companyName,
      )
      .toBe('Bayview Realty');

    // Reloaded: the agent's logo, company name and header colour.
    await page.reload();
    await page
      .locator('[data-remote="mfe-seller"]')
      .getByRole('heading', { level: 1, name: 'Hello Casey!' })
      .waitFor();
    const home = page.getByRole('link', { name: 'Bayview Realty' });
    await home.waitFor();
    const image = home.locator('img');
    expect(await image.getAttribute('src')).toBe(logoUrl);
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(200);
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(HEADER_RGB);
    expect(await home.innerText()).toContain('Bayview Realty');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, 'branding-test--client-journey.png') });

    // The logo is served as the immutable picture it is.
    const served = await page.request.get(`${baseUrl}${logoUrl}`);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(await served.body(), logo)).toBe(0);

    // Back as the agent: the saved branding is what the panel loads.
    await switchTo(page, agentEmail);
    await page.goto(`${baseUrl}/dashboard`);
    await agentRemote(page).getByRole('tab', { name: 'Branding' }).click();
    expect(await agentRemote(page).getByLabel('Company name').inputValue()).toBe('Bayview Realty');
    expect(await agentRemote(page).getByLabel('Header background color', { exact: true }).inputValue()).toBe(
      HEADER_COLOUR,
    );
  });

  it('a branded client page shifts nothing while the branding arrives, at 375 px too', async () => {
    const { page } = await browser.newPage({ width: 375, height: 812 });
    await register(page, 'agent', 'Shiftless');
    const agent = await page.request.get(`${baseUrl}/api/agents/current`);
    const { id: agentId } = (await agent.json()) as { id: string };
    const saved = await page.request.put(`${baseUrl}/api/agents/${agentId}/branding`, {
      data: {
        companyName: 'Steady Homes',
        headerBackgroundColor: '#F8FAFC',
        navigationBackgroundColor: '#14532D',
      },
    });
    expect(saved.status()).toBe(200);
    const clientEmail = `steady.${Date.now()}@example.com`;
    const invited = await page.request.post(`${baseUrl}/api/invitations`, {
      data: { name: 'Steady Client', email: clientEmail, type: 'agent-to-client' },
    });
    const { invitationId } = invitationResponseSchema.parse(await invited.json());
    await page.request.post(`${baseUrl}/api/logout`);
    await register(page, 'client', 'Steady', clientEmail);
    await page.request.post(`${baseUrl}/api/accept-invitation`, { data: { invitationId } });
    await expect
      .poll(
        async () =>
          currentBrandingSchema.parse(
            await (await page.request.get(`${baseUrl}/api/branding/current`)).json(),
          ).companyName,
      )
      .toBe('Steady Homes');

    await watchLayoutShifts(page);
    // Whether the product's logo is ever in the header on the way (from the HTML as served on).
    await page.addInitScript(() => {
      const seen = window as unknown as { productLogoSeen: boolean };
      seen.productLogoSeen = false;
      const look = () => {
        if (document.querySelector('header [data-logo-variant]')) seen.productLogoSeen = true;
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/journey`);
    await page.getByRole('link', { name: 'Steady Homes' }).waitFor();
    // A blank stood in the logo's place until the branding was known; never the product's logo.
    expect(
      await page.evaluate(() => (window as unknown as { productLogoSeen: boolean }).productLogoSeen),
    ).toBe(false);
    await page.locator('[data-remote="mfe-seller"]').getByText("Today's Priority").first().waitFor();
    await page.waitForTimeout(500);
    const total = await totalLayoutShift(page);
    expect(total).toBeLessThanOrEqual(0.02);
    // A light header gets dark text; the navigation its own colour; axe agrees.
    expect(
      await page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(248, 250, 252)');
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(20, 83, 45)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
