import { describe, expect, it } from 'vitest';
import { escapeHtml, noticeEmail } from './notice-email.ts';

describe('noticeEmail', () => {
  it('greets, writes one paragraph per line and escapes what a person typed', () => {
    const mail = noticeEmail({
      to: 'ann@example.com',
      subject: 'Your ListReady email was changed',
      firstName: 'Ann <b>"O\'Hara"</b>',
      lines: ['First & only line.'],
    });
    expect(mail).toEqual({
      to: 'ann@example.com',
      subject: 'Your ListReady email was changed',
      text: 'Hi Ann <b>"O\'Hara"</b>,\n\nFirst & only line.',
      html: '<p>Hi Ann &#60;b&#62;&#34;O&#39;Hara&#34;&#60;/b&#62;,</p>\n<p>First &#38; only line.</p>',
    });
  });

  it('ends with the link: written out in the text, an anchor in the HTML', () => {
    const mail = noticeEmail({
      to: 'ann@example.com',
      subject: 'S',
      firstName: 'Ann',
      lines: ['One.', 'Two.'],
      link: { href: 'https://listready.example/forgot-password?a=1&b="2"', label: 'Reset your password' },
    });
    expect(mail.text).toBe('Hi Ann,\n\nOne.\nTwo.\n\nhttps://listready.example/forgot-password?a=1&b="2"');
    expect(mail.html?.split('\n').at(-1)).toBe(
      '<p><a href="https://listready.example/forgot-password?a=1&#38;b=&#34;2&#34;">Reset your password</a></p>',
    );
  });

  it('escapes the five characters that end an element or an attribute', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&#60;a href=&#39;x&#39;&#62;&#34;&#38;&#34;&#60;/a&#62;');
  });
});
