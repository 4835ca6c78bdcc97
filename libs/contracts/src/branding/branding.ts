import { z } from 'zod';
import { LOGO_CONTENT_TYPES } from '../enums.ts';

/**
 * White-label branding (agent spec §2–§5, §7, §9): the Branding panel, the page frame and
 * services/branding share these schemas, so the form and the service say the same thing.
 * Browser-safe.
 */

/**
 * The spec's defaults (§3, §9): what an agent without branding, or anyone without an agent, sees.
 * The primary colour is the brand purple, not the spec's #2563EB: unbranded invitation e-mails wear
 * the purple, and a form that started from blue turned them blue when an agent saved only a logo.
 */
export const DEFAULT_BRANDING_COLORS = {
  primaryColor: '#9333EA',
  secondaryColor: '#10B981',
  accentColor: '#F59E0B',
  backgroundColor: '#000000',
  headerBackgroundColor: '#000000',
  navigationBackgroundColor: '#000000',
} as const;
export type BrandingColorField = keyof typeof DEFAULT_BRANDING_COLORS;

/** The six colours in the panel's order, with the label the form and the messages use. */
export const BRANDING_COLOR_LABELS: Readonly<Record<BrandingColorField, string>> = {
  primaryColor: 'Primary color',
  secondaryColor: 'Secondary color',
  accentColor: 'Accent color',
  backgroundColor: 'Background color',
  headerBackgroundColor: 'Header background color',
  navigationBackgroundColor: 'Navigation background color',
};
export const BRANDING_COLOR_FIELDS = Object.keys(DEFAULT_BRANDING_COLORS) as BrandingColorField[];

/** Logo files (spec §5, §9): at most 5 MB; 200x80 px recommended. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** Where a logo is uploaded (`POST`, multipart, one file). */
export const LOGO_UPLOAD_PATH = '/api/branding/logos';
/**
 * The largest request body a logo upload may be: the file and room for its multipart framing. Every
 * other request body is at most 1 MB; the gateway lets this one through to the branding service.
 */
export const MAX_LOGO_UPLOAD_BYTES = MAX_LOGO_BYTES + 64 * 1024;
export const RECOMMENDED_LOGO_SIZE = { width: 200, height: 80 } as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
/** The file extension of each stored logo type (part of its address). */
export const LOGO_EXTENSIONS: Readonly<Record<LogoContentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
/** Where services/branding serves a stored logo: its SHA-256, then its extension. */
export const LOGO_PATH_PREFIX = '/api/branding/logos/';
export const LOGO_URL_PATTERN = /^\/api\/branding\/logos\/[0-9a-f]{64}\.(png|jpg|gif|webp)$/;
export const logoUrlOf = (sha256: string, contentType: LogoContentType) =>
  `${LOGO_PATH_PREFIX}${sha256}.${LOGO_EXTENSIONS[contentType]}`;

export const brandingMessages = {
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name must be at most 100 characters',
  agentNameTooLong: 'Agent name must be at most 100 characters',
  invalidColor: (field: BrandingColorField) =>
    `${BRANDING_COLOR_LABELS[field]} must be a colour in #RRGGBB form, like ${DEFAULT_BRANDING_COLORS[field]}`,
  invalidDomain: 'Custom domain must be a host name like homes.example.com (no https:// and no path)',
  invalidLogo: (label: string) => `${label} must be a logo uploaded to ListReady`,
  agentIdMismatch: 'agentId must be the agent of the address',
  agentsOnly: 'Branding settings are for agents only',
  notYourBranding: 'You can only see and change your own branding',
  logoNotStored: (label: string) => `${label} was not found: upload it again`,
  /** The spec's toasts for a refused file (§5), also the service's 415 and 413 messages. */
  invalidFileTitle: 'Invalid File',
  invalidFile: 'Please select an image file (PNG, JPG, etc.)',
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: 'Please select an image smaller than 5MB',
  svgRefused:
    'SVG logos are not accepted: an SVG can carry scripts. Please select a PNG, JPG, GIF or WebP image.',
  noFile: 'Choose a logo file to upload',
  oneFileOnly: 'Upload one logo at a time',
  uploadUnreadable: 'The upload could not be read: please try again',
} as const;

export const BrandingErrorCode = {
  notYourBranding: 'BRANDING_NOT_YOURS',
  logoNotAnImage: 'LOGO_NOT_AN_IMAGE',
  logoTooLarge: 'LOGO_TOO_LARGE',
  logoMissing: 'LOGO_FILE_MISSING',
  logoNotStored: 'LOGO_NOT_STORED',
  logoNotFound: 'LOGO_NOT_FOUND',
} as const;

const colorField = (field: BrandingColorField) =>
  z
    .string({ error: brandingMessages.invalidColor(field) })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: brandingMessages.invalidColor(field) })
    .transform((value) => value.toUpperCase())
    .default(DEFAULT_BRANDING_COLORS[field]);

