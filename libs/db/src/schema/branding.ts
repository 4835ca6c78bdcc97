import { relations, sql } from 'drizzle-orm';
import { check, customType, index, integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { DEFAULT_BRANDING_COLORS, LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '@listready/contracts';
import { agents } from './auth.ts';
import {
  deadLettersTable,
  id,
  oneOf,
  outboxTable,
  processedEventsTable,
  timestamps,
  timestamptz,
} from './common.ts';

/** Owned by services/branding: one white-label configuration per agent. */
export const brandingSchema = pgSchema('branding');

/** The spec's defaults, declared once in libs/contracts. */
export const DEFAULT_BRAND_COLORS = DEFAULT_BRANDING_COLORS;
export { LOGO_CONTENT_TYPES };

export const brandingConfigs = brandingSchema.table('branding_configs', {
  id: id(),
  /** auth.agents.id: one configuration per agent. */
  agentId: text().notNull().unique('branding_configs_agent_id_unique'),
  /** Addresses of logos in branding.logos (`/api/branding/logos/<sha256>.<ext>`), or null. */
  brokerageLogo: text(),
  agentLogo: text(),
  primaryColor: text().notNull().default(DEFAULT_BRAND_COLORS.primaryColor),
  secondaryColor: text().notNull().default(DEFAULT_BRAND_COLORS.secondaryColor),
  accentColor: text().notNull().default(DEFAULT_BRAND_COLORS.accentColor),
  backgroundColor: text().notNull().default(DEFAULT_BRAND_COLORS.backgroundColor),
  headerBackgroundColor: text().notNull().default(DEFAULT_BRAND_COLORS.headerBackgroundColor),
  navigationBackgroundColor: text().notNull().default(DEFAULT_BRAND_COLORS.navigationBackgroundColor),
  companyName: text().notNull(),
  agentName: text(),
  customDomain: text(),
  ...timestamps,
});

/** Postgres `bytea` as a Node Buffer (drizzle 0.45 has no built-in column for it). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded logo images, keyed by the SHA-256 of their bytes: a stored logo never changes, so its
 * address can be cached for ever, the same picture is kept once, and a replaced logo stays reachable.
 */
export const brandingLogos = brandingSchema.table(
  'logos',
  {
    /** Lower-case hex SHA-256 of `data`. */
    sha256: text().primaryKey(),
    contentType: text({ enum: LOGO_CONTENT_TYPES }).notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    /** auth.agents.id of the first agent who uploaded these bytes. */
    uploadedByAgentId: text().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    oneOf('logos_content_type_check', t.contentType, LOGO_CONTENT_TYPES),
    check('logos_size_check', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(MAX_LOGO_BYTES))}`),
    index('logos_uploaded_by_agent_id_idx').on(t.uploadedByAgentId),
  ],
);

export const brandingOutbox = outboxTable(brandingSchema);
export const brandingProcessedEvents = processedEventsTable(brandingSchema);
export const brandingDeadLetters = deadLettersTable(brandingSchema);

export const brandingConfigsRelations = relations(brandingConfigs, ({ one }) => ({
  agent: one(agents, { fields: [brandingConfigs.agentId], references: [agents.id] }),
}));
