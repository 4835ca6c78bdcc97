export * from './reports.ts';
export * from './usage-events.ts';