/** Host names only: labels of letters, digits and inner hyphens, a dot-separated TLD of letters. */
const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A host name or nothing (empty and null both mean none; stored lower case). */
const customDomainField = z
  .string({ error: brandingMessages.invalidDomain })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || hostnamePattern.test(value), { error: brandingMessages.invalidDomain })
  .nullish()
  .transform((value) => (value ? value : null));

/** A logo this service stores (its address), or none. */
const logoField = (label: string) =>
  z
    .string({ error: brandingMessages.invalidLogo(label) })
    .trim()
    .refine((value) => value === '' || LOGO_URL_PATTERN.test(value), {
      error: brandingMessages.invalidLogo(label),
    })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * `PUT /api/agents/{agentId}/branding` (spec §7). agentId, when sent, must be the address's;
 * agentName defaults to the company name (the panel sends them equal); colours omitted take the
 * defaults.
 */
export const agentBrandingUpdateSchema = z.object({
  agentId: z.string().trim().min(1).max(100).optional(),
  companyName: z
    .string({ error: brandingMessages.companyNameRequired })
    .trim()
    .min(1, { error: brandingMessages.companyNameRequired })
    .max(100, { error: brandingMessages.companyNameTooLong }),
  agentName: z
    .string({ error: brandingMessages.agentNameTooLong })
    .trim()
    .max(100, { error: brandingMessages.agentNameTooLong })
    .nullish()
    .transform((value) => (value ? value : null)),
  primaryColor: colorField('primaryColor'),
  secondaryColor: colorField('secondaryColor'),
  accentColor: colorField('accentColor'),
  backgroundColor: colorField('backgroundColor'),
  headerBackgroundColor: colorField('headerBackgroundColor'),
  navigationBackgroundColor: colorField('navigationBackgroundColor'),
  customDomain: customDomainField,
  brokerageLogo: logoField('Brokerage logo'),
  agentLogo: logoField('Agent logo'),
});
/** What the panel sends (before parsing). */
export type AgentBrandingUpdate = z.input<typeof agentBrandingUpdateSchema>;
export type AgentBrandingUpdateParsed = z.output<typeof agentBrandingUpdateSchema>;

const colorValue = z.string().regex(/^#[0-9A-F]{6}$/);
const logoValue = z.string().regex(LOGO_URL_PATTERN).nullable();

/**
 * An agent's branding as read and as answered to a save (spec §3): an agent who never saved gets
 * the defaults with an empty company name. `logoUrl` is the logo the pages show: the brokerage
 * logo, else the agent logo.
 */
export const agentBrandingSchema = z.object({
  agentId: z.string(),
  companyName: z.string(),
  agentName: z.string().nullable(),
  primaryColor: colorValue,
  secondaryColor: colorValue,
  accentColor: colorValue,
  backgroundColor: colorValue,
  headerBackgroundColor: colorValue,
  navigationBackgroundColor: colorValue,
  customDomain: z.string().nullable(),
  brokerageLogo: logoValue,
  agentLogo: logoValue,
  logoUrl: logoValue,
});
export type AgentBranding = z.infer<typeof agentBrandingSchema>;

/**
 * `GET /api/branding/current` (spec §3): what the signed-in user's pages wear — a seller their
 * agent's branding, an agent their own, anyone else the defaults (companyName and logoUrl null).
 */
export const currentBrandingSchema = z.object({
  logoUrl: logoValue,
  companyName: z.string().nullable(),
  primaryColor: colorValue,
  backgroundColor: colorValue,
  headerBackgroundColor: colorValue,
  navigationBackgroundColor: colorValue,
});
export type CurrentBranding = z.infer<typeof currentBrandingSchema>;

export const DEFAULT_CURRENT_BRANDING: CurrentBranding = {
  logoUrl: null,
  companyName: null,
  primaryColor: DEFAULT_BRANDING_COLORS.primaryColor,
  backgroundColor: DEFAULT_BRANDING_COLORS.backgroundColor,
  headerBackgroundColor: DEFAULT_BRANDING_COLORS.headerBackgroundColor,
  navigationBackgroundColor: DEFAULT_BRANDING_COLORS.navigationBackgroundColor,
};

/** The answer of a logo upload: where the stored logo is served. */
export const logoUploadResponseSchema = z.object({
  url: z.string().regex(LOGO_URL_PATTERN),
  contentType: z.enum(LOGO_CONTENT_TYPES),
  size: z.int().positive(),
});
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;

/**
 * The browser's own check before sending (spec §5): one of the stored image types (the service
 * checks the bytes again) and at most 5 MB.
 */
export function logoFileProblem(file: { type: string; size: number }): 'invalid-type' | 'too-large' | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'invalid-type';
  if (file.size > MAX_LOGO_BYTES) return 'too-large';
  return null;
}
