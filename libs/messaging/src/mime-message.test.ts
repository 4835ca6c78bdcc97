import { describe, expect, it } from 'vitest';
import { buildMimeMessage, toBase64Url } from './mime-message.ts';

describe('buildMimeMessage', () => {
  it('writes headers and both parts with CRLF line ends, links kept readable', () => {
    const message = buildMimeMessage({
      from: 'ListReady <homes@example.com>',
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'Open\nhttps://app.example.com/reset-password?token=abc_DEF-123',
      html: '<a href="https://app.example.com/reset-password?token=abc_DEF-123">Reset</a>',
      date: new Date('2026-01-02T03:04:05Z'),
    });
    expect(message).toMatch(
      /^From: ListReady <homes@example.com>\r\nTo: ann@example.com\r\nSubject: Reset your password\r\nDate: Fri, 02 Jan 2026 03:04:05 GMT\r\nMIME-Version: 1.0\r\nContent-Type: multipart\/alternative; boundary="listready-[0-9a-f]+"\r\n/,
    );
    expect(message).toContain(
      'Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nOpen\r\nhttps://app.example.com/reset-password?token=abc_DEF-123',
    );
    expect(message).toContain('Content-Type: text/html; charset=UTF-8');
    expect(message).not.toMatch(/[^\r]\n/);
  });

  it('encodes a non-ASCII subject and refuses header injection', () => {
    const message = buildMimeMessage({ to: 'a@b.co', subject: 'Bienvenue à ListReady', text: 'Salut' });
    expect(message).toContain(
      `Subject: =?UTF-8?B?${Buffer.from('Bienvenue à ListReady').toString('base64')}?=`,
    );
    expect(message).toContain('Content-Type: text/plain; charset=UTF-8');
    expect(() =>
      buildMimeMessage({ to: 'a@b.co\r\nBcc: everyone@example.com', subject: 's', text: 't' }),
    ).toThrow(/line breaks/);
    expect(() => buildMimeMessage({ to: 'a@b.co', subject: 'hi\nBcc: x@y.z', text: 't' })).toThrow(
      /line breaks/,
    );
  });

  it('falls back to base64 for overlong lines', () => {
    const message = buildMimeMessage({ to: 'a@b.co', subject: 's', text: 'x'.repeat(2000) });
    expect(message).toContain('Content-Transfer-Encoding: base64');
  });

  it('base64url has no padding or URL-unsafe characters', () => {
    expect(toBase64Url('??>>~~')).toBe(Buffer.from('??>>~~').toString('base64url'));
    expect(toBase64Url('??>>~~')).not.toMatch(/[+/=]/);
  });
});
