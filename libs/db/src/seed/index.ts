export * from './journey-content.ts';
export { seed, seedJourneyContent } from './seed.ts';
