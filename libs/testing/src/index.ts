export * from './database.ts';
export * from './engines.ts';
export * from './optional-engines.ts';
export * from './statements.ts';
export { templateDatabaseName } from './constants.ts';
export { dropDatabase, withDatabase } from './global-setup.ts';
export * from './waiting.ts';
