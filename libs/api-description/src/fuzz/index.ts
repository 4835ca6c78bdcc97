export * from './answer-check.ts';
export * from './requests.ts';
export * from './runner.ts';
export * from './schema-arbitraries.ts';
