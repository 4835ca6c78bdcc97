export * from './enums.ts';
export * from './errors.ts';
export * from './auth/index.ts';
export * from './branding/index.ts';
export * from './events/index.ts';
export * from './invitation/index.ts';
export * from './journey/index.ts';
export * from './remotes.ts';
