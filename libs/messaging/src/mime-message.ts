import { randomBytes } from 'node:crypto';

export interface MimeMessageInput {
  from?: string | undefined;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  date?: Date;
}

const CRLF = '\r\n';
// RFC 5322 §2.1.1: a line is at most 998 characters plus CRLF.
const MAX_LINE_OCTETS = 998;

/** Header values never carry line breaks: a CR or LF there would let input add headers. */
function headerValue(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`The ${name} header cannot contain line breaks`);
  return value;
}

/** RFC 2047 encoded-word for non-ASCII text (subjects with accents, emoji…). */
function encodeHeaderText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Picks the lightest transfer encoding that keeps the part valid, so links stay readable. */
function encodeBody(content: string): { encoding: string; body: string } {
  const normalised = content.replace(/\r?\n/g, CRLF);
  const lines = normalised.split(CRLF);
  if (lines.every((line) => Buffer.byteLength(line, 'utf8') <= MAX_LINE_OCTETS)) {
    // eslint-disable-next-line no-control-regex
    return { encoding: /^[\x00-\x7f]*$/.test(normalised) ? '7bit' : '8bit', body: normalised };
  }
  const base64 = Buffer.from(content, 'utf8').toString('base64');
  return { encoding: 'base64', body: base64.replace(/.{1,76}/g, (chunk) => `${chunk}${CRLF}`).trimEnd() };
}

function part(contentType: string, content: string): string {
  const { encoding, body } = encodeBody(content);
  return [
    `Content-Type: ${contentType}; charset=UTF-8`,
    `Content-Transfer-Encoding: ${encoding}`,
    '',
    body,
  ].join(CRLF);
}

/**
 * An RFC 2822 (5322) message: text only, or multipart/alternative with text and HTML. This is the
 * `raw` the Gmail API sends (after base64url).
 */
export function buildMimeMessage(input: MimeMessageInput): string {
  const headers = [
    ...(input.from ? [`From: ${headerValue('From', input.from)}`] : []),
    `To: ${headerValue('To', input.to)}`,
    `Subject: ${encodeHeaderText(headerValue('Subject', input.subject))}`,
    `Date: ${(input.date ?? new Date()).toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  if (input.html === undefined) return [...headers, part('text/plain', input.text)].join(CRLF);
  const boundary = `listready-${randomBytes(12).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', input.text),
    `--${boundary}`,
    part('text/html', input.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

export const toBase64Url = (message: string): string => Buffer.from(message, 'utf8').toString('base64url');
