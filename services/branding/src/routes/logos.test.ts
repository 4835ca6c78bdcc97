import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoUploadResponseSchema, MAX_LOGO_BYTES } from '@listready/contracts';
import { brandingLogos } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import { solidPng } from '../testing/images.ts';
import {
  as,
  multipartBody,
  startTestBrandingService,
  type TestBrandingService,
  type TestUser,
} from '../testing/test-branding-service.ts';

/** `size` bytes that start with a PNG's signature and header: an image by its magic bytes. */
const pngOfSize = (size: number) => {
  const png = solidPng(2, 2, '#000000');
  return Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
};

describe('logo upload and serving', () => {
  const database = useTestDatabase();
  let branding: TestBrandingService;
  let agent: TestUser;

  beforeAll(async () => {
    branding = await startTestBrandingService(database.current);
    agent = await branding.signUp('agent');
  });
  afterAll(() => branding.stop());

  const upload = (file: { name: string; type: string; data: Buffer }, user: TestUser | null = agent) =>
    branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      ...multipartBody(file),
      ...(user ? as(user) : {}),
    });
  const logoCount = async () => (await database.current.db.select().from(brandingLogos)).length;

  it('a real PNG is stored and served by its SHA-256 with its type, cached for ever, never sniffed', async () => {
    const png = solidPng(200, 80, '#1d4ed8');
    const response = await upload({ name: 'brokerage.png', type: 'image/png', data: png });
    expect(response.statusCode).toBe(201);
    const sha256 = createHash('sha256').update(png).digest('hex');
    expect(logoUploadResponseSchema.parse(response.json())).toEqual({
      url: `/api/branding/logos/${sha256}.png`,
      contentType: 'image/png',
      size: png.length,
    });

    // Served to anyone: no cookie needed (e-mails and the client's pages show it).
    const served = await branding.app.inject({ method: 'GET', url: `/api/branding/logos/${sha256}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(png)).toBe(true);

    const revalidated = await branding.app.inject({
      method: 'GET',
      url: `/api/branding/logos/${sha256}.png`,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const head = await branding.app.inject({ method: 'HEAD', url: `/api/branding/logos/${sha256}.png` });
    expect(head.statusCode).toBe(200);

    // The same picture again is the same logo, kept once.
    const count = await logoCount();
    const again = await upload({ name: 'copy.png', type: 'image/png', data: png });
    expect(again.json()).toEqual(response.json());
    expect(await logoCount()).toBe(count);
  });

  it('the type comes from the bytes: a JPEG named .png is a JPEG, a GIF and a WebP are kept', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      Buffer.alloc(64),
    ]);
    const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF', 'ascii'),
      Buffer.from([64, 0, 0, 0]),
      Buffer.from('WEBPVP8 ', 'ascii'),
      Buffer.alloc(64),
    ]);
    for (const [data, contentType, extension] of [
      [jpeg, 'image/jpeg', 'jpg'],
      [gif, 'image/gif', 'gif'],
      [webp, 'image/webp', 'webp'],
    ] as const) {
      const response = await upload({ name: 'logo.png', type: 'image/png', data });
      expect(response.statusCode, contentType).toBe(201);
      const { url } = logoUploadResponseSchema.parse(response.json());
      expect(url).toMatch(new RegExp(`\\.${extension}$`));
      const served = await branding.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(contentType);
      // Only under its own extension.
      expect(
        (await branding.app.inject({ method: 'GET', url: url.replace(/\.\w+$/, '.png') })).statusCode,
      ).toBe(404);
    }
  });

  it('a text file renamed .png is refused as not an image, and nothing is stored', async () => {
    const count = await logoCount();
    const response = await upload({
      name: 'logo.png',
      type: 'image/png',
      data: Buffer.from('just some notes\n'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Please select an image file (PNG, JPG, etc.)',
      code: 'LOGO_NOT_AN_IMAGE',
      issues: [{ path: 'file', message: 'Please select an image file (PNG, JPG, etc.)' }],
    });
    expect(await logoCount()).toBe(count);
  });

  it('an SVG (here with a script) is refused, saying why', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80">' +
        '<script>alert(document.cookie)</script><rect width="200" height="80" fill="#000"/></svg>',
    );
    for (const type of ['image/svg+xml', 'image/png']) {
      const response = await upload({ name: 'logo.svg', type, data: svg });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'LOGO_NOT_AN_IMAGE',
        message:
          'SVG logos are not accepted: an SVG can carry scripts. Please select a PNG, JPG, GIF or WebP image.',
      });
    }
    const bare = await upload({
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg onload="alert(1)"/>'),
    });
    expect(bare.statusCode).toBe(415);
  });

  it('over 5 MB is 413 (a 6 MB image refused from its length; just over 5 MB refused while reading); exactly 5 MB is kept', async () => {
    const count = await logoCount();
    const sixMegabytes = await upload({
      name: 'big.png',
      type: 'image/png',
      data: pngOfSize(6 * 1024 * 1024),
    });
    expect(sixMegabytes.statusCode).toBe(413);
    expect(sixMegabytes.json()).toMatchObject({
      code: 'LOGO_TOO_LARGE',
      message: 'Please select an image smaller than 5MB',
    });
    const justOver = await upload({
      name: 'big.png',
      type: 'image/png',
      data: pngOfSize(MAX_LOGO_BYTES + 1),
    });
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toMatchObject({ code: 'LOGO_TOO_LARGE' });
    expect(await logoCount()).toBe(count);

    const exactly = await upload({ name: 'max.png', type: 'image/png', data: pngOfSize(MAX_LOGO_BYTES) });
    expect(exactly.statusCode).toBe(201);
    expect(exactly.json()).toMatchObject({ size: MAX_LOGO_BYTES });
  });

  it('no file, an empty file, two files or a JSON body are 4xx with a field message, never a 500', async () => {
    const empty = await upload({ name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'LOGO_FILE_MISSING', issues: [{ path: 'file' }] });

    const json = await branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      payload: { logo: 'x' },
      ...as(agent),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({
      issues: [{ path: 'file', message: 'Choose a logo file to upload' }],
    });

    const boundary = 'twofiles';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const png = solidPng(1, 1, '#ffffff');
    const two = await branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(part('a.png')),
        png,
        Buffer.from('\r\n'),
        Buffer.from(part('b.png')),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      ...as(agent),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ message: 'Upload one logo at a time' });

    const cut = await branding.app.inject({
      method: 'POST',
      url: '/api/branding/logos',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(part('a.png')), png.subarray(0, 10)]),
      ...as(agent),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ message: 'The upload could not be read: please try again' });
  });

  it('only agents upload: sellers 403, signed out 401', async () => {
    const seller = await branding.signUp('client');
    const png = solidPng(1, 1, '#ffffff');
    expect((await upload({ name: 'a.png', type: 'image/png', data: png }, seller)).statusCode).toBe(403);
    expect((await upload({ name: 'a.png', type: 'image/png', data: png }, null)).statusCode).toBe(401);
  });

  it('a replaced logo stays reachable at its address; unknown addresses are 404', async () => {
    const first = logoUploadResponseSchema.parse(
      (await upload({ name: 'a.png', type: 'image/png', data: solidPng(10, 4, '#ff0000') })).json(),
    );
    const save = (brokerageLogo: string) =>
      branding.app.inject({
        method: 'PUT',
        url: `/api/agents/${agent.agentId}/branding`,
        payload: { companyName: 'Red Door', brokerageLogo },
        ...as(agent),
      });
    expect((await save(first.url)).statusCode).toBe(200);
    const second = logoUploadResponseSchema.parse(
      (await upload({ name: 'b.png', type: 'image/png', data: solidPng(10, 4, '#00ff00') })).json(),
    );
    expect((await save(second.url)).json()).toMatchObject({ logoUrl: second.url });
    expect((await branding.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);

    for (const url of [
      `/api/branding/logos/${'f'.repeat(64)}.png`,
      '/api/branding/logos/not-a-logo',
      '/api/branding/logos/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await branding.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: expect.any(String) });
    }
  });
});
