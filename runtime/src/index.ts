export * from './fuzz-exceptions.ts';
export * from './fuzz-platform.ts';
export * from './platform.ts';
