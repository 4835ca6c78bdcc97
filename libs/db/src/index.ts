export * from './client.ts';
export * from './embedded.ts';
export * from './free-port.ts';
export * from './schema/index.ts';
export * from './migrate.ts';
export * from './seed/index.ts';
export * from './errors.ts';
export * from './prepared.ts';
