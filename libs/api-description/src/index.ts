export * from './asyncapi.ts';
export * from './openapi.ts';
export * from './reference-page.ts';
export * from './service-description.ts';
