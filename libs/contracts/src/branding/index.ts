export * from './branding.ts';
