export * from './accounts.ts';
export * from './authorization-matrix.ts';
