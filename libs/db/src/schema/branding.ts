import { relations } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { agents } from './auth.ts';
import { deadLettersTable, id, outboxTable, processedEventsTable, timestamps } from './common.ts';

/** Owned by services/branding: one white-label configuration per agent. */
export const brandingSchema = pgSchema('branding');

export const DEFAULT_BRAND_COLORS = {
  primaryColor: '#2563EB',
  secondaryColor: '#10B981',
  accentColor: '#F59E0B',
  backgroundColor: '#000000',
  headerBackgroundColor: '#000000',
  navigationBackgroundColor: '#000000',
} as const;

export const brandingConfigs = brandingSchema.table('branding_configs', {
  id: id(),
  /** auth.agents.id: one configuration per agent. */
  agentId: text().notNull().unique('branding_configs_agent_id_unique'),
  /** Logo references (URL or stored file key), set by the branding service. */
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

export const brandingOutbox = outboxTable(brandingSchema);
export const brandingProcessedEvents = processedEventsTable(brandingSchema);
export const brandingDeadLetters = deadLettersTable(brandingSchema);

export const brandingConfigsRelations = relations(brandingConfigs, ({ one }) => ({
  agent: one(agents, { fields: [brandingConfigs.agentId], references: [agents.id] }),
}));
