import { describe, expect, it } from 'vitest';
import { buildMimeMessage, toBase64Url } from './mime-message.ts';

/** The header block of a message, unfolded, by name. */
function headersOf(message: string): Record<string, string> {
  const head = message.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  return Object.fromEntries(
    unfolded
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
  );
}

describe('buildMimeMessage', () => {
  it('writes the headers and both parts with CRLF line ends, links kept readable', async () => {
    const message = await buildMimeMessage({
      from: 'ListReady <homes@example.com>',
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'Open\nhttps://app.example.com/reset-password?token=abc_DEF-123',
      html: '<a href="https://app.example.com/reset-password?token=abc_DEF-123">Reset</a>',
      date: new Date('2026-01-02T03:04:05Z'),
    });
    const headers = headersOf(message);
    expect(headers).toMatchObject({
      From: 'ListReady <homes@example.com>',
      To: 'ann@example.com',
      Subject: 'Reset your password',
      Date: 'Fri, 02 Jan 2026 03:04:05 +0000',
      'MIME-Version': '1.0',
    });
    expect(headers['Content-Type']).toMatch(/^multipart\/alternative; boundary=/);
    expect(message).toContain(
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nOpen\r\nhttps://app.example.com/reset-password?token=abc_DEF-123',
    );
    expect(message).toContain('Content-Type: text/html; charset=utf-8');
    expect(message).not.toMatch(/[^\r]\n/);
  });

  it('encodes a non-ASCII subject and refuses header injection', async () => {
    const message = await buildMimeMessage({ to: 'a@b.co', subject: 'Bienvenue à ListReady', text: 'Salut' });
    expect(headersOf(message).Subject).toBe('=?UTF-8?Q?Bienvenue_=C3=A0_ListReady?=');
    expect(message).toContain('Content-Type: text/plain; charset=utf-8');
    await expect(
      buildMimeMessage({ to: 'a@b.co\r\nBcc: everyone@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow(/line breaks/);
    await expect(buildMimeMessage({ to: 'a@b.co', subject: 'hi\nBcc: x@y.z', text: 't' })).rejects.toThrow(
      /line breaks/,
    );
  });

  it('gives overlong lines a transfer encoding that keeps them within 998 octets', async () => {
    const message = await buildMimeMessage({ to: 'a@b.co', subject: 's', text: 'x'.repeat(2000) });
    expect(message).toMatch(/Content-Transfer-Encoding: (quoted-printable|base64)/);
    expect(message.split('\r\n').every((line) => line.length <= 998)).toBe(true);
  });

  it('base64url has no padding or URL-unsafe characters', () => {
    expect(toBase64Url('??>>~~')).toBe(Buffer.from('??>>~~').toString('base64url'));
    expect(toBase64Url('??>>~~')).not.toMatch(/[+/=]/);
  });
});
