import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { LogoContentType } from '@listready/contracts';
import { brandingLogos, type Db } from '@listready/db';

export interface StoredLogo {
  /** Lower-case hex SHA-256 of `data`: the logo's key and part of its address. */
  sha256: string;
  contentType: LogoContentType;
  size: number;
  data: Buffer;
}

/**
 * Where logo images live. Keyed by content, so a stored logo never changes (its address can be
 * cached for ever) and replacing a logo leaves the old one reachable. Postgres today; an object
 * store (S3, GCS) would implement the same three calls.
 */
export interface LogoStore {
  /** Keeps the bytes once, whoever uploads them again; answers their key. */
  put(logo: { data: Buffer; contentType: LogoContentType; uploadedByAgentId: string }): Promise<string>;
  get(sha256: string): Promise<StoredLogo | null>;
  /** Which of these keys are stored. */
  existing(sha256s: readonly string[]): Promise<Set<string>>;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The logos in `branding.logos` (bytea): durable, backed up with the rest, no second engine. */
export function createPostgresLogoStore(db: Db): LogoStore {
  return {
    async put({ data, contentType, uploadedByAgentId }) {
      const sha256 = sha256Of(data);
      await db
        .insert(brandingLogos)
        .values({ sha256, contentType, size: data.length, data, uploadedByAgentId })
        .onConflictDoNothing({ target: brandingLogos.sha256 });
      return sha256;
    },
    async get(sha256) {
      const [row] = await db
        .select({
          sha256: brandingLogos.sha256,
          contentType: brandingLogos.contentType,
          size: brandingLogos.size,
          data: brandingLogos.data,
        })
        .from(brandingLogos)
        .where(eq(brandingLogos.sha256, sha256));
      return row ?? null;
    },
    async existing(sha256s) {
      if (sha256s.length === 0) return new Set();
      const rows = await db
        .select({ sha256: brandingLogos.sha256 })
        .from(brandingLogos)
        .where(inArray(brandingLogos.sha256, [...sha256s]));
      return new Set(rows.map((row) => row.sha256));
    },
  };
}
