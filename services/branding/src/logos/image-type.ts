import { fileTypeFromBuffer } from 'file-type';
import { LOGO_CONTENT_TYPES, type LogoContentType } from '@listready/contracts';

export type ImageCheck =
  { kind: 'image'; contentType: LogoContentType } | { kind: 'svg' } | { kind: 'other' };

/** What file-type reports for the images we keep (an animated PNG is served as a PNG). */
const STORED_AS: Readonly<Record<string, LogoContentType>> = {
  ...Object.fromEntries(LOGO_CONTENT_TYPES.map((type) => [type, type])),
  'image/apng': 'image/png',
};

/** An SVG document (file-type sees plain text or XML): an `<svg` element near the start. */
const looksLikeSvg = (data: Buffer) => /<svg[\s/>]/i.test(data.subarray(0, 4096).toString('utf8'));

/**
 * What the bytes are, by their signature (file-type), whatever the file's name or declared type
 * says: a PNG, JPEG, GIF or WebP image is kept; an SVG is refused with its own reason (it can carry
 * scripts, and would run them when opened from our origin); anything else is not an image.
 */
export async function checkLogoImage(data: Buffer): Promise<ImageCheck> {
  const detected = await fileTypeFromBuffer(data);
  const contentType = detected ? STORED_AS[detected.mime] : undefined;
  if (contentType) return { kind: 'image', contentType };
  if (looksLikeSvg(data)) return { kind: 'svg' };
  return { kind: 'other' };
}
