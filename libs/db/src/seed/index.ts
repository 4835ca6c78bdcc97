export * from './journey-content.ts';
export { seed, seedJourneyContent } from './seed.ts';
export { ensureClientJourneys } from './client-journeys.ts';
