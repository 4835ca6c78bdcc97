import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface MimeMessageInput {
  from?: string | undefined;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  date?: Date;
}

/** Header values never carry line breaks: refused outright rather than folded or stripped. */
function headerValue(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`The ${name} header cannot contain line breaks`);
  return value;
}

const crlf = (content: string) => content.replace(/\r?\n/g, '\r\n');

/**
 * An RFC 5322 message composed by nodemailer's MailComposer: text only, or multipart/alternative
 * with text and HTML; non-ASCII headers encoded, long lines given a transfer encoding. This is the
 * `raw` the Gmail API sends (after base64url).
 */
export async function buildMimeMessage(input: MimeMessageInput): Promise<string> {
  const composer = new MailComposer({
    ...(input.from ? { from: headerValue('From', input.from) } : {}),
    to: headerValue('To', input.to),
    subject: headerValue('Subject', input.subject),
    // MailComposer keeps body line ends as given; the message format wants CRLF.
    text: crlf(input.text),
    ...(input.html === undefined ? {} : { html: crlf(input.html) }),
    date: input.date ?? new Date(),
  });
  const message = await composer.compile().build();
  return message.toString('utf8');
}

export const toBase64Url = (message: string): string => Buffer.from(message, 'utf8').toString('base64url');
