import type { TestProject } from 'vitest/node';
import { startPlatform } from './platform.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    platformUrl: string;
  }
}

/** One platform for the suite (files that need a differently configured one start their own). */
export default async function setup(project: TestProject) {
  const platform = await startPlatform();
  project.provide('platformUrl', platform.url);
  return () => platform.stop();
}
