export * from './common.ts';
export * from './auth.ts';
export * from './journey.ts';
export * from './invitation.ts';
export * from './branding.ts';
export * from './analytics.ts';
export * from './dev.ts';
export { serviceEventTables, type ServiceName } from './event-tables.ts';
