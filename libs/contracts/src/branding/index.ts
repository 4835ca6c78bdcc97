export * from './branding.ts';
export * from './theme.ts';
